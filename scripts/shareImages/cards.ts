import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { colors, cssPalette } from '../../content/colors';
import { languages, langs, type Lang } from '../../content/languages';
import { practice } from '../../content/practice';
import { siteTexts } from '../../content/siteTexts';
import { escapeHtml as esc } from '../../server/http/escapeHtml';
import { CARD, ICONS } from '../../server/http/shareImages';

// What the link-preview pictures and the app icons show, drawn from content/: the practice's
// name, the practitioner and their title in each language, the site's light colours and the
// logo's mark. scripts/shareImages.ts photographs these pages in Chromium; the server and the
// tests use the same data (the stamp below), so a picture can never silently show an old name.

export interface CardTexts {
  lang: Lang;
  dir: 'ltr' | 'rtl';
  name: string;
  practitioner: string;
  title: string;
  city: string;
  /** The three languages, each in itself: the practice speaks them. */
  languageNames: string[];
}

export const cardTexts = (lang: Lang): CardTexts => ({
  lang,
  dir: languages[lang].dir,
  name: practice.name,
  practitioner: practice.practitioner,
  title: siteTexts[lang].practice.title,
  city: practice.address.city,
  languageNames: practice.languages.map((l) => languages[l].name),
});

// The texts escaped as HTML text, the colours checked as CSS colours (they go into a <style> and
// SVG attributes as they are): Chromium draws the pictures from this page, script and all.
const palette = cssPalette(colors.light, 'light');

/** The logo's mark (public/favicon.svg's shape) in the site's colours. */
function markSvg(size: number, options: { bleed?: boolean } = {}): string {
  // A maskable icon fills its square; the mark sits in the middle, inside the safe zone.
  const background = options.bleed
    ? `<rect width="36" height="36" fill="${palette.logoBg}"/><g transform="translate(18 18) scale(0.72) translate(-18 -18)">`
    : `<circle cx="18" cy="18" r="17" fill="${palette.logoBg}"/><g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 36 36">${background}` +
    `<path d="M11 22c2.5-6 5-9 7-9s4.5 3 7 9" fill="none" stroke="${palette.logoInk}" stroke-width="2.2" stroke-linecap="round"/>` +
    `<circle cx="18" cy="10" r="2.2" fill="${palette.logoInk}"/></g></svg>`
  );
}

/** Noto draws every script here (Debian's fonts-noto-core), so a picture looks the same on any machine that has it. */
const FONTS = "'Noto Sans', 'Noto Sans Arabic', 'DejaVu Sans', sans-serif";

export function cardHtml(t: CardTexts): string {
  return `<!doctype html>
<html lang="${t.lang}" dir="${t.dir}">
<head><meta charset="utf-8"><style>
  html, body { margin: 0; width: ${CARD.width}px; height: ${CARD.height}px; overflow: hidden; }
  body {
    box-sizing: border-box; display: flex; flex-direction: column; justify-content: center; gap: 28px;
    padding: 0 96px 24px; font-family: ${FONTS}; color: ${palette.text};
    background: ${palette.bg};
    border-block-end: 24px solid ${palette.primary};
  }
  .brand { display: flex; align-items: center; gap: 36px; }
  .brand svg { flex: none; }
  h1 { margin: 0; font-size: 88px; line-height: 1.1; color: ${palette.heading}; font-weight: 700; }
  .who { margin: 0; font-size: 48px; line-height: 1.35; color: ${palette.primaryDark}; font-weight: 600; }
  .title { display: block; font-weight: 400; color: ${palette.text}; }
  .where { margin: 0; font-size: 34px; color: ${palette.muted}; }
  .where span + span::before { content: ' · '; color: ${palette.accent}; }
  bdi { unicode-bidi: isolate; }
</style></head>
<body>
  <div class="brand">${markSvg(150)}<h1><bdi>${esc(t.name)}</bdi></h1></div>
  <p class="who"><bdi>${esc(t.practitioner)}</bdi><span class="title">${esc(t.title)}</span></p>
  <p class="where"><span><bdi>${esc(t.city)}</bdi></span>${t.languageNames.map((n) => `<span><bdi>${esc(n)}</bdi></span>`).join('')}</p>
</body>
</html>`;
}

/** A page that is just the icon, for a screenshot of exactly its size. */
export function iconHtml(size: number, maskable: boolean): string {
  return `<!doctype html><html><head><style>html,body{margin:0;background:transparent}svg{display:block}</style></head><body>${markSvg(size, { bleed: maskable })}</body></html>`;
}

/**
 * A hash of everything a picture is made from: the texts and colours, and this file (the
 * drawing). public/share/images.json records it; a test compares, so a changed name or title
 * fails `npm test` until `npm run share-images` has drawn the pictures anew.
 */
export function inputsHash(): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ cards: langs.map(cardTexts), palette, card: CARD, icons: ICONS }));
  hash.update(readFileSync(__filename.replace(/\.js$/, '.ts')));
  return hash.digest('hex').slice(0, 16);
}
