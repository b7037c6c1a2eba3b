import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isolated } from '../content/bidi';
import { closedDates, periodProblem } from '../content/closedDays';
import homeWords from '../content/fa/home.json';
import { homeTexts } from '../content/links';
import { checkValue, type Problem } from '../content/schema/check';
import { type Field, text } from '../content/schema/fields';
import { words } from '../content/words';
import { checkContent } from '../scripts/checkContent';

// content's JSON as the owner's editor will write it: every file passes the checks of its
// declaration (content/schema/files.ts), and a copy with one mistake fails with one line naming
// the file and the key. What the type-checker finds (a key missing in Persian, a number where a
// text belongs) is proven by `npm run typecheck` below: each @ts-expect-error fails the
// type-check the day the mistake stops being an error.

const CONTENT = path.resolve(__dirname, '..', 'content');
let dir: string;
let images: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'content-'));
  const json = (f: string) => f.endsWith('.json') || statSync(f).isDirectory();
  cpSync(CONTENT, path.join(dir, 'content'), { recursive: true, filter: (f) => !f.includes('images') && json(f) });
  images = path.join(dir, 'images');
  mkdirSync(path.join(images, 'clinic'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, unknown>;
/** Changes one file of the copy. */
function edit(file: string, change: (json: Json) => void): void {
  const target = path.join(dir, 'content', file);
  const json = JSON.parse(readFileSync(target, 'utf8')) as Json;
  change(json);
  writeFileSync(target, JSON.stringify(json));
}
const at = (json: Json, ...keys: string[]) => keys.reduce((o, k) => o[k] as Json, json);
const problems = () => checkContent({ contentDir: path.join(dir, 'content'), imagesDir: images });

test('every content JSON file passes the checks', () => {
  expect(checkContent({ contentDir: CONTENT, imagesDir: path.join(CONTENT, 'images') })).toEqual([]);
  expect(problems()).toEqual([]);
});

test.each<[string, string, (json: Json) => void, string]>([
  [
    'an extra key',
    'fa/home.json',
    (j) => (at(j, 'hero').subtitle = 'x'),
    'content/fa/home.json: hero.subtitle: is not a field here',
  ],
  [
    'a key missing',
    'en/server.json',
    (j) => delete at(j, 'replies').notText,
    'content/en/server.json: replies.notText: is missing',
  ],
  ['an empty text', 'da/prices.json', (j) => (j.lead = '  '), 'content/da/prices.json: lead: is empty'],
  [
    'a space the editor would drop (before a link)',
    'fa/form.json',
    (j) => (at(j, 'consent').after = ' پردازش شود.'),
    'content/fa/form.json: consent.after: begins or ends with a space: delete it',
  ],
  ['a number for a text', 'da/site.json', (j) => (j.notFound = 5), 'content/da/site.json: notFound: should be a text'],
  [
    'two testimonials',
    'en/home.json',
    (j) => (at(j, 'testimonials').items as unknown[]).pop(),
    'content/en/home.json: testimonials.items: has 2 entries: the page is made for exactly 3',
  ],
  [
    'eleven months',
    'fa/privacy.json',
    (j) => (j.months as unknown[]).pop(),
    'content/fa/privacy.json: months: has 11 entries',
  ],
  [
    'an isolate typed into Persian',
    'fa/about.json',
    (j) => (j.lead = '\u2066ADHD\u2069 و'),
    'content/fa/about.json: lead: has an invisible direction mark',
  ],
  [
    '25:00',
    'facts/practice.json',
    (j) => (at(j, 'phoneHours').opens = '25:00'),
    "content/facts/practice.json: phoneHours.opens: '25:00' is not a time",
  ],
  [
    '2026-13-01',
    'facts/booking.json',
    (j) => (j.closedDays as unknown[]).push({ date: '2026-13-01' }),
    "content/facts/booking.json: closedDays[3].date: '2026-13-01' is not a date",
  ],
  [
    'a period that ends before it begins',
    'facts/booking.json',
    (j) => (j.closedDays as unknown[]).push({ date: '2026-07-31', to: '2026-07-13' }),
    "content/facts/booking.json: closedDays[3].to: '2026-07-13' is before the first day '2026-07-31'",
  ],
  [
    'a period written two ways',
    'facts/booking.json',
    (j) => (j.closedDays as unknown[]).push({ date: '2026-07-13', to: '07-31' }),
    "closedDays[3].to: '07-31' and the first day '2026-07-13' must be written alike",
  ],
  [
    'a day closed every year already',
    'facts/booking.json',
    (j) => (j.closedDays as unknown[]).push({ date: '2026-12-24', note: 'jul' }),
    "content/facts/booking.json: closedDays[3].date: '2026-12-24' is closed every year already (closedDays[1]): delete it",
  ],
  [
    'a public holiday (Good Friday 2027)',
    'facts/booking.json',
    (j) => (j.closedDays as unknown[]).push({ date: '2027-03-26' }),
    "closedDays[3].date: '2027-03-26' is a public holiday, closed by itself: delete it",
  ],
  [
    '"op til" without a length',
    'facts/prices.json',
    (j) => (at(j, 'supervisionspakke').upTo = true),
    'content/facts/prices.json: supervisionspakke.upTo: »Op til« goes with a length only',
  ],
  [
    '02-30',
    'facts/booking.json',
    (j) => (j.closedDays as unknown[]).push({ date: '02-30' }),
    "closedDays[3].date: '02-30' is not a date",
  ],
  [
    'an opening that ends first',
    'facts/booking.json',
    (j) => (((at(j, 'week').monday as Json[])[0] as Json).to = '08:00'),
    'content/facts/booking.json: week.monday[0]: ends (08:00) before it begins (09:00)',
  ],
  [
    'a weekday 8',
    'facts/booking.json',
    (j) => (at(j, 'week')['1'] = []),
    'content/facts/booking.json: week.1: is not a field here (one of monday, tuesday, wednesday, thursday, friday, saturday, sunday)',
  ],
  [
    'a service unknown',
    'facts/booking.json',
    (j) => (((at(j, 'week').monday as Json[])[0] as Json).services = ['yoga']),
    "week.monday[0].services[0]: 'yoga' is none of",
  ],
  [
    'a negative price',
    'facts/prices.json',
    (j) => (at(j, 'par').amount = -100),
    'content/facts/prices.json: par.amount: -100 is less than 0',
  ],
  [
    'a price in øre',
    'facts/prices.json',
    (j) => (at(j, 'par').amount = 1200.5),
    'content/facts/prices.json: par.amount: 1200.5 should be a whole number',
  ],
  [
    'a price that is not listed',
    'facts/prices.json',
    (j) => (j.yoga = { amount: 500 }),
    'content/facts/prices.json: yoga: is not a field here',
  ],
  [
    'a price of 1e308',
    'facts/prices.json',
    (j) => (at(j, 'individuel').amount = 1e308),
    'content/facts/prices.json: individuel.amount: 1e+308 is more than 100000',
  ],
  [
    'a text of 1 MB',
    'da/home.json',
    (j) => (at(j, 'hero').lead = 'x'.repeat(1_000_000)),
    'content/da/home.json: hero.lead: is 1000000 characters long: at most 5000 fit here',
  ],
  [
    'a heading longer than a line',
    'en/prices.json',
    (j) => (j.heading = 'Prices '.repeat(30)),
    'content/en/prices.json: heading: is 210 characters long: at most 150 fit here',
  ],
  [
    'a zero-width space',
    'fa/site.json',
    (j) => (at(j, 'practice').practitioner = 'سارا\u200Bاحمدی'),
    'content/fa/site.json: practice.practitioner: has an invisible character (U+200B) at character 5: delete it',
  ],
  [
    'a soft hyphen',
    'da/therapy.json',
    (j) => (j.heading = 'Ter\u00ADapi'),
    'content/da/therapy.json: heading: has an invisible character (U+00AD) at character 4',
  ],
  [
    'a line break in a heading',
    'da/about.json',
    (j) => (j.heading = 'Om\nmig'),
    'content/da/about.json: heading: has a line break at character 3: write it on one line',
  ],
  [
    'a control character',
    'en/visitorMail.json',
    (j) => (j.confirmedSubject = 'Your time\u0007'),
    'content/en/visitorMail.json: confirmedSubject: has a control character (U+0007) at character 10',
  ],
  [
    'a closed day more than a list holds',
    'facts/booking.json',
    (j) => (j.closedDays = Array.from({ length: 201 }, () => ({ date: '12-24' }))),
    'content/facts/booking.json: closedDays: has 201 entries, at most 200 fit here',
  ],
  [
    'a policy paragraph of no known shape',
    'en/privacy.json',
    (j) => ((at(at(j, 'sections'), 'data').paragraphs as unknown[])[0] = { text: 'x' }),
    'content/en/privacy.json: sections.data.paragraphs[0].type: is missing: one of text, mailProtection, link',
  ],
  [
    'a picture without its Persian description',
    'facts/pictures.json',
    (j) => delete at((j.clinic as Json[])[0] as Json, 'description').fa,
    'content/facts/pictures.json: clinic[0].description.fa: is missing',
  ],
  [
    'a policy paragraph changed without its date',
    'en/privacy.json',
    (j) => (((at(at(j, 'sections'), 'rights').paragraphs as Json[])[0] as Json).text = 'You may complain.'),
    "content/da/privacy.json: updated: the policy's words changed since 12 August 2025, and its date did not: save the policy in the editor, which sets today's date, or run `npm run policy-date -- YYYY-MM-DD`",
  ],
  [
    'a removed 112',
    'da/site.json',
    (j) => delete at(j, 'crisis').emergency,
    'content/da/site.json: crisis.emergency: is missing',
  ],
  [
    'a crisis number one cannot dial',
    'fa/site.json',
    (j) => (((at(j, 'crisis').lines as Json[])[1] as Json).number = '70 20 12'),
    "content/fa/site.json: crisis.lines[1].number: '70 20 12' is not a Danish phone number one can dial",
  ],
  [
    'a crisis line without its number in the text',
    'en/site.json',
    (j) => (((at(j, 'crisis').lines as Json[])[0] as Json).text = 'Call the psychiatric services.'),
    'content/en/site.json: crisis.lines[0].text: should hold {phone} once',
  ],
  [
    'a crisis line in English only',
    'en/site.json',
    (j) => (at(j, 'crisis').lines as Json[]).pop(),
    'content/en/site.json: crisis.lines: has 2 entries, the Danish has 3',
  ],
  [
    'a career year in Persian that is not the Danish one',
    'fa/about.json',
    (j) => (((j.experience as Json[])[2] as Json).from = 2018),
    'content/fa/about.json: experience[2].from: 2018 differs from the Danish 2017: it is the same in every language',
  ],
  [
    'a therapy area with an icon the site does not have',
    'da/therapy.json',
    (j) => (((j.areas as Json[])[0] as Json).icon = 'heart'),
    "content/da/therapy.json: areas[0].icon: 'heart' is none of users, wind",
  ],
  [
    'a mail text with a placeholder in a line of its own',
    'practitioner/bookingMail.json',
    (j) => (j.intro = 'Forespørgsel\npå en tid.'),
    'content/practitioner/bookingMail.json: intro: has a line break at character 13',
  ],
  ['not JSON', 'da/home.json', (j) => (j.x = undefined), ''],
])('%s is named with its file and key', (_what, file, change, line) => {
  if (line === '') {
    writeFileSync(path.join(dir, 'content', file), '{ "hero": ');
    expect(problems()).toEqual([expect.stringMatching(/^content\/da\/home\.json: is not valid JSON/)]);
    return;
  }
  edit(file, change);
  const found = problems();
  expect(found).toHaveLength(1);
  expect(found[0]).toContain(line);
});

test('a file with a thousand mistakes is named in a screenful', () => {
  edit('da/site.json', (j) => {
    for (let i = 0; i < 1000; i++) j[`extra${i}`] = 'x';
  });
  const found = problems();
  expect(found).toHaveLength(21);
  expect(found[20]).toBe('content/da/site.json: and 980 more problems like those above');
});

test('a clinic photo in the folder but not listed is named; one listed but not there yet is no problem (its description waits)', () => {
  writeFileSync(path.join(images, 'clinic', 'room.jpg'), 'a photo');
  expect(problems()).toEqual([]);
  writeFileSync(path.join(images, 'clinic', 'entrance.png'), 'a photo');
  writeFileSync(path.join(images, 'clinic', 'kitchen.jpg'), 'a photo');
  expect(problems()).toEqual([
    expect.stringMatching(
      /^content\/facts\/pictures\.json: clinic: .*clinic\/kitchen\.jpg is not listed: choose it for a photo under Billeder, or delete the file$/,
    ),
  ]);
});

test('a line break (LF) only where a field allows one, and no other line break or control character even there', () => {
  const found = (value: string, field: Field) => {
    const problems: Problem[] = [];
    checkValue(value, field, 'note', problems);
    return problems.map((p) => p.message);
  };
  expect(found('one\ntwo', text('Note'))).toEqual(['has a line break at character 4: write it on one line']);
  expect(found('one\ntwo', text('Note', { breaks: true }))).toEqual([]);
  expect(found('one\r\ntwo', text('Note', { breaks: true }))).toEqual([
    'has a line break at character 4: write it on one line',
  ]);
  expect(found('one\u2028two', text('Note', { breaks: true }))).toEqual([
    'has a line break at character 4: write it on one line',
  ]);
  expect(found('one\ttwo', text('Note', { breaks: true }))).toEqual([
    'has a control character (U+0009) at character 4: delete it',
  ]);
});

test('a closed period closes each of its days, over the new year too', () => {
  expect(closedDates({ date: '12-30', to: '01-02' })).toEqual(['12-30', '12-31', '01-01', '01-02']);
  expect(closedDates({ date: '2026-02-27', to: '2026-03-02' })).toEqual([
    '2026-02-27',
    '2026-02-28',
    '2026-03-01',
    '2026-03-02',
  ]);
  expect(closedDates({ date: '12-24' })).toEqual(['12-24']);
  expect(periodProblem({ date: '2026-01-01', to: '2027-06-01' })).toBe('the period is 517 days long: at most 366');
});

test('the type-checker holds each JSON file to its declaration, through the one loader', () => {
  const { source: _source, ...quote } = homeWords.quote;
  // @ts-expect-error: content/fa/home.json without quote.source ("Property 'source' is missing")
  expect(() => words('fa', 'home', { ...homeWords, quote })).not.toThrow();
  // @ts-expect-error: a number where a text belongs
  expect(() => words('fa', 'home', { ...homeWords, hero: { ...homeWords.hero, lead: 5 } })).not.toThrow();
  expect(homeTexts(words('fa', 'home', homeWords)).hero.primary.to).toBe('booking');
});

test('Persian texts get their left-to-right isolates as they are loaded, placeholders and file names none', () => {
  const iso = (s: string) => `\u2066${s}\u2069`;
  expect(isolated('روان‌شناسی (cand.psych.)')).toBe(`روان‌شناسی ${iso('(cand.psych.)')}`);
  expect(isolated('بدون +45 وارد کنید، مثلاً +98 912 345 6789.')).toBe(
    `بدون ${iso('+45')} وارد کنید، مثلاً ${iso('+98 912 345 6789')}.`,
  );
  expect(isolated('کمک‌هزینه‌ی Sygeforsikringen «danmark» و')).toBe(`کمک‌هزینه‌ی ${iso('Sygeforsikringen «danmark»')} و`);
  expect(isolated('با شماره‌ی {phone} تماس بگیرید')).toBe('با شماره‌ی {phone} تماس بگیرید');
  expect(isolated({ file: 'appointment.ics', online: 'Outlook' })).toEqual({
    file: 'appointment.ics',
    online: iso('Outlook'),
  });
  expect(isolated('قیمت ۱۲۰۰ کرون')).toBe('قیمت ۱۲۰۰ کرون');
});
