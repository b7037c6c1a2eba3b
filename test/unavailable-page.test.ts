import { readFileSync } from 'node:fs';
import path from 'node:path';
import { langs, languages } from '../content/languages';
import { practice } from '../content/practice';
import { serverTexts } from '../content/serverTexts';
import { siteTexts } from '../content/siteTexts';
import { ROOT } from '../scripts/builtServer';
import { unavailablePage } from '../server/http/unavailablePage';

// The page the host shows while the site cannot answer (issue 48): built by `npm run build` into
// dist/unavailable.html from content/, in all three languages, with the practice's phone and the
// crisis lines as links that dial, and nothing it would fetch from anywhere.

const html = unavailablePage();
const sectionOf = (lang: string) =>
  new RegExp(`<section lang="${lang}" dir="(\\w+)">([\\s\\S]*?)</section>`).exec(html);

test('the build writes it', () => {
  expect(readFileSync(path.join(ROOT, 'dist', 'unavailable.html'), 'utf8')).toBe(html);
});

test.each(langs)('in %s: the error text, the practice phone and every crisis line with its number', (lang) => {
  const section = sectionOf(lang);
  expect(section?.[1]).toBe(languages[lang].dir);
  const body = section?.[2] ?? '';
  expect(body).toContain(`<h1>${serverTexts[lang].serverError.title}</h1>`);
  expect(body).toContain(`<a href="tel:${practice.phoneE164}" dir="ltr">${practice.phone}</a>`);
  expect(body).toContain(`<h2>${siteTexts[lang].crisis.heading}</h2>`);
  const lines = siteTexts[lang].crisis.lines;
  expect(body.match(/<li>/g)).toHaveLength(lines.length);
  for (const { phone } of lines)
    if (phone) expect(body).toContain(`<a href="tel:${phone.tel}" dir="ltr">${phone.shown}</a>`);
  expect(body).not.toContain('{phone}');
});

test('it loads nothing: no script, stylesheet, picture, font or address of another host', () => {
  expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|url\(|@import|https?:/i);
});
