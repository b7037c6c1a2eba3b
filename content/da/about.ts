import type { AboutTexts } from '../texts/about';

export const about: AboutTexts = {
  heading: 'Om mig',
  profileLabel: 'Profil',
  lead: 'Jeg er autoriseret psykolog med egen praksis i Aalborg. Jeg tager imod voksne, par, familier og børn og taler dansk, engelsk og persisk.',
  profile: [
    'Jeg blev psykolog, fordi jeg tror på, at alle mennesker har ressourcer til at forandre noget, når de bliver mødt med forståelse og får de rette redskaber. I mit arbejde lægger jeg vægt på nærvær, ærlighed og et trygt samarbejde.',
    'Jeg har mange års erfaring med angst, depression, stress og kriser og med par- og familiesamtaler. Jeg arbejder også med børn og unge og med familier, hvor autisme eller ADHD er en del af hverdagen.',
    'Det betyder meget at kunne tale om følelser på det sprog, der føles mest naturligt. Derfor tilbyder jeg samtaler på dansk, engelsk og persisk – i klinikken eller online.',
    'Ud over terapi giver jeg supervision til psykologer, der er på vej mod autorisation.',
  ],
  educationHeading: 'Uddannelse',
  education: {
    candpsych: { title: 'Cand.psych.', place: 'Aalborg Universitet' },
    authorisation: { title: 'Autorisation som psykolog', place: 'Psykolognævnet' },
    cbt: { title: 'Efteruddannelse i kognitiv adfærdsterapi', place: 'Dansk Psykolog Forening' },
    family: { title: 'Efteruddannelse i familie- og parterapi', place: 'Dansk Psykolog Forening' },
  },
  experienceHeading: 'Erfaring',
  experience: {
    supervisor: { role: 'Supervisor for psykologer under autorisation', place: 'Egen praksis' },
    'own-practice': { role: 'Psykolog med egen praksis', place: 'Aalborg' },
    municipality: { role: 'Psykolog i en familieafdeling', place: 'Aalborg Kommune' },
    psychiatry: { role: 'Psykolog i voksenpsykiatrien', place: 'Region Nordjylland' },
    volunteer: { role: 'Frivillig rådgiver for flygtninge og deres familier', place: 'Aalborg' },
  },
  now: 'nu',
  cta: {
    heading: 'Vil du vide mere?',
    text: 'Du er velkommen til at booke en første samtale eller kontakte mig, hvis du har spørgsmål, før du beslutter dig.',
    primary: { label: 'Book en samtale', to: 'booking' },
    secondary: { label: 'Kontakt mig', to: 'contact' },
  },
};
