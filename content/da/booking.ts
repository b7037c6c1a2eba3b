import type { BookingPrivacyTexts, BookingTexts } from '../texts/booking';
import { form } from './form';

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
      answer:
        'I den første samtale fortæller du om det, der fylder, og hvad du gerne vil have hjælp til. Jeg spørger ind og fortæller, hvordan jeg arbejder. Til sidst taler vi om, hvordan et forløb kan se ud. Du forpligter dig ikke til mere end den ene samtale.',
    },
    {
      question: 'Kan samtalerne foregå online?',
      answer:
        'Ja. Onlinesamtaler foregår via en sikker videoforbindelse og virker for de fleste lige så godt som samtaler i klinikken. Du skal blot sidde et roligt sted, hvor du ikke bliver forstyrret. Vi kan også kombinere de to.',
    },
    {
      question: 'Hvor mange samtaler skal jeg regne med?',
      answer:
        'Det afhænger af, hvad du gerne vil have hjælp til. Nogle får det, de har brug for, på få samtaler, mens andre har gavn af et længere forløb. Vi aftaler det sammen og følger løbende op på, om samtalerne hjælper.',
    },
    {
      question: 'Hvilket sprog kan vi tale?',
      answer:
        'Du kan vælge mellem dansk, engelsk og persisk. I par- og familieterapi kan vi også bruge flere sprog i samme samtale, hvis det hjælper jer.',
    },
    {
      question: 'Hvad koster det?',
      answer:
        'Prisen afhænger af, om det er individuel terapi, parterapi, familieterapi eller samtaler med børn. Du kan se alle priser og læse om forsikring, tilskud og afbud på siden Priser.',
    },
  ],
  privacyNote: {
    before: 'Når du booker en samtale, accepterer du samtidig min ',
    linkText: 'persondatapolitik',
    after: '.',
  },
  flow: {
    heading: 'Book en tid',
    intro:
      'Vælg, hvad du vil booke, og hvor samtalen skal foregå. Så ser du mine ledige tider og kan sende mig en forespørgsel på den tid, der passer dig.',
    serviceLegend: 'Hvad vil du booke?',
    formatLegend: 'Hvor skal samtalen foregå?',
    formats: { clinic: 'I klinikken i Aalborg', online: 'Online via video' },
    showTimes: 'Vis ledige tider',
    timesHeading: 'Ledige tider: {service}',
    timesNote: 'Alle tider er dansk tid.',
    timesLegend: 'Vælg en tid (dansk tid)',
    yourTime: 'Din tid ({zone}): {time}',
    noTimes:
      'Der er ingen ledige tider til det, du har valgt, i de næste uger. Ring på {phone} eller skriv til mig, så finder vi en tid.',
    laterTimes: 'Vis senere tider',
    detailsLegend: 'Dine oplysninger',
    labels: { name: 'Navn *', email: 'Email *', phone: 'Telefon *', message: 'Kort besked (valgfri)' },
    phoneHint: 'Ændringer og afbud klarer vi på telefon eller SMS. Skriv 8 cifre uden +45.',
    ...form,
    summary: {
      heading: 'Før du sender',
      price: 'Pris: {price} for {minutes}',
      cancellation:
        'Afbud skal ske senest kl. 12 dagen før pr. SMS eller telefon. Ellers betaler du det fulde honorar.',
      request:
        'Du sender en forespørgsel, ikke en endelig booking: Jeg bekræfter tiden på email eller telefon inden for {days} hverdage.',
    },
    submit: 'Send forespørgsel',
    submitting: 'Sender...',
    fieldErrors: {
      service: 'Vælg venligst, hvad du vil booke',
      format: 'Vælg venligst, om samtalen skal være i klinikken eller online',
      start: 'Vælg venligst en tid',
      name: 'Indtast venligst dit navn',
      email: 'Indtast venligst en gyldig email-adresse',
      phone: 'Indtast venligst et gyldigt dansk telefonnummer (8 cifre)',
      phoneRequired: 'Indtast venligst dit telefonnummer, så jeg kan nå dig ved ændringer',
      consent: 'Du skal give samtykke for at sende forespørgslen',
    },
    errors: {
      unexpected: 'Der opstod en uventet fejl',
      network: 'Netværksfejl. Kontroller din forbindelse og prøv igen.',
      fallback: 'Der opstod en fejl. Prøv venligst igen eller ring på {phone}.',
    },
    sent: {
      heading: 'Tak, din forespørgsel er sendt',
      intro: 'Du har bedt om:',
      service: 'Samtale',
      time: 'Tid',
      format: 'Sted',
      next: 'Du får en email, når jeg har svaret på din forespørgsel, som regel inden for {days} hverdage. Indtil da holder jeg tiden til dig. Passer den alligevel ikke, så ring eller skriv.',
    },
    nearestLegend: 'De nærmeste ledige tider (dansk tid)',
    unavailable: {
      heading: 'Online booking er ikke mulig lige nu',
      text: 'Jeg kan ikke vise mine ledige tider i øjeblikket. Ring på {phone}, eller skriv til mig, så finder vi en tid sammen.',
      contactLink: 'Skriv til mig',
    },
    replies: {
      taken:
        'Tiden er lige blevet taget af en anden. Vælg en af de nærmeste ledige tider nedenfor; dine oplysninger er gemt.',
      delivery:
        'Din forespørgsel kunne ikke sendes lige nu, og tiden er ikke booket. Prøv igen om lidt eller ring på {phone}.',
      rateLimited: 'Du har sendt for mange forespørgsler. Prøv igen senere eller ring på {phone}.',
      unavailable:
        'Online booking er ikke mulig lige nu, og din forespørgsel er ikke sendt. Ring på {phone}, eller skriv til mig.',
      waiting:
        'Du har allerede en forespørgsel, der venter på mit svar, så denne er ikke sendt. Vil du ændre den eller spørge om en tid mere, så ring på {phone}.',
      full: 'Lige nu venter så mange forespørgsler på svar, at ingen tid kan holdes online, og din forespørgsel er ikke sendt. Ring på {phone}, så finder vi en tid.',
    },
    when: '{day} kl. {time} (dansk tid)',
  },
};

export const bookingPrivacy: BookingPrivacyTexts = {
  title: 'Online booking',
  paragraphs: ['Når du booker en tid her på siden, sender du mig en forespørgsel. Den indeholder:'],
  items: [
    'den samtale og det tidspunkt, du har valgt, og om den skal foregå i klinikken eller online',
    'dit navn, din email og dit telefonnummer',
    'din besked, hvis du skriver en',
    'tidspunktet for dit samtykke og det sprog, du skrev på',
  ],
  closing: [
    'Jeg bruger oplysningerne til at bekræfte tiden og kontakte dig om den. Forespørgslen sendes som email direkte til mig, krypteret på vejen. Hjemmesiden gemmer den ikke.',
    'Så ingen andre kan bede om samme tid, husker hjemmesiden i kort tid, at tiden er forespurgt, og en kode regnet ud fra din IP-adresse (ikke selve adressen), så der kun venter én forespørgsel ad gangen fra samme adresse. Derefter bliver tiden ledig igen, hvis jeg ikke har bekræftet den, og koden glemmes. Bekræfter jeg den, forbliver den optaget, indtil samtalen begynder.',
    'Når jeg har svaret, sender hjemmesiden dig én email på dit sprog: at tiden er bekræftet, med adressen, afbudsreglerne og tiden som kalenderbegivenhed, eller at jeg ikke kan tilbyde tiden, med min eventuelle besked og de nærmeste ledige tider. Hverken emnelinjen eller kalenderbegivenheden siger, hvad aftalen drejer sig om.',
    'Jeg svarer med et link i forespørgslens mail, som selv bærer forespørgslen, krypteret. Hjemmesiden gemmer kun et mærke uden personoplysninger om, at linket er brugt, så du ikke får den samme email to gange, og kun indtil linket udløber.',
    'For at vise mine ledige tider læser hjemmesiden fra min kalender, hvornår jeg er optaget. Den sender intet til kalenderen og intet om dig.',
  ],
};
