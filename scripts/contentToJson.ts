import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bookingRules } from '../content/booking';
import { clinicPhotos } from '../content/images';
import { type Lang, langs } from '../content/languages';
import { practice } from '../content/practice';
import { priceGroups } from '../content/prices';

// Issue 48: the content's TypeScript modules (content/<lang>/*.ts, prices.ts, practice.ts,
// booking.ts, images.ts) evaluated and written as the JSON the site now reads. Run once per
// layout change: `npx tsx scripts/contentToJson.ts` from the repository's root, on a tree where
// content/ still holds the TypeScript modules; it overwrites every JSON file it makes and always
// writes the same bytes for the same modules. What stays code (link targets, the address built
// from the practice's facts, the crisis lines' numbers, the Persian isolates, which are added
// when a page is rendered) is taken out, and checked against what the code now gives.

const root = path.resolve(__dirname, '..');
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

/** Invisible characters written as escapes, so that a reader of the file sees them. */
const VISIBLE: [RegExp, string][] = [
  [/\u00a0/g, '\\u00a0'],
  [/\u2060/g, '\\u2060'],
];

const written: string[] = [];

function write(file: string, value: unknown): void {
  let text = `${JSON.stringify(value, null, 2)}\n`;
  for (const [re, escaped] of VISIBLE) text = text.replace(re, escaped);
  const target = path.join(root, 'content', file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  written.push(target);
  console.log(`wrote content/${file}`);
}

const clone = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

function fail(message: string): never {
  throw new Error(`contentToJson: ${message}`);
}

/** The left-to-right isolates the Persian texts carried; the pages add them now (content/bidi.ts). */
function stripIsolates(value: Json): Json {
  if (typeof value === 'string') return value.replace(/[\u2066-\u2069]/g, '');
  if (Array.isArray(value)) return value.map(stripIsolates);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stripIsolates(v)]));
  return value;
}

/** The link targets the code now holds (content/links.ts): the same in every language. */
const LINKS: Record<string, string> = {
  'home hero.primary.to': 'booking',
  'home hero.secondary.to': 'about',
  'about cta.primary.to': 'booking',
  'about cta.secondary.to': 'contact',
  'therapy cta.primary.to': 'booking',
  'therapy cta.secondary.to': 'contact',
  'prices booking.cta.to': 'booking',
  'booking placeholder.link': 'contact',
  'privacy sections.rights.closing.url': 'https://www.datatilsynet.dk',
  'privacy sections.contact.paragraphs.to': 'prices',
  'privacy sections.contact.paragraphs.anchor': 'cancellation-section',
};

/** Removes the link targets (to, anchor, url) from `value`, checking each against LINKS. */
function stripLinks(page: string, value: Json, at: string[] = []): Json {
  if (Array.isArray(value)) return value.map((item) => stripLinks(page, item, at));
  if (!value || typeof value !== 'object') return value;
  const out: Obj = {};
  for (const [key, item] of Object.entries(value)) {
    const where = [...at, key].join('.');
    const isTarget = ['to', 'anchor', 'url'].includes(key) || (page === 'booking' && where === 'placeholder.link');
    if (!isTarget) {
      out[key] = stripLinks(page, item, [...at, key]);
      continue;
    }
    const expected = LINKS[`${page} ${where}`];
    if (expected !== item)
      fail(`${page}: ${where} is '${String(item)}', the code has '${expected}': change content/links.ts to match`);
  }
  return out;
}

function omit(value: Json, keys: string[]): Obj {
  const out: Obj = { ...(value as Obj) };
  for (const key of keys) delete out[key];
  return out;
}

const FORM_KEYS = ['requiredNote', 'consent', 'honeypotLabel'];

/** A form's texts without the words every form shares (form.json), checked to be those words. */
function withoutCommonForm(where: string, texts: Json, common: Json): Obj {
  for (const key of FORM_KEYS)
    if (JSON.stringify((texts as Obj)[key]) !== JSON.stringify((common as Obj)[key]))
      fail(`${where}.${key} differs from form.ts's: put it in form.ts`);
  return omit(texts, FORM_KEYS);
}

async function convertLanguage(lang: Lang, pictures: { portrait: Obj; clinic: Obj }) {
  const mod = (name: string) => import(`../content/${lang}/${name}`) as Promise<Record<string, unknown>>;
  const persian = (value: Json) => (lang === 'fa' ? stripIsolates(value) : value);
  const put = (name: string, value: Json) => write(`${lang}/${name}.json`, persian(value));

  const form = clone((await mod('form')).form);
  put('form', form);
  for (const page of ['home', 'about', 'therapy', 'prices']) {
    let texts = stripLinks(page, clone((await mod(page))[page]));
    if (page === 'home') {
      const home = texts as Obj & { testimonials: Obj & { items: Obj[] } };
      home.testimonials.items = home.testimonials.items.map((item) => omit(item, ['id']));
      texts = home;
    }
    put(page, texts);
  }

  const booking = stripLinks('booking', clone((await mod('booking')).booking)) as Obj;
  booking.flow = withoutCommonForm(`${lang}/booking.ts flow`, booking.flow as Json, form);
  put('booking', booking);

  const contact = clone((await mod('contact')).contact) as Obj;
  contact.form = withoutCommonForm(`${lang}/contact.ts form`, contact.form as Json, form);
  for (const id of clinicPhotos) (pictures.clinic[id] as Obj)[lang] = (contact.photos as Obj)[id] as Json;
  put('contact', omit(contact, ['photos']));

  const privacy = stripLinks('privacy', clone((await mod('privacy')).privacy)) as Obj;
  const bookingPrivacy = stripLinks('privacy', clone((await mod('booking')).bookingPrivacy));
  put('privacy', { ...privacy, booking: bookingPrivacy });

  put('server', clone((await mod('server')).server));
  put('visitorMail', clone((await mod('visitorMail')).visitorMail));

  const site = clone((await mod('site')).site) as Obj & {
    practice: Obj & { address: { street: string; oneLine: string }; portrait: string };
    crisis: { heading: string; lines: { id: string; text: string }[] };
  };
  pictures.portrait[lang] = site.practice.portrait;
  // The floor in words: what the street line has after the street (content/<lang>/site.ts builds the address).
  const { street } = practice.address;
  const line = site.practice.address.street;
  if (!line.startsWith(street)) fail(`${lang}/site.ts: practice.address.street does not start with the street`);
  const floor = line.slice(street.length).replace(/^[,،]\s*/, '');
  const { address: _address, portrait: _portrait, ...words } = site.practice;
  put('site', {
    ...site,
    practice: { ...words, floor },
    crisis: {
      heading: site.crisis.heading,
      lines: Object.fromEntries(site.crisis.lines.map((l) => [l.id, l.text])),
    },
  });
  return site.practice.address;
}

async function main() {
  const clinic: Obj = Object.fromEntries(clinicPhotos.map((id) => [id, {}]));
  const pictures = { portrait: {} as Obj, clinic };
  const addresses: Record<string, unknown> = {};
  for (const lang of langs) addresses[lang] = await convertLanguage(lang, pictures);
  write('facts/pictures.json', {
    portrait: pictures.portrait,
    clinic: clinicPhotos.map((file) => ({ file, description: clinic[file] })),
  });

  const prices: Obj = {};
  for (const group of priceGroups) for (const { id, ...facts } of group.prices) prices[id] = clone(facts);
  write('facts/prices.json', prices);

  const { languages: _languages, ...facts } = practice;
  write('facts/practice.json', facts);

  const notes: Record<string, string> = {
    '06-05': 'grundlovsdag',
    '12-24': 'juleaftensdag',
    '12-31': 'nytårsaftensdag',
  };
  write('facts/booking.json', {
    week: bookingRules.week,
    closedDays: bookingRules.closedDates.map((date) => (notes[date] ? { date, note: notes[date] } : { date })),
  });
  // Biome's layout (npm run lint checks it), so that a run writes what the repository holds.
  execFileSync(path.join(root, 'node_modules', '.bin', 'biome'), ['format', '--write', ...written], {
    stdio: 'ignore',
  });
  // What the new code builds from practice.json and site.json's floor must equal what site.ts built.
  console.log('addresses (the code builds these from facts/practice.json and site.json):', addresses);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
