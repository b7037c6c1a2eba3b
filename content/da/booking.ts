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
    intro: 'Vælg samtale og sted, så ser du mine ledige tider.',
    serviceLegend: 'Hvad vil du booke?',
    supervisionGroup: 'For psykologer',
    formatLegend: 'Hvor skal samtalen foregå?',
    formats: { clinic: 'I klinikken i Aalborg', online: 'Online via video' },
    showTimes: 'Vis ledige tider',
    timesHeading: 'Ledige tider: {service}',
    timesNote: 'Du vælger en tid og sender en forespørgsel; tiden er booket, når jeg har bekræftet den.',
    timesLegend: 'Vælg en tid (dansk tid)',
    yourTime: {
      ahead: 'Hos dig ({city}) er klokken {difference} mere end i Danmark. Din egen tid står i parentes.',
      behind: 'Hos dig ({city}) er klokken {difference} mindre end i Danmark. Din egen tid står i parentes.',
      hours: '{n} t.',
      minutes: '{n} min.',
    },
    dayPicker: {
      legend: 'Vælg en dag',
      first: 'Første ledige tid: {when}',
      count: { one: '{n} tid', other: '{n} tider' },
    },
    noTimes:
      'Jeg har desværre ingen ledige tider til det, du har valgt, i de kommende uger. Ring på {phone} eller skriv til mig, så finder vi en tid.',
    laterTimes: 'Vis senere tider',
    detailsLegend: 'Dine oplysninger',
    labels: { name: 'Navn *', email: 'E-mail *', phone: 'Telefon *', message: 'Kort besked (valgfri)' },
    childName: {
      label: 'Dit navn (forælder) *',
      hint: 'Skriv dit eget navn som forælder. Barnets navn og alder kan du skrive i beskeden.',
    },
    phoneHint: 'Ændringer og afbud klarer vi på telefon eller sms. Skriv 8 cifre uden +45.',
    phoneHintOnline:
      'Ændringer og afbud klarer vi på telefon eller sms. Skriv 8 cifre uden +45 – eller, har du et udenlandsk nummer, med landekode, fx +44 20 7946 0958.',
    messageHint: 'Skriv ikke mere om dit helbred, end du har lyst til – det taler vi om, når vi ses.',
    errorSummary: 'Før du kan sende, mangler der noget:',
    ...form,
    summary: {
      heading: 'Før du sender',
      noTime: 'Du har ikke valgt en tid endnu.',
      price: 'Pris: {price} for {minutes}',
      cancellation:
        'Afbud: senest kl. 12 dagen før og mindst 24 timer før, på sms eller telefon. Melder du afbud senere, betaler du den fulde pris. Reglerne gælder, når jeg har bekræftet tiden.',
      cancellationLink: 'Læs afbudsreglerne',
      request:
        'Du sender en forespørgsel – tiden er først booket, når jeg har bekræftet den. Du får mit svar på e-mail inden for {days} hverdage.',
      childConsent:
        'Ved samtaler med børn under 15 år skal forældremyndighedsindehaverne give samtykke – ved fælles forældremyndighed begge. Det taler vi om, inden vi starter.',
    },
    submit: 'Send forespørgsel',
    submitting: 'Sender…',
    fieldErrors: {
      service: 'Vælg venligst, hvad du vil booke',
      format: 'Vælg venligst, om samtalen skal være i klinikken eller online',
      start: 'Vælg venligst en tid',
      name: 'Indtast venligst dit navn',
      email: 'Indtast venligst en gyldig e-mailadresse',
      phone:
        'Til samtaler i klinikken skal du skrive et dansk telefonnummer (8 cifre). Har du kun et udenlandsk nummer, så vælg en onlinesamtale eller skriv til mig.',
      phoneRequired: 'Indtast venligst dit telefonnummer, så jeg kan nå dig ved ændringer',
      phoneOnline: 'Indtast venligst et gyldigt telefonnummer: 8 cifre, eller med landekode, fx +44 20 7946 0958',
      consent: 'Sæt venligst kryds i feltet for at give dit samtykke, før du sender.',
    },
    errors: {
      unexpected: 'Noget gik galt. Prøv venligst igen eller ring på {phone}.',
      network: 'Netværksfejl. Kontroller din forbindelse og prøv igen.',
      fallback: 'Der opstod en fejl. Prøv venligst igen eller ring på {phone}.',
    },
    sent: {
      heading: 'Tak, din forespørgsel er sendt',
      intro: 'Du har bedt om:',
      service: 'Samtale',
      time: 'Tid',
      format: 'Sted',
      phone: 'Telefon',
      next: 'Jeg ser på din forespørgsel og sender dig mit svar på e-mail senest {day}.',
      held: 'Indtil da kan ingen andre bede om tiden her på siden.',
      change: 'Passer tiden alligevel ikke, eller har du spørgsmål, så ring til mig på {phone}.',
    },
    nearestLegend: 'De nærmeste ledige tider (dansk tid)',
    unavailable: {
      heading: 'Onlinebooking er ikke mulig lige nu',
      text: 'Jeg kan ikke vise mine ledige tider i øjeblikket. Ring på {phone}, eller skriv til mig, så finder vi en tid sammen.',
      contactLink: 'Skriv til mig',
    },
    replies: {
      taken:
        'Desværre har en anden lige bedt om den tid. Vælg en af de nærmeste ledige tider nedenfor – det, du har skrevet, står der stadig.',
      delivery:
        'Din forespørgsel kunne ikke sendes lige nu, og tiden er ikke booket. Prøv igen om lidt eller ring på {phone}.',
      rateLimited: 'Du har sendt for mange forespørgsler. Prøv igen senere eller ring på {phone}.',
      unavailable:
        'Onlinebooking er ikke mulig lige nu, og din forespørgsel er ikke sendt. Ring på {phone}, eller skriv til mig.',
      waiting:
        'Du har allerede en forespørgsel, der venter på mit svar, så denne er ikke sendt. Vil du ændre den eller spørge om en tid mere, så ring på {phone}.',
      full: 'Lige nu venter så mange forespørgsler på svar, at ingen tid kan holdes online, og din forespørgsel er ikke sendt. Ring på {phone}, så finder vi en tid.',
    },
    when: '{day} kl. {time} (dansk tid)',
  },
};

export const bookingPrivacy: BookingPrivacyTexts = {
  title: 'Onlinebooking',
  paragraphs: ['Når du booker en tid her på siden, sender du mig en forespørgsel. Den indeholder:'],
  items: [
    'den samtale og det tidspunkt, du har valgt, og om den skal foregå i klinikken eller online',
    'dit navn, din e-mail og dit telefonnummer',
    'din besked, hvis du skriver en',
    'tidspunktet for dit samtykke og hvilken sprogversion af siden du brugte',
  ],
  closing: [
    'Jeg bruger oplysningerne til at svare på din forespørgsel og aftale samtalen med dig, jf. GDPR artikel 6, stk. 1, litra b – og hvis du selv skriver om dit helbred, artikel 9, stk. 2, litra a.',
    {
      tls: 'Hjemmesidens server sender forespørgslen som e-mail til min indbakke over en krypteret forbindelse (TLS). Selve e-mailen er ikke krypteret: den ligger i min indbakke hos min e-mailudbyder, som er min databehandler. Hjemmesidens server gemmer ikke forespørgslen.',
      openpgp:
        'Hjemmesidens server krypterer forespørgslen med min offentlige OpenPGP-nøgle, før den sender den som e-mail til min indbakke, så kun jeg kan læse den (end-to-end-kryptering). E-mailudbyderne kan stadig se, hvornår den er sendt, og din e-mailadresse, men ikke dit navn, dit telefonnummer eller det, du skriver. Hjemmesidens server gemmer ikke forespørgslen.',
      smime:
        'Hjemmesidens server krypterer forespørgslen med mit S/MIME-certifikat, før den sender den som e-mail til min indbakke, så kun jeg kan læse den (end-to-end-kryptering). E-mailudbyderne kan stadig se, hvornår den er sendt, og din e-mailadresse, men ikke dit navn, dit telefonnummer eller det, du skriver. Hjemmesidens server gemmer ikke forespørgslen.',
    },
    'Så ingen andre kan bede om samme tid, husker hjemmesiden, at tiden er forespurgt, indtil jeg senest skal have svaret, dvs. i højst {days} hverdage efter den dag, du sendte forespørgslen. Sammen med tiden gemmes en kode regnet ud fra din IP-adresse (ikke selve adressen), så der kun venter én forespørgsel ad gangen fra samme adresse, og forespørgslen som mit svarlink bærer den, krypteret med en nøgle, kun hjemmesidens server har, så jeg kan få en påmindelse med linket den dag, svaret senest skal komme – intet andet om dig. Derefter bliver tiden ledig igen, hvis jeg ikke har bekræftet den, og koden glemmes. Bekræfter jeg den, forbliver den optaget, indtil samtalen begynder. Det huskes også, når hjemmesidens server genstarter.',
    'For at beskytte bookingen mod misbrug kan der højst sendes {bookingMax} forespørgsler fra den samme IP-adresse på {bookingMinutes}. Derfor husker serveren i op til {bookingMinutes}, hvor mange forespørgsler der er sendt fra IP-adressen. Derefter slettes oplysningen.',
    'Når jeg har svaret, sender hjemmesiden dig én e-mail på dit sprog: at tiden er bekræftet, med stedet, afbudsreglerne og tiden som kalenderbegivenhed, eller at jeg ikke kan tilbyde tiden, med min eventuelle besked og de nærmeste ledige tider. Den kommer fra mig under mit eget navn. Hverken afsenderen, emnelinjen, mailens første linjer (dem, din mailapp viser i oversigten) eller kalenderbegivenhedens titel siger, hvad aftalen drejer sig om; det står først længere nede i selve mailen.',
    'Jeg svarer med et link i forespørgslens mail, som selv bærer forespørgslen, krypteret. Hjemmesiden gemmer kun et mærke uden personoplysninger om, at linket er brugt, og til hvilket svar, så du ikke får den samme e-mail to gange, og kun indtil den forespurgte tid begynder.',
    'For at vise mine ledige tider læser hjemmesiden fra min kalender, hvornår jeg er optaget. Den sender intet til kalenderen og intet om dig.',
  ],
};
