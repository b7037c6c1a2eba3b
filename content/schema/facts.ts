import { type BookingFacts, bookableServices, type SpanFacts } from '../booking';
import { PHOTO_PAGES, type PictureFacts } from '../images';
import type { Lang } from '../languages';
import type { Practice } from '../practice';
import type { Price, PriceId } from '../prices';
import {
  type Field,
  list,
  type NumberField,
  type ObjectField,
  obj,
  optionalText,
  type TextField,
  text,
} from './fields';

// The fields of the practice's facts (content/facts/*.json).

const price = obj<Omit<Price, 'id'>>({
  amount: { kind: 'number', whole: true, min: 0, nullable: true },
  minutes: { kind: 'number', whole: true, min: 1, optional: true },
  upTo: { kind: 'boolean', optional: true },
});

const prices: ObjectField<Record<PriceId, Omit<Price, 'id'>>> = obj({
  individuel: price,
  par: price,
  familie: price,
  boern: price,
  'supervision-individuel': price,
  supervisionspakke: price,
  gruppesupervision: price,
});

const time: TextField = { kind: 'text', format: 'time' };
const degrees = (max: number): NumberField => ({ kind: 'number', min: -max, max });

const practice: ObjectField<Omit<Practice, 'languages'>> = obj({
  name: text,
  practitioner: text,
  address: obj({ street: text, postalCode: text, city: text }),
  phone: text,
  phoneE164: text,
  email: text,
  cvr: text,
  coordinates: obj({ lat: degrees(90), lon: degrees(180) }),
  phoneHours: obj({ opens: time, closes: time }),
  membershipBadge: text,
});

const span = obj<SpanFacts>({
  from: time,
  to: time,
  services: list({ kind: 'choice', values: bookableServices }),
});

const booking: ObjectField<BookingFacts> = obj({
  week: { kind: 'map', keys: ['1', '2', '3', '4', '5', '6', '7'], of: list(span) as Field },
  closedDays: list(obj({ date: { kind: 'text', format: 'closedDay' }, note: optionalText }), { min: 0 }),
  clientLink: { kind: 'boolean' },
});

const inEveryLanguage = obj<Record<Lang, string>>({ da: text, en: text, fa: text });

const pictures: ObjectField<PictureFacts> = obj({
  portrait: inEveryLanguage,
  clinic: list(
    obj({
      file: { kind: 'text', format: 'fileName' },
      page: { kind: 'choice', values: PHOTO_PAGES },
      description: inEveryLanguage,
    }),
    { min: 0 },
  ),
});

/** The facts' files by name: content/facts/<name>.json. */
export const factFiles = { prices, practice, booking, pictures };
