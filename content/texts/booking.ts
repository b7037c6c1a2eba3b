import { file, group, type Infer, line, list, sentence, text } from '../schema/fields';
import { linkedText } from './common';

/** The fields of a booking request, in the form's order. */
export type BookingField = 'service' | 'format' | 'start' | 'name' | 'email' | 'phone' | 'message' | 'consent';

const labels = group('Feltnavne', {
  name: line('Navn'),
  email: line('E-mail'),
  phone: line('Telefon'),
  message: line('Besked'),
});

/**
 * The visitor's way while online booking is on (BOOKING_CALENDAR_URL). '{phone}' is the
 * practice's number, '{days}' the working days within which the practitioner answers
 * (content/booking.ts). The services' names, lengths and prices come from the prices page's.
 */
const flow = group(
  'Bookingens trin',
  {
    intro: sentence('Indledning', { hint: 'Sætningen under sidens overskrift, før det første valg.' }),
    bookingWith: line('Du booker hos', {
      hint: 'Ved dit lille portræt over valgene: {name} og {title} (dit navn og din titel fra Menu, sidefod og sidetitler; titlen med lille begyndelsesbogstav).',
    }),
    reassurance: list('Tre korte linjer ved valgene', line('Linje', { max: 80 }), {
      count: 3,
      hint: 'Ingen henvisning, ingen forpligtelse, dit svar inden for {days} hverdage (fra bookingreglerne).',
    }),
    serviceLegend: line('Valg af ydelse'),
    supervisionGroup: line('Overskrift over supervision (for psykologer)', {
      hint: 'Over ydelserne for psykologer, sat for sig under klienternes.',
    }),
    formatLegend: line('Valg af form'),
    formats: group('Former', { clinic: line('I klinikken'), online: line('Online') }),
    showTimes: line('Vis tider (knap)', { max: 60, hint: 'Knappen, der viser den valgte ydelses ledige tider.' }),
    timesHeading: line('Tider (overskrift)', { hint: '{service}: den valgte ydelses navn.' }),
    timesNote: sentence('Note om tiderne', { hint: 'Under overskriften: hvad man ellers skal vide om tiderne.' }),
    timesLegend: line('Valg af tid', { hint: 'Over hele listen af tider (den siger, at det er dansk tid).' }),
    yourTime: group(
      'Din egen tid',
      {
        ahead: sentence('Foran'),
        behind: sentence('Bagud'),
        hours: line('Timer', { max: 40 }),
        minutes: line('Minutter', { max: 40 }),
      },
      {
        hint: 'Over en onlinesamtales tider, når den besøgendes ur ikke går som Danmarks: {city} (fra tidszonen, fx London) og {difference} (»1 t.«, »2 t. 30 min.«). Hver tid viser så den besøgendes egen time i parentes.',
      },
    ),
    dayPicker: group(
      'Valg af dag',
      {
        legend: line('Overskrift', { hint: 'Navnet på gruppen af dage.' }),
        first: line('Første', { hint: 'Knappen, der vælger den første ledige tid: {when}.' }),
        count: group(
          'Antal',
          { one: line('Ental', { max: 40 }), other: line('Flertal', { max: 40 }) },
          { hint: 'Under en dag: hvor mange tider den har, {n}.' },
        ),
      },
      { hint: 'Med JavaScript: dagene med ledige tider, derefter dagens tider.' },
    ),
    noTimes: sentence('Ingen ledige tider', { hint: '{phone}: klinikkens nummer.' }),
    laterTimes: line('Senere tider', { max: 60 }),
    detailsLegend: line('Dine oplysninger (overskrift)'),
    labels,
    childName: group(
      'Barnets navn',
      { label: line('Feltnavn'), hint: sentence('Hjælpetekst') },
      { hint: 'Ved en samtale for et barn: navnefeltets tekst (forælderens navn) og linjen under det.' },
    ),
    phoneHint: sentence('Hjælpetekst til telefon'),
    phoneHintOnline: sentence('Hjælpetekst til telefon (online)', {
      hint: 'Under telefonfeltet ved en onlinesamtale: numre fra udlandet.',
    }),
    messageHint: sentence('Hjælpetekst til besked', {
      hint: 'Under beskedfeltet: ikke flere helbredsoplysninger, end den besøgende har lyst til.',
    }),
    errorSummary: sentence('Oversigt over fejl', {
      hint: 'Øverst i en forespørgsel, der ikke kan sendes endnu: hver fejl er et link til sit felt.',
    }),
    summary: group(
      'Opsummering',
      {
        heading: line('Overskrift'),
        noTime: sentence('Ingen tid valgt', {
          hint: 'Den valgte tid står først og med fed; før der er valgt en, denne.',
        }),
        price: sentence('Pris', { hint: '{price} og {minutes}.' }),
        cancellation: text('Afbud', {
          hint: 'Hele afbudsreglen, som prissiden skriver den, og at den gælder, når tiden er bekræftet.',
        }),
        cancellationLink: line('Link til afbudsreglerne', { hint: 'Linket til prissidens afbudsregler.' }),
        request: sentence('Forespørgsel', { hint: '{days}: de arbejdsdage, du svarer inden for.' }),
        childConsent: sentence('Samtykke for børn', {
          hint: 'Ved en samtale for et barn: forældremyndighedens samtykke.',
        }),
      },
      { hint: 'Det, den besøgende ser, før forespørgslen sendes.' },
    ),
    submit: line('Send (knap)', { max: 60 }),
    submitting: line('Sender …', { max: 60 }),
    fieldErrors: group(
      'Fejl ved felterne',
      {
        service: sentence('Ydelse'),
        format: sentence('Form'),
        start: sentence('Tid'),
        name: sentence('Navn'),
        email: sentence('E-mail'),
        phone: sentence('Telefon'),
        phoneRequired: sentence('Telefon mangler'),
        phoneOnline: sentence('Telefon (online)', {
          hint: 'Ved en onlinesamtale: hverken 8 danske cifre eller et gyldigt nummer med landekode.',
        }),
        consent: sentence('Samtykke'),
      },
      { hint: 'Under hvert felt, når dets regel er brudt (beskeden har ingen: den må være tom).' },
    ),
    errors: group(
      'Fejlbeskeder',
      { unexpected: sentence('Uventet fejl'), network: sentence('Netværksfejl'), fallback: sentence('Ellers') },
      { hint: 'Vises i formularens beskedfelt, når browseren ikke får et svar, den forstår.' },
    ),
    sent: group(
      'Sendt',
      {
        heading: line('Overskrift'),
        intro: sentence('Indledning'),
        service: line('Samtale'),
        time: line('Tidspunkt'),
        format: line('Form'),
        phone: line('Telefon'),
        next: sentence('Det sker nu', {
          hint: 'Hvad der sker nu og hvornår: {day}, den sidste dag for dit svar (»tirsdag 1. december«).',
        }),
        held: sentence('Tiden holdes', { hint: 'Kun når tiden holdes i et lager, der overlever en genstart (Redis).' }),
        change: sentence('Ændring', { hint: '{phone}.' }),
      },
      { hint: 'Efter at klinikkens mailserver har taget imod forespørgslen.' },
    ),
    nearestLegend: line('Nærmeste tider', { hint: 'Listen efter »tiden er lige taget«: de nærmeste ledige tider.' }),
    unavailable: group(
      'Ikke tilgængelig',
      { heading: line('Overskrift'), text: sentence('Tekst'), contactLink: line('Link til kontakt') },
      { hint: 'Når kalenderen ikke kan stå inde for tiderne: ingen tider, telefonen og kontaktformularen i stedet.' },
    ),
    replies: group(
      'Svar',
      {
        taken: sentence('Tiden er taget'),
        delivery: sentence('Levering', { hint: '{phone}.' }),
        rateLimited: sentence('For mange forsøg', { hint: '{phone}.' }),
        unavailable: sentence('Ikke tilgængelig', { hint: '{phone}.' }),
        waiting: sentence('Venter', {
          hint: 'Den besøgende har allerede en forespørgsel, der venter på dit svar; intet er sendt. {phone}.',
        }),
        full: sentence('Fuldt booket', {
          hint: 'Ubekræftede forespørgsler holder så meget af kalenderen, som de må; intet er sendt. {phone}.',
        }),
        uncertain: sentence('Måske nået frem', {
          hint: 'Mailserveren fik forespørgslen, men svarede aldrig: den kan være nået frem til dig, så tiden holdes til den besøgende til og med {day}, den sidste dag for dit svar. Hun skal ikke sende den igen. {phone}.',
        }),
      },
      { hint: 'Det, siden svarer på dette sprog (de generelle svar står under Søgemaskiner, svar og fejlsider).' },
    ),
    when: line('Hvornår', {
      hint: 'En tid skrevet fuldt ud, som kvitteringen skriver den: {day} (med dato) og {time}, dansk tid.',
    }),
  },
  { hint: 'Bookingens trin, mens onlinebooking er slået til. {phone} er klinikkens nummer.' },
);

/** content/<lang>/booking.json: the booking page's words (what every form says alike is form.json's). */
export const booking = file('Booking', 'Bookingsiden: trinene, mens onlinebooking er slået til, ellers kontakt.', {
  heading: line('Overskrift', { hint: 'Sidens store overskrift.' }),
  lead: text('Indledning', { hint: 'Teksten under sidens overskrift.' }),
  intro: list('Indledende afsnit', text('Afsnit'), { hint: 'Under indledningen, før trinene eller kontakten.' }),
  placeholder: group(
    'Mens booking er slået fra',
    {
      heading: line('Overskrift'),
      text: text('Tekst'),
      linkLabel: line('Linkets tekst', { hint: 'Fører til kontakt.' }),
    },
    { hint: 'Vises i stedet for trinene, når onlinebooking ikke er slået til.' },
  ),
  questionsHeading: line('Spørgsmål (overskrift)', { hint: 'Over spørgsmål og svar nederst på siden.' }),
  questions: list(
    'Spørgsmål og svar',
    group('Spørgsmål', { question: line('Spørgsmål', { max: 200 }), answer: text('Svar') }),
    { max: 30, hint: 'Nederst på siden; hvert svar foldes ud under sit spørgsmål.' },
  ),
  privacyNote: linkedText('Note om privatliv', 'At booke er at acceptere persondatapolitikken: linket går dertil.'),
  flow,
});

export type BookingWords = Infer<typeof booking>;
type FlowWords = BookingWords['flow'];

/** Where a session takes place (content/booking.ts says which the practice offers). */
export type BookingFormat = keyof FlowWords['formats'];
