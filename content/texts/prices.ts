import { file, group, type Infer, line, list, sentence, text } from '../schema/fields';
import { byPrice, cta } from './common';

const price = (label: string) =>
  group(label, {
    label: line('Navn', { hint: 'Ydelsens navn på prislisten, på bookingsiden og i mails.' }),
    description: sentence('Beskrivelse', { optional: true, hint: 'Under navnet på prislisten (kan udelades).' }),
    amountNote: sentence('Note ved prisen', {
      optional: true,
      hint: 'Hvordan prisen aftales, for en pris uden beløb (»efter aftale«).',
    }),
  });

const section = (label: string, hint: string) =>
  group(label, { heading: line('Overskrift'), paragraphs: list('Afsnit', text('Afsnit')) }, { hint });

/** content/<lang>/prices.json: the prices page's words (the amounts and lengths are content/facts/prices.json's). */
export const prices = file('Priser (tekster)', 'Prissidens tekster; beløb og varighed står under Fakta.', {
  heading: line('Overskrift', { hint: 'Sidens store overskrift.' }),
  lead: text('Indledning', { hint: 'Teksten under sidens overskrift.' }),
  cancellationButton: line('Knap til afbud', {
    max: 60,
    hint: 'Knappen øverst, der springer ned til afbudsreglerne.',
  }),
  therapyHeading: line('Terapi (overskrift)', {
    hint: 'Overskriften over terapipriserne (supervisionspriserne står under Supervision).',
  }),
  prices: group('Priser', byPrice(price), {
    hint: 'Hver ydelses navn; beløb og varighed står under Fakta → Priser og varighed.',
  }),
  duration: group(
    'Varighed',
    {
      minutes: line('Minutter', { max: 40, hint: '»{n} min.«: {n} er antal minutter.' }),
      upTo: line('Op til', { max: 40, hint: 'For en samtale, der kan være kortere: »op til {n} min.«.' }),
    },
    { hint: 'Hvordan en samtales længde skrives ved prisen.' },
  ),
  referral: section('Henvisning', 'Afsnittet om henvisning fra lægen.'),
  insurance: section('Sygeforsikring', 'Afsnittet om forsikring og tilskud.'),
  supervision: section('Supervision', 'Afsnittet om supervision, over supervisionspriserne.'),
  cancellation: group(
    'Afbud',
    {
      heading: line('Overskrift'),
      paragraphs: list('Afsnit', text('Afsnit')),
      byLink: text('Afbud med linket i bekræftelsen', {
        hint: 'Efter afsnittene, kun mens klientens eget link er slået til (Fakta → Bookingtider: »Klientens eget link …«).',
      }),
    },
    { hint: 'Afbudsreglerne: bookingsiden og mailene henviser hertil.' },
  ),
  booking: group(
    'Booking',
    { heading: line('Overskrift'), text: text('Tekst'), cta: cta('Knap', 'Fører til booking.') },
    { hint: 'Nederst på siden: en opfordring til at booke.' },
  ),
});

export type PricesWords = Infer<typeof prices>;
