import type { PricesTexts } from '../texts/prices';

export const prices: PricesTexts = {
  heading: 'Priser',
  lead: 'Her finder du priserne for terapi og supervision. Alle priser er i danske kroner.',
  cancellationButton: 'Se afbudsregler',
  therapyHeading: 'Terapi',
  prices: {
    individuel: { label: 'Individuel terapi' },
    par: { label: 'Parterapi' },
    familie: { label: 'Familieterapi' },
    boern: { label: 'Individuel samtale med børn' },
    'supervision-individuel': { label: 'Individuel supervision' },
    supervisionspakke: {
      label: 'Supervisionspakke på 40 timer',
      amountNote: 'Pris efter aftale',
      description: 'Et samlet forløb mod autorisation, tilrettelagt efter dine behov og Psykolognævnets krav.',
    },
    gruppesupervision: {
      label: 'Gruppesupervision',
      amountNote: 'Prisen afhænger af gruppens størrelse og forløbets omfang',
    },
  },
  duration: { minutes: '{n} min.', upTo: 'op til {n} min.' },
  referral: {
    heading: 'Henvisning fra lægen',
    paragraphs: [
      'Klinikken har ikke ydernummer. Derfor giver en henvisning fra lægen ikke tilskud fra den offentlige sygesikring til samtaler hos mig. Du betaler selv for samtalerne, medmindre en forsikring eller anden ordning dækker – læs mere nedenfor.',
      'Til gengæld behøver du ingen henvisning for at komme til mig. Du kan kontakte mig direkte.',
    ],
  },
  insurance: {
    heading: 'Forsikring og tilskud',
    paragraphs: [
      'Mange sundhedsforsikringer, ofte gennem arbejdsgiver eller pensionsordning, dækker samtaler hos en autoriseret psykolog. Spørg dit forsikringsselskab, om du er dækket, og hvordan du får en godkendelse.',
      'Er du medlem af Sygeforsikringen »danmark«, kan du få tilskud til psykologbehandling efter gældende takster. Tilskuddets størrelse afhænger af din medlemsgruppe.',
      'I nogle tilfælde kan kommunen betale for et forløb, fx i forbindelse med en sygemelding eller en familiesag, og nogle arbejdsgivere betaler også for psykologhjælp. Tal med din sagsbehandler eller din arbejdsgiver om mulighederne.',
    ],
  },
  supervision: {
    heading: 'Supervision mod autorisation',
    paragraphs: [
      'Jeg giver supervision til psykologer, der arbejder hen imod autorisation. Supervisionen tager udgangspunkt i dine egne sager og i din udvikling som psykolog.',
      'Du kan vælge individuel supervision i enkelttimer eller en samlet pakke på 40 timer, som vi tilrettelægger efter dine behov og Psykolognævnets krav. Prisen for pakken aftaler vi sammen.',
      'Jeg tilbyder også gruppesupervision. Prisen afhænger af gruppens størrelse og forløbets omfang. Kontakt mig for at høre nærmere.',
    ],
  },
  cancellation: {
    heading: 'Afbud',
    paragraphs: [
      'Meld afbud senest kl. 12.00 dagen før din samtale og mindst 24 timer før den. Ligger din samtale før kl. 12.00, er det altså de 24 timer, der gælder.',
      'Melder du afbud senere, eller udebliver du, betaler du det fulde honorar for samtalen.',
      'Du kan melde afbud på sms eller telefon. En sms kan du sende når som helst på døgnet. Er du i tvivl om fristen, så meld afbud så tidligt som muligt.',
    ],
  },
  booking: {
    heading: 'Klar til at booke?',
    text: 'Book en samtale i klinikken eller online. Har du spørgsmål til priser eller tilskud, er du velkommen til at kontakte mig.',
    cta: { label: 'Book en samtale', to: 'booking' },
  },
};
