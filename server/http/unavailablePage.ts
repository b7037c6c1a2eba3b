import { colors, cssPalette } from '../../content/colors';
import { langs, languages } from '../../content/languages';
import { practice } from '../../content/practice';
import { serverTexts } from '../../content/serverTexts';
import { siteTexts } from '../../content/siteTexts';
import { escapeHtml } from './escapeHtml';

// The page a host shows while the site itself cannot answer (the platform's error and maintenance
// pages: a crash, a release that fails to start, maintenance mode): one static file in all three
// languages, with the practice's phone and where to turn in a crisis, from the same content as the
// site's own pages. `npm run build` writes it to dist/unavailable.html (docs/operations.md says
// where to put it). It loads nothing: no script, no font, no picture, its style inline. A static
// host serves it without the site's Content-Security-Policy, so every content value in it is
// escaped for its place (text and attributes: escapeHtml; colours: cssPalette), or refused.

const tel = (href: string, shown: string) =>
  `<a href="${escapeHtml(`tel:${href}`)}" dir="ltr">${escapeHtml(shown)}</a>`;

/** A text with '{phone}' in it, the number a link that dials it (its own direction, as on the site's pages). */
const withTel = (text: string, href: string, shown: string) =>
  text
    .split('{phone}')
    .map((part) => escapeHtml(part))
    .join(tel(href, shown));

function section(lang: (typeof langs)[number]): string {
  const { title, text } = serverTexts[lang].serverError;
  const { heading, lines } = siteTexts[lang].crisis;
  const crisis = lines
    .map(({ text: line, phone }) => `<li>${phone ? withTel(line, phone.tel, phone.shown) : escapeHtml(line)}</li>`)
    .join('');
  return [
    `<section lang="${lang}" dir="${languages[lang].dir}">`,
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${withTel(text, practice.phoneE164, practice.phone)}</p>`,
    `<h2>${escapeHtml(heading)}</h2>`,
    `<ul>${crisis}</ul>`,
    '</section>',
  ].join('\n');
}

const style = (['light', 'dark'] as const)
  .map((scheme) => {
    const c = cssPalette(colors[scheme], scheme);
    const rule = `body{background:${c.bg};color:${c.text}}h1,h2{color:${c.heading}}a{color:${c.primary}}section+section{border-top:1px solid ${c.line}}`;
    return scheme === 'dark' ? `@media (prefers-color-scheme:dark){${rule}}` : rule;
  })
  .join('');

/** The whole page: Danish first, then English and Persian. */
export function unavailablePage(): string {
  const { title } = serverTexts.da.serverError;
  return [
    '<!doctype html>',
    '<html lang="da">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(`${title} · ${practice.name}`)}</title>`,
    `<style>body{margin:0 auto;max-width:40rem;padding:1rem;font:1.0625rem/1.5 system-ui,sans-serif}section{padding:1rem 0}a{white-space:nowrap}${style}</style>`,
    '</head>',
    '<body>',
    '<main>',
    ...langs.map(section),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
