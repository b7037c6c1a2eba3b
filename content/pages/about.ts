import type { Cta } from './home';

export interface Education {
  title: string;
  place: string;
  years: string;
}

export interface Experience {
  role: string;
  place: string;
  years: string;
}

export interface About {
  heading: string;
  lead: string;
  /** Names the profile section for screen readers; it has no visible heading. */
  profileLabel: string;
  profile: string[];
  educationHeading: string;
  education: Education[];
  experienceHeading: string;
  experience: Experience[];
  cta: { heading: string; text: string; primary: Cta; secondary: Cta };
}

// Education and experience are example entries; the owner replaces them with the real ones.
export const about: About = {
  heading: 'Om mig',
  profileLabel: 'Profil',
  lead: 'Jeg er autoriseret psykolog med egen praksis i Aalborg. Jeg tager imod voksne, par, familier og børn og taler dansk, engelsk og persisk.',
  profile: [
    'Jeg blev psykolog, fordi jeg tror på, at alle mennesker har ressourcer til at forandre noget, når de bliver mødt med forståelse og de rette redskaber. I mit arbejde lægger jeg vægt på nærvær, ærlighed og et trygt samarbejde.',
    'Jeg har mange års erfaring med angst, depression, stress og kriser og med samtaler med par og familier. Jeg arbejder også med børn og unge og med familier, hvor autisme eller ADHD er en del af hverdagen.',
    'Det betyder meget at kunne tale om følelser på det sprog, der føles mest naturligt. Derfor tilbyder jeg samtaler på dansk, engelsk og persisk – i klinikken eller online.',
    'Ud over terapi giver jeg supervision til psykologer, der er på vej mod autorisation.',
  ],
  educationHeading: 'Uddannelse',
  education: [
    { title: 'Cand.psych.', place: 'Aalborg Universitet', years: '2009–2014' },
    { title: 'Autorisation som psykolog', place: 'Psykolognævnet', years: '2017' },
    { title: 'Efteruddannelse i kognitiv adfærdsterapi', place: 'Dansk Psykolog Forening', years: '2016–2018' },
    { title: 'Efteruddannelse i familie- og parterapi', place: 'Dansk Psykolog Forening', years: '2019–2021' },
  ],
  experienceHeading: 'Erfaring',
  experience: [
    { role: 'Supervisor for psykologer under autorisation', place: 'Egen praksis', years: '2021–nu' },
    { role: 'Psykolog med egen praksis', place: 'Aalborg', years: '2019–nu' },
    { role: 'Psykolog i familieafdeling', place: 'Aalborg Kommune', years: '2017–2019' },
    { role: 'Psykolog i voksenpsykiatrien', place: 'Region Nordjylland', years: '2014–2017' },
    { role: 'Frivillig rådgiver for flygtninge og deres familier', place: 'Frivilligt arbejde i Aalborg', years: '2011–2014' },
  ],
  cta: {
    heading: 'Vil du vide mere?',
    text: 'Du er velkommen til at booke en første samtale eller kontakte mig, hvis du har spørgsmål, før du beslutter dig.',
    primary: { label: 'Book en samtale', path: '/booking' },
    secondary: { label: 'Kontakt mig', path: '/kontakt' },
  },
};
