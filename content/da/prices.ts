import type { PricesTexts } from '../texts/prices';

export const prices: PricesTexts = {
  heading: 'Priser',
  lead: 'Her finder du priserne for terapi og supervision. Alle priser er i danske kroner pr. samtale.',
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
    gruppesupervision: { label: 'Gruppesupervision', amountNote: 'Pris afhænger af gruppens størrelse og forløbet' },
  },
  duration: { minutes: '{n} min.', upTo: 'op til {n} min.' },
  referral: {
    heading: 'Henvisning fra lægen',
    paragraphs: [
      'Klinikken har ikke ydernummer. Derfor kan jeg ikke tage imod henvisninger fra lægen med tilskud fra den offentlige sygesikring. Du betaler selv for samtalerne, medmindre en forsikring eller anden ordning dækker – læs mere nedenfor.',
      'Til gengæld behøver du ingen henvisning for at komme til mig. Du kan kontakte mig direkte.',
    ],
  },
  insurance: {
    heading: 'Forsikring og tilskud',
    paragraphs: [
      'Mange sundhedsforsikringer, ofte gennem arbejdsgiver eller pensionsordning, dækker samtaler hos en autoriseret psykolog. Spørg dit forsikringsselskab, om du er dækket, og hvordan du får en godkendelse.',
      'Er du medlem af Sygeforsikringen "danmark", kan du få tilskud til psykologbehandling efter gældende takster. Tilskuddets størrelse afhænger af din medlemsgruppe.',
      'I nogle tilfælde kan kommunen betale for et forløb, fx i forbindelse med en sygemelding eller en familiesag, og nogle arbejdsgivere betaler også for psykologhjælp. Tal med din sagsbehandler eller din arbejdsgiver om mulighederne.',
    ],
  },
  supervision: {
    heading: 'Supervision mod autorisation',
    paragraphs: [
      'Jeg giver supervision til psykologer, der arbejder hen imod autorisation. Supervisionen tager udgangspunkt i dine egne sager og i din udvikling som psykolog.',
      'Du kan vælge enkelte timers individuel supervision eller en samlet pakke på 40 timer, som vi tilrettelægger efter dine behov og Psykolognævnets krav. Prisen for pakken aftaler vi sammen.',
      'Jeg tilbyder også gruppesupervision. Prisen afhænger af gruppens størrelse og forløbets omfang. Kontakt mig for at høre nærmere.',
    ],
  },
  cancellation: {
    heading: 'Afbud',
    paragraphs: [
      'Afbud skal ske senest kl. 12 dagen før din samtale. Melder du afbud senere, eller udebliver du, betaler du det fulde honorar for samtalen.',
      'I persondatapolitikken står der, at afbud skal ske senest 24 timer før samtalen. Melder du afbud senest kl. 12 dagen før og mindst 24 timer før, overholder du begge frister. Er du i tvivl, så meld afbud så tidligt som muligt.',
      'Afbud gives pr. SMS eller telefon. En SMS kan du sende når som helst på døgnet.',
    ],
  },
  booking: {
    heading: 'Klar til at booke?',
    text: 'Book en samtale i klinikken eller online. Har du spørgsmål til priser eller tilskud, er du velkommen til at kontakte mig.',
    cta: { label: 'Book en samtale', to: 'booking' },
  },
};
