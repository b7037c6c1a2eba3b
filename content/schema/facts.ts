import { bookableServices, PHOTO_PAGES } from '../choices';
import type { Lang } from '../languages';
import { byPrice } from '../texts/common';
import { choice, type Field, file, group, type Json, line, list, map, number, picture, yesNo } from './fields';

// The declarations of the practice's facts (content/facts/<name>.json): the same in every
// language; the editor shows them once.

const price = (label: string) =>
  group(
    label,
    {
      amount: number('Pris i kroner', {
        min: 0,
        max: 100_000,
        whole: true,
        nullable: true,
        none: 'efter aftale',
        hint: 'Hele kroner, kun cifre: 1200, ikke 1.200 eller 1.200 kr. Eller »efter aftale«: prissidens note ved prisen siger hvordan.',
      }),
      minutes: number('Varighed i minutter', {
        min: 1,
        max: 600,
        whole: true,
        optional: true,
        hint: 'Samtalens længde; en ydelse med længde kan bookes online.',
      }),
      upTo: yesNo('Op til', {
        optional: true,
        hint: 'Kun sammen med en varighed: samtalen kan være kortere, »op til 50 min.«.',
      }),
    },
    { hint: 'Prissiden, bookingsiden og mailene.' },
  );

/** content/facts/prices.json: each price by id (its name is each language's prices.json's). */
export const priceFacts = file(
  'Priser og varighed',
  'Beløb og varighed; navnene står under Tekster → Priser.',
  byPrice(price),
);

const time = (label: string, hint?: string) => line(label, { max: 5, format: 'time', hint });
const degrees = (label: string, max: number) => number(label, { min: -max, max, whole: false });

/** content/facts/practice.json: the practice's facts (what is said of them in words is each language's site.json's). */
export const practiceFacts = file('Praksis, adresse og telefontid', 'Praksis’ faste oplysninger, ens på alle sprog.', {
  name: line('Praksis’ navn', { max: 100, hint: 'Et navn som et mærke: ens på alle sprog.' }),
  practitioner: line('Psykologens navn', {
    max: 100,
    hint: 'Med latinske bogstaver: på Om mig, som afsender på mailene til klienter, for søgemaskiner og på billederne, der vises, når siden deles.',
  }),
  address: group(
    'Adresse',
    {
      street: line('Gade og nummer', {
        max: 100,
        hint: 'Etagen står i hvert sprogs tekster (Menu, sidefod → Praksis).',
      }),
      postalCode: line('Postnummer', { max: 10 }),
      city: line('By', { max: 60 }),
    },
    { hint: 'Kontaktsiden, sidefoden, mailene og kortet.' },
  ),
  phone: line('Telefon', { max: 30, hint: 'Som det vises: »12 34 56 78«.' }),
  phoneE164: line('Telefon med landekode (+45…)', { max: 16, hint: 'Til links, der ringer op: »+4512345678«.' }),
  email: line('E-mail', {
    max: 100,
    hint: 'Kontaktsiden og sidefoden; også hvor beskeder sendes hen, medmindre serveren siger andet (MAIL_TO).',
  }),
  cvr: line('CVR-nummer', { max: 8, hint: 'Sidefoden og persondatapolitikken.' }),
  coordinates: group(
    'Koordinater',
    { lat: degrees('Breddegrad', 90), lon: degrees('Længdegrad', 180) },
    { hint: 'Klinikkens sted på kortet og for søgemaskiner.' },
  ),
  phoneHours: group(
    'Telefontid',
    { opens: time('Åbner'), closes: time('Lukker') },
    { hint: 'Hvert sprog skriver tiderne på sin måde.' },
  ),
  membershipBadge: line('Medlemsmærke', { max: 4, hint: 'Bogstaverne på sidefodens runde medlemsmærke.' }),
});

/** The week's days by their keys in content/facts/booking.json, each with its name in the editor. */
export const WEEKDAYS = {
  monday: 'Mandag',
  tuesday: 'Tirsdag',
  wednesday: 'Onsdag',
  thursday: 'Torsdag',
  friday: 'Fredag',
  saturday: 'Lørdag',
  sunday: 'Søndag',
} as const;

const span = group('Åbning', {
  from: time('Fra'),
  to: time('Til'),
  services: list('Ydelser', choice('Ydelse', bookableServices), {
    max: bookableServices.length,
    hint: 'De ydelser, der kan begynde i tidsrummet.',
  }),
});

/** content/facts/booking.json: the booking week and the practice's own closed days (the other rules are content/booking.ts's). */
export const bookingFacts = file(
  'Bookingtider og lukkedage',
  'Hvornår der kan bookes online, og hvornår klinikken er lukket.',
  {
    week: map(
      'Ugen',
      // Named, not numbered: the editor reads a key that is a number as a place in a list (decision 0072).
      WEEKDAYS,
      list('Åbninger', span, { max: 10 }),
      'Hver ugedags åbninger, i klinikkens tid; en dag uden åbninger har ingen.',
    ),
    closedDays: list(
      'Lukkedage',
      group('Lukkedag eller periode', {
        date: line('Dato (en periodes første dag)', {
          max: 10,
          format: 'closedDay',
          hint: 'ÅÅÅÅ-MM-DD én gang (2026-07-20) eller MM-DD hvert år (12-24).',
        }),
        to: line('Til og med', {
          max: 10,
          format: 'closedDay',
          optional: true,
          hint: 'Kun for en periode: dens sidste lukkede dag, skrevet som datoen ovenfor (2026-07-31 eller 12-31). Tom: én dag.',
        }),
        note: line('Note', { optional: true, hint: 'Til dig selv, fx »juleaftensdag« eller »sommerferie«.' }),
      }),
      {
        min: 0,
        max: 200,
        hint: 'Ud over helligdagene, som siden selv kender: én dag eller en periode, hvert år eller én gang.',
        summary:
          "{{fields.date}}{{fields.to | ternary(' til og med ', '')}}{{fields.to}}{{fields.note | ternary(': ', '')}}{{fields.note}}",
      },
    ),
    clientLink: yesNo('Klientens eget link til at aflyse eller flytte', {
      hint: 'Ja: hver bekræftelse har et link, hvor klienten selv kan aflyse gratis inden fristen, flytte tiden én gang eller give besked om, at hun ikke kommer; du får en mail om hver ændring. Nej: ingen mail har linket, og prissiden, bookingformularen og persondatapolitikken nævner kun sms og telefon.',
    }),
  },
);

/** A text in each of the site's languages (content/languages.ts: the type-checker asks for a new one here). */
const inEveryLanguage = (label: string, hint: string) =>
  group(
    label,
    {
      da: line('Dansk', { max: 300 }),
      en: line('Engelsk', { max: 300 }),
      fa: line('Persisk', { max: 300 }),
    } satisfies Record<Lang, Field>,
    { hint },
  );

/** content/facts/pictures.json: the practice's pictures (files in content/images/) described in every language. */
export const pictureFacts = file(
  'Billeder og deres beskrivelser',
  'Beskrivelserne læses af dem, der ikke kan se billederne.',
  {
    portrait: inEveryLanguage('Portrættet', 'Portrættets beskrivelse på forsiden og Om mig: hvem, og hvor.'),
    clinic: list(
      'Klinikkens billeder',
      group('Billede', {
        file: picture(
          'Billede',
          'content/images/clinic',
          'Vælg billedet, eller upload det (editoren gemmer det som WebP). Indtil det er her, vises det ikke; beskrivelsen venter.',
        ),
        page: choice('Side', PHOTO_PAGES, 'home: forsiden ved »Et trygt rum«; contact: kontaktsiden under adressen.'),
        description: inEveryLanguage('Beskrivelse', 'Hvad billedet viser: rummet, døren.'),
      }),
      { min: 0, max: 20, hint: 'I den rækkefølge, en side viser dem.' },
    ),
  },
);

export type PricesJson = Json<typeof priceFacts>;
export type PracticeJson = Json<typeof practiceFacts>;
export type BookingJson = Json<typeof bookingFacts>;
export type PicturesJson = Json<typeof pictureFacts>;
