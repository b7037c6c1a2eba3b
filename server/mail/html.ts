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

/** A mail's whole HTML document in `lang` and direction `dir`: `preheader` is the hidden first line mail programs show in a list. */
export function mailDocument(
  lang: string,
  dir: 'ltr' | 'rtl',
  body: Value,
  options: { preheader?: string; style?: string } = {},
): string {
  const head = html`<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>`;
  const hidden = options.preheader
    ? html`<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${options.preheader}</div>`
    : null;
  return html`${head}\n<body dir="${dir}" style="${options.style ?? 'font-family:system-ui,sans-serif;line-height:1.5;max-width:40em'}">\n${hidden}${body}\n</body></html>`
    .value;
}
