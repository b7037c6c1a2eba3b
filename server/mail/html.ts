import { colors, cssPalette } from '../../content/colors';
import type { Lang } from '../../content/languages';
import { visitorMails } from '../../content/visitorMails';
import { escapeHtml } from '../http/escapeHtml';

// Every mail's HTML is written one way (decision 0033): this tag, whose values are text, escaped,
// unless they are markup this same tag made. Nothing a visitor typed can become markup by
// forgetting a call, and a list of parts needs no join.

/** HTML made by `html`: the only thing a value may be to pass unescaped. */
export class Markup {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Value = string | number | Markup | null | undefined | false | readonly Value[];

/** Unicode's isolates (LRI, RLI, FSI … PDI) and the direction each gives its span. */
const ISOLATE = /([\u2066\u2067\u2068])([^\u2066-\u2069]*)\u2069/g;
const DIRECTION: Record<string, string> = { '\u2066': 'ltr', '\u2067': 'rtl', '\u2068': 'auto' };

/**
 * Escaped text, its isolates as spans with `dir`: a mail program that does not know LRI … PDI
 * (Unicode 6.3) would lay a phone number out reversed beside Persian text ("78 56 34 12"), while
 * an element's dir is HTML every one of them reads. The innermost pairs first.
 */
function text(value: string): string {
  let out = escapeHtml(value);
  for (let before = ''; before !== out; ) {
    before = out;
    out = out.replace(ISOLATE, (_, open: string, inner: string) => `<span dir="${DIRECTION[open]}">${inner}</span>`);
  }
  return out;
}

const render = (value: Value): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Markup) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return text(String(value));
};

export function html(strings: TemplateStringsArray, ...values: readonly Value[]): Markup {
  return new Markup(strings.reduce((out, text, i) => out + render(values[i - 1] ?? null) + text));
}

// Checked as colours (cssPalette): they go into the <style> below as they are, and into style attributes.
const [light, dark] = [cssPalette(colors.light, 'light'), cssPalette(colors.dark, 'dark')];

/**
 * The site's colours in every mail (content/colors.ts), in <style>, which the common mail programs
 * read (Gmail, Outlook, Apple Mail, Yahoo, Thunderbird): links in its green, and in a reader's
 * dark mode its dark scheme, where the program follows prefers-color-scheme (Apple Mail, iOS
 * Mail, Outlook for Mac; others darken a mail by themselves). The page, her name and a button
 * carry their light colours inline too; `!important`: a style sheet's rule loses to an inline
 * style without it.
 */
const STYLE = `:root{color-scheme:light dark}
a{color:${light.primary}}
@media (prefers-color-scheme:dark){
body,.mail{background:${dark.bg}!important;color:${dark.text}!important}
.mail-from{color:${dark.heading}!important;border-color:${dark.primary}!important}
a{color:${dark.primary}!important}
a.button{background:${dark.primary}!important;color:${dark.onPrimary}!important}
}`;

/** A link as a button in the site's colours that never breaks across lines (an offered time in Persian text). */
export const mailButton = (href: string, label: string): Markup =>
  html`<a class="button" href="${href}" style="display:inline-block;margin-block:0.2em;margin-inline-end:0.4em;padding:0.45em 1.1em;border-radius:999px;background:${light.primary};color:${light.onPrimary};font-weight:600;text-decoration:none;white-space:nowrap">${label}</a>`;

/**
 * A mail's whole HTML document in `lang` and direction `dir`, in the site's colours: `from`, who
 * the mail is from (her name), at the top; `preheader`, the hidden first line mail programs show
 * in a list. The one document of every mail, the visitor's and the practice's.
 */
export function mailPage(lang: string, dir: 'ltr' | 'rtl', from: Value, body: Value, preheader?: string): string {
  const head = html`<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><style>${new Markup(STYLE)}</style></head>`;
  const hidden = preheader
    ? html`<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${preheader}</div>`
    : null;
  const top = html`<div class="mail-from" style="font-size:1.25em;font-weight:600;color:${light.heading};padding-bottom:0.4em;margin-bottom:1em;border-bottom:2px solid ${light.primary}">${from}</div>`;
  return html`${head}\n<body dir="${dir}" style="margin:0;background:${light.bg};color:${light.text}">\n${hidden}<div class="mail" style="font-family:system-ui,sans-serif;line-height:1.5;max-width:40em;padding:1em;background:${light.bg};color:${light.text}">\n${top}${body}\n</div></body></html>`
    .value;
}

/** A visitor's mail in their language: from the practitioner, her name as that language writes it at the top. */
export const mailDocument = (lang: Lang, dir: 'ltr' | 'rtl', body: Value, options: { preheader?: string } = {}) =>
  mailPage(lang, dir, visitorMails[lang].practitioner, body, options.preheader);
