import request from 'supertest';
import { langs } from '../content/languages';
import { siteTexts } from '../content/siteTexts';
import { translations } from '../content/translations';
import { paths, routes, sentQuery } from '../views/routes';
import { asReactWrites } from './support/html';
import { makeApp } from './support/app';

// Where to turn in a crisis is on every page, in the page's language, with numbers that dial:
// 112 in acute danger, the region's psychiatry around the clock, Livslinien (not always open,
// in Danish), the out-of-hours doctor. On the contact page it stands above the form, and after a
// message is sent the thanks say when the answer comes and where to turn if it cannot wait.

const { app } = makeApp();
const get = async (path: string) => (await request(app).get(path).expect(200)).text.replace(/<!-- -->/g, '');

/** The numbers a person in crisis may need, as shown and as dialled. */
const NUMBERS = [
  ['112', '112'],
  ['97 64 30 00', '+4597643000'],
  ['70 201 201', '+4570201201'],
  ['70 15 03 00', '+4570150300'],
] as const;

test.each(langs.map((l) => [l]))('%s: every line says its service, and each number it names goes with it', (lang) => {
  const lines = siteTexts[lang].crisis.lines;
  // 112 first (no entry of her list), then her lines with their numbers, each saying where its number goes.
  expect(lines.map((l) => [l.phone.shown, l.phone.tel])).toEqual(NUMBERS.map(([shown, tel]) => [shown, tel]));
  for (const line of lines) expect(line.text.split('{phone}')).toHaveLength(2);
  // What the issue asks each language to say: Livslinien is not always open; in English and Persian, that it speaks Danish.
  const livslinien = lines[2]!.text;
  expect(livslinien).toMatch(
    { da: /ikke åbent hele døgnet/, en: /not open around the clock.*in Danish/, fa: /شبانه‌روزی نیست.*دانمارکی/ }[lang],
  );
  // The psychiatry's number is its round-the-clock switchboard, which puts callers through (not an advice line).
  expect(lines[1]!.text).toMatch(
    { da: /døgnåben.*stille dig videre/, en: /around the clock.*put you through/, fa: /شبانه‌روزی.*وصل/ }[lang],
  );
  expect(lines[1]!.text).not.toMatch(/advice|rådgiv|مشاوره/);
  expect(lines[3]!.text).toContain('Lægevagten');
});

test.each(NUMBERS)('%s dials %s: the same digits', (shown, tel) => {
  expect(tel.replace(/^\+45/, '')).toBe(shown.replace(/ /g, ''));
});

describe.each(routes.map((r) => [r.path, r]))('%s', (path, route) => {
  test("the footer says where to turn in a crisis first, in the page's language, with tel: links that never wrap", async () => {
    const html = await get(path);
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    const crisis = /<section class="container site-footer__crisis"[\s\S]*?<\/section>/.exec(footer)?.[0] ?? '';
    expect(footer.indexOf(crisis)).toBeLessThan(footer.indexOf('site-footer__grid'));
    expect(crisis).toContain(`>${asReactWrites(siteTexts[route.lang].crisis.heading)}</h2>`);
    for (const [shown, tel] of NUMBERS)
      expect(crisis).toContain(`<a class="tel" href="tel:${tel}" dir="ltr">${shown}</a>`);
    for (const line of siteTexts[route.lang].crisis.lines) {
      for (const part of line.text.split('{phone}')) expect(crisis).toContain(asReactWrites(part));
    }
  });
});

describe.each(langs.map((l) => [l]))('%s contact page', (lang) => {
  test('the crisis box stands above the form, after its heading', async () => {
    const html = await get(paths.contact[lang]);
    const { crisisNote } = await translations[lang].contact();
    const box = html.indexOf('<div class="crisis-box">');
    expect(box).toBeGreaterThan(html.indexOf('id="form-heading"'));
    expect(box).toBeLessThan(html.indexOf('<form'));
    const content = html.slice(box, html.indexOf('<form'));
    expect(content).toContain(asReactWrites(crisisNote));
    for (const [shown, tel] of NUMBERS)
      expect(content).toContain(`<a class="tel" href="tel:${tel}" dir="ltr">${shown}</a>`);
  });

  test('after sending: no request to fill in the form, the thanks say when the answer comes and where to turn if it cannot wait', async () => {
    const page = await get(`${paths.contact[lang]}?${sentQuery[lang]}=1`);
    // What the visitor sees: the page's data for the browser holds every text of the form.
    const html = /<main[\s\S]*<\/main>/.exec(page)?.[0] ?? '';
    const { form } = await translations[lang].contact();
    expect(html).not.toContain('<form');
    expect(html).not.toContain(asReactWrites(form.intro));
    const card = /<div class="success-card"[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
    expect(card).toContain(asReactWrites(form.success.text));
    expect(card).toContain(asReactWrites(form.success.next));
    expect(form.success.next).toMatch(/1–2|۱ تا ۲/);
    // The numbers it points to are above it.
    expect(html.indexOf('<div class="crisis-box">')).toBeLessThan(html.indexOf('<div class="success-card"'));
  });
});
