export interface ContactPage {
  heading: string;
  lead: string;
  detailsHeading: string;
  phoneLabel: string;
  emailLabel: string;
  phoneHoursHeading: string;
  phoneHoursNote: string;
  addressHeading: string;
  languagesHeading: string;
  servicesHeading: string;
  services: string[];
  formHeading: string;
  formIntro: string;
  /** Shown beside the form: what to do in an emergency. */
  crisisNote: string;
  mapHeading: string;
  /** The box that stands in for the map until the visitor asks for it. */
  map: { title: string; show: string; notice: string; link: string };
  directionsLabel: string;
  /** Read by screen readers after the directions link, which opens a new tab. */
  opensNewWindow: string;
  transport: { heading: string; text: string };
  parking: { heading: string; text: string };
}

export const contactPage: ContactPage = {
  heading: 'Kontakt',
  lead: 'Du er velkommen til at ringe, skrive eller sende en besked her på siden, hvis du vil booke en samtale eller har spørgsmål.',
  detailsHeading: 'Kontaktoplysninger',
  phoneLabel: 'Telefon',
  emailLabel: 'E-mail',
  phoneHoursHeading: 'Telefontid',
  phoneHoursNote: 'Uden for telefontiden kan du sende en SMS eller en besked, så ringer jeg dig op.',
  addressHeading: 'Adresse',
  languagesHeading: 'Sprog',
  servicesHeading: 'Jeg tilbyder',
  services: ['Individuel terapi', 'Parterapi', 'Familieterapi', 'Samtaler med børn', 'Online terapi', 'Supervision'],
  formHeading: 'Send en besked',
  formIntro: 'Skriv kort, hvad du gerne vil tale om, og hvordan jeg bedst kan kontakte dig. Undlad at skrive følsomme helbredsoplysninger – dem taler vi om, når vi ses. Jeg svarer inden for 1-2 hverdage.',
  crisisNote: 'Formularen er ikke til akutte henvendelser. Er du eller en anden i akut fare, så ring 112. Har du brug for at tale med nogen med det samme, kan du ringe til Livslinien på 70 201 201 eller henvende dig til Psykiatrisk Skadestue i Aalborg.',
  mapHeading: 'Find vej',
  map: {
    title: 'Kort over klinikkens placering',
    show: 'Vis kort',
    notice: 'Kortet hentes fra OpenStreetMap, som dermed modtager din IP-adresse.',
    link: 'Se kortet på openstreetmap.org',
  },
  directionsLabel: 'Få rutevejledning',
  opensNewWindow: '(åbner i et nyt vindue)',
  transport: {
    heading: 'Offentlig transport',
    text: 'Klinikken ligger ca. 10 minutters gang fra Aalborg Banegård, og der er flere busstoppesteder i nærheden.',
  },
  parking: {
    heading: 'Parkering',
    text: 'Der er betalingsparkering på gaderne omkring klinikken og i parkeringshuse i nærheden. Beregn gerne lidt ekstra tid til at finde en plads.',
  },
};
