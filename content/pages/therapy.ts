import type { Cta } from './home';

export interface TherapyPage {
  heading: string;
  lead: string;
  areasHeading: string;
  /** The button under each card that shows or hides its details. */
  toggle: { open: string; close: string };
  approach: { heading: string; paragraphs: string[]; points: string[] };
  cta: { heading: string; text: string; primary: Cta; secondary: Cta };
}

export const therapyPage: TherapyPage = {
  heading: 'Terapi',
  lead: 'Jeg tilbyder individuel terapi, parterapi, familieterapi og samtaler med børn – i klinikken i Aalborg eller online. Her kan du læse om de områder, jeg oftest hjælper med.',
  areasHeading: 'Det kan jeg hjælpe med',
  toggle: { open: 'Læs mere', close: 'Luk' },
  approach: {
    heading: 'Sådan arbejder jeg',
    paragraphs: [
      'Jeg arbejder evidensbaseret. Det betyder, at jeg bruger metoder, som forskning har vist virker, og tilpasser dem til dig og din situation. Ingen forløb er ens.',
      'I de første samtaler lærer vi hinanden at kende, og vi afklarer, hvad du ønsker hjælp til. Derefter aftaler vi mål og en ramme for forløbet, som vi løbende følger op på.',
    ],
    points: [
      'Kognitiv adfærdsterapi (KAT): sammenhængen mellem tanker, følelser, krop og handlinger',
      'Acceptance and Commitment Therapy (ACT): at leve efter det, der er vigtigt for dig, også når noget er svært',
      'Mentaliseringsbaseret terapi: at forstå egne og andres følelser og hensigter',
      'Systemisk og narrativ terapi: at se problemer i sammenhæng med familie, relationer og livshistorie',
    ],
  },
  cta: {
    heading: 'Er du klar til at tage det første skridt?',
    text: 'Book en første samtale, eller kontakt mig, hvis du vil høre, om jeg er den rette til at hjælpe dig.',
    primary: { label: 'Book en samtale', path: '/booking' },
    secondary: { label: 'Kontakt mig', path: '/kontakt' },
  },
};
