import type { HomeTexts } from '../texts/home';

export const home: HomeTexts = {
  hero: {
    eyebrow: 'Autoriseret psykolog i Aalborg',
    heading: 'Et trygt sted at tale om det, der er svært',
    lead: 'Jeg tilbyder terapi til voksne, par, familier og børn – i klinikken i Aalborg eller online, på dansk, engelsk og persisk. Sammen finder vi en vej videre i dit tempo.',
    primary: { label: 'Book en samtale', to: 'booking' },
    secondary: { label: 'Læs om mig', to: 'about' },
  },
  contactCard: {
    heading: 'Kom i kontakt',
    phoneHoursLabel: 'Telefontid',
    placesText: 'Samtaler i klinikken i Aalborg eller online.',
  },
  quote: {
    label: 'Citat',
    text: 'Det besynderlige paradoks er, at når jeg accepterer mig selv, som jeg er, så kan jeg forandre mig.',
    source: 'Carl Rogers',
  },
  trustBadgesLabel: 'Hvorfor vælge mig',
  trustBadges: [
    {
      title: 'Autoriseret psykolog',
      text: 'Autoriseret af Psykolognævnet og underlagt de faglige og etiske regler for psykologer.',
    },
    {
      title: 'Dansk, engelsk og persisk',
      text: 'Du kan tale på det sprog, du bedst kan udtrykke dig på – i klinikken eller online.',
    },
    {
      title: 'Tavshedspligt',
      text: 'Jeg har tavshedspligt og passer godt på dine oplysninger.',
    },
  ],
  safeSpace: {
    heading: 'Et trygt rum',
    paragraphs: [
      'Det kræver mod at søge hjælp. Mange går længe og tøver, før de tager kontakt. Når du kommer til mig, møder du et roligt rum uden fordømmelse, hvor der er plads til det hele – også det, der er svært at sætte ord på.',
      'Vi starter dér, hvor du er. Du bestemmer selv tempoet, og vi taler om det, der er vigtigt for dig. Tillid er grundlaget for god terapi, og den bygger vi op sammen.',
    ],
  },
  role: {
    heading: 'Min rolle som psykolog',
    intro:
      'Jeg ser terapi som et samarbejde. Du er ekspert i dit eget liv – jeg bidrager med faglig viden, erfaring og et nyt blik på det, du står i.',
    points: [
      'Jeg lytter opmærksomt og hjælper dig med at forstå dine tanker, følelser og reaktioner.',
      'Jeg bruger metoder, der bygger på forskning og erfaring, og tilpasser dem til dig.',
      'Vi aftaler mål for forløbet sammen og følger løbende op på, om samtalerne hjælper.',
      'Jeg er ærlig og direkte, men altid med respekt og varme.',
    ],
  },
  testimonials: {
    heading: 'Det siger klienterne',
    intro: 'Nogle af mine klienter har givet mig lov til at dele deres oplevelser. Udtalelserne er anonymiserede.',
    items: [
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
    ],
  },
};
