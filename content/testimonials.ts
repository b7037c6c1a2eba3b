// Anonymised testimonials, published with the clients' consent.

export interface Testimonial {
  id: string;
  text: string;
  /** Anonymised, e.g. 'Kvinde, 34 år'. */
  author: string;
  /** The treatment label, e.g. 'Individuel terapi'. */
  treatment: string;
}

export const testimonials: Testimonial[] = [
  {
    id: 't1',
    text: 'Jeg kom med en angst, der havde styret min hverdag i flere år. Jeg følte mig mødt fra første samtale og fik konkrete redskaber, som jeg stadig bruger. I dag kan jeg igen gøre de ting, jeg havde opgivet.',
    author: 'Kvinde, 34 år',
    treatment: 'Individuel terapi',
  },
  {
    id: 't2',
    text: 'Vi var kørt helt fast i de samme skænderier. Samtalerne hjalp os med at lytte til hinanden i stedet for at forsvare os. Det var trygt at være der, også når det var svært.',
    author: 'Mand, 41 år',
    treatment: 'Parterapi',
  },
  {
    id: 't3',
    text: 'Som familie fik vi en bedre forståelse af vores søns behov, og der er kommet meget mere ro derhjemme. Det betød meget, at vi kunne tale på vores eget sprog.',
    author: 'Mor, 45 år',
    treatment: 'Familieterapi',
  },
];
