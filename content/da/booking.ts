import type { BookingTexts } from '../texts/booking';

export const booking: BookingTexts = {
  heading: 'Book en samtale',
  lead: 'Det første skridt er ofte det sværeste. Jeg glæder mig til at høre fra dig.',
  intro: [
    'Du kan booke samtaler i klinikken i Aalborg eller online via video. Samtalerne kan foregå på dansk, engelsk eller persisk.',
    'Du behøver ingen henvisning. Skriv eller ring til mig, så finder vi en tid, der passer dig.',
  ],
  placeholder: {
    heading: 'Onlinebooking kommer snart',
    text: 'Jeg er ved at gøre det muligt at booke tid direkte her på siden. Indtil da er du velkommen til at kontakte mig, så finder vi en tid sammen.',
    linkLabel: 'Kontakt mig for booking',
    link: 'contact',
  },
  questionsHeading: 'Spørgsmål og svar',
  questions: [
    {
      question: 'Hvordan foregår den første samtale?',
      answer: 'I den første samtale fortæller du om det, der fylder, og hvad du gerne vil have hjælp til. Jeg spørger ind og fortæller, hvordan jeg arbejder. Til sidst taler vi om, hvordan et forløb kan se ud. Du forpligter dig ikke til mere end den ene samtale.',
    },
    {
      question: 'Kan samtalerne foregå online?',
      answer: 'Ja. Onlinesamtaler foregår via en sikker videoforbindelse og virker for de fleste lige så godt som samtaler i klinikken. Du skal blot sidde et roligt sted, hvor du ikke bliver forstyrret. Vi kan også kombinere de to.',
    },
    {
      question: 'Hvor mange samtaler skal jeg regne med?',
      answer: 'Det afhænger af, hvad du gerne vil have hjælp til. Nogle får det, de har brug for, på få samtaler, mens andre har gavn af et længere forløb. Vi aftaler det sammen og følger løbende op på, om samtalerne hjælper.',
    },
    {
      question: 'Hvilket sprog kan vi tale?',
      answer: 'Du kan vælge mellem dansk, engelsk og persisk. I par- og familieterapi kan vi også bruge flere sprog i samme samtale, hvis det hjælper jer.',
    },
    {
      question: 'Hvad koster det?',
      answer: 'Prisen afhænger af, om det er individuel terapi, parterapi, familieterapi eller samtaler med børn. Du kan se alle priser og læse om forsikring, tilskud og afbud på siden Priser.',
    },
  ],
  privacyNote: {
    before: 'Når du booker en samtale, accepterer du samtidig min ',
    linkText: 'persondatapolitik',
    after: '.',
  },
};
