import bidiFactory from 'bidi-js';
import request from 'supertest';
import { isolated } from '../content/bidi';
import { practice } from '../content/practice';
import { serverTexts } from '../content/serverTexts';
import { siteTexts } from '../content/siteTexts';
import { translations } from '../content/translations';
import { formatNumber, localDigits, ltr } from '../views/format';
import { paths, routes, sentQuery } from '../views/routes';
import { makeApp } from './support/app';

// Every Persian text displays in the order it is written. Each text, as the page renders it,
// goes through the Unicode Bidirectional Algorithm (bidi-js, conformant with UAX #9) in a
// right-to-left paragraph, as the browser lays it out, and then the displayed order is checked:
//  - a pair of brackets or quotation marks encloses its text on screen;
//  - a full stop or sign that belongs to a Latin word or number (the dots of 'cand.psych.', the
//    '+' of '+45') stays on its side of it;
//  - a number is in Persian digits, 0-9 only in a left-to-right isolate (a phone number) or in a
//    Latin phrase (a street address), where it reads left to right.
// Text that must read left to right is isolated with U+2066…U+2069 (or <bdi>, or dir="ltr").

const bidi = bidiFactory();

const LRI = '\u2066';
const RLI = '\u2067';
const FSI = '\u2068';
const PDI = '\u2069';
const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '«': '»', '“': '”' };
const CLOSERS = new Set(Object.values(OPENERS));
/** Full stops and signs that attach to a word or number. */
const SIGNS = new Set(['.', ',', ':', '+', '-', '–', '−', '/', '%']);
const isMark = (c: string) => SIGNS.has(c) || c in OPENERS || CLOSERS.has(c) || c === '"' || c === "'";
const isLatin = (c: string) => /[\p{Script=Latin}0-9]/u.test(c);
const isSpace = (c: string) => /\s/.test(c);

/** What the displayed order gets wrong, in words; none when the text shows as written. */
function misplaced(text: string): string[] {
  const levels = bidi.getEmbeddingLevels(text, 'rtl');
  const order = bidi.getReorderedIndices(text, levels);
  /** Each character's place on screen, counted from the left. */
  const visual: number[] = [];
  order.forEach((logical, position) => {
    visual[logical] = position;
  });
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const shown = order
    .map((i) => mirrored.get(i) ?? text[i])
    .join('')
    .replace(/[\u2066-\u2069]/g, '');
  // How deep in isolates each character is: marks attach only to text at their own depth.
  const depth: number[] = [];
  let d = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === PDI) d = Math.max(0, d - 1);
    depth[i] = d;
    if (c === LRI || c === RLI || c === FSI) d += 1;
  }
  const problems: string[] = [];
  const say = (what: string) =>
    problems.push(`${what} in "${text.replace(/[\u2066-\u2069]/g, '|')}" (shown, left to right: "${shown}")`);

  // Brackets and quotation marks enclose their text.
  const stacks = new Map<number, number[]>();
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const stack = stacks.get(depth[i] as number) ?? [];
    stacks.set(depth[i] as number, stack);
    if (c in OPENERS) stack.push(i);
    else if (CLOSERS.has(c)) {
      let open = stack.length - 1;
      while (open >= 0 && OPENERS[text[stack[open] as number] as string] !== c) open--;
      if (open === -1) continue;
      const o = stack[open] as number;
      stack.length = open;
      const [lo, hi] = [Math.min(visual[o]!, visual[i]!), Math.max(visual[o]!, visual[i]!)];
      for (let k = o + 1; k < i; k++) {
        if (isSpace(text[k] as string)) continue;
        if ((visual[k] as number) < lo || (visual[k] as number) > hi) {
          say(`${text[o]}…${c} does not enclose "${text.slice(o + 1, i).replace(/[\u2066-\u2069]/g, '')}"`);
          break;
        }
      }
    }
  }

  // Full stops and signs stay on their side of the Latin word or number they belong to.
  const core = (from: number, step: 1 | -1, at: number): number | null => {
    for (let k = from; k >= 0 && k < text.length; k += step) {
      const c = text[k] as string;
      if (depth[k] !== at || isSpace(c)) return null;
      if (!isMark(c)) return k;
    }
    return null;
  };
  /** Side by side on screen: nothing between them but the marks that lie between them in the text. */
  const adjacent = (a: number, b: number) => {
    const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
    const [left, right] = [Math.min(visual[a]!, visual[b]!), Math.max(visual[a]!, visual[b]!)];
    for (let k = 0; k < text.length; k++) {
      const v = visual[k] as number;
      if (v > left && v < right && !(k > lo && k < hi && isMark(text[k] as string))) return false;
    }
    return true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (!SIGNS.has(c)) continue;
    const before = core(i - 1, -1, depth[i] as number);
    const after = core(i + 1, 1, depth[i] as number);
    const latinBefore = before !== null && isLatin(text[before] as string);
    const latinAfter = after !== null && isLatin(text[after] as string);
    // Inside a Latin word or number ('cand.psych', '11:00'): between its neighbours, left to right.
    if (latinBefore && latinAfter) {
      if (!(visual[before]! < visual[i]! && visual[i]! < visual[after]!))
        say(`"${c}" leaves "${text.slice(before, after + 1)}"`);
      continue;
    }
    // A sign before a number or word ('+45'): on its left, right beside it.
    if (latinAfter && before === null) {
      if (!(visual[i]! < visual[after]! && adjacent(i, after)))
        say(`"${c}" is not in front of "${text.slice(i, after + 1)}"`);
      continue;
    }
    // A full stop after a Latin word inside brackets or quotation marks ('(cand.psych.)'): on its right.
    // (One that ends a Persian sentence belongs to the sentence, and goes where the sentence ends.)
    if (latinBefore && after === null) {
      let k = i + 1;
      while (k < text.length && !isSpace(text[k] as string) && depth[k] === depth[i] && !CLOSERS.has(text[k] as string))
        k++;
      if (CLOSERS.has(text[k] ?? '') && !(visual[before]! < visual[i]! && adjacent(before, i)))
        say(`"${c}" is not at the end of "${text.slice(before, i + 1)}"`);
    }
  }

  // Numbers in Persian digits; 0-9 only in a left-to-right isolate or after a Latin word.
  for (let i = 0; i < text.length; i++) {
    if (!/[0-9]/.test(text[i] as string) || (depth[i] as number) > 0) continue;
    let k = i - 1;
    while (k >= 0 && !/[\p{L}]/u.test(text[k] as string)) k--;
    let end = i;
    while (/[0-9]/.test(text[end + 1] ?? '')) end++;
    if (k < 0 || !/\p{Script=Latin}/u.test(text[k] as string))
      say(`the number ${text.slice(i, end + 1)} is in Latin digits`);
    i = end;
  }
  return problems;
}

/** Every text in a text module, as the page shows it: a link's paragraph whole, a crisis line with its number (left to right) in place. */
function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (Array.isArray(tree)) return tree.flatMap(strings);
  if (!tree || typeof tree !== 'object') return [];
  const node = tree as Record<string, unknown> & { phone?: { shown: string } };
  if (typeof node.linkText === 'string') return [`${node.before}${node.linkText}${node.after}`];
  if (typeof node.text === 'string' && typeof node.phone === 'object')
    return [node.text.replace('{phone}', ltr(node.phone.shown, 'fa'))];
  // What a program reads, not a visitor: a date, a seal, an icon's or a paragraph kind's name, a number to dial.
  return Object.entries(node).flatMap(([key, value]) => (NOT_READ.has(key) ? [] : strings(value)));
}

const NOT_READ = new Set(['updated', 'seal', 'icon', 'type', 'number']);

/** The placeholders filled as the views and the server fill them on the Persian pages. */
const fa = {
  phone: ltr(practice.phone, 'fa'),
  opens: localDigits(practice.phoneHours.opens, 'fa'),
  closes: localDigits(practice.phoneHours.closes, 'fa'),
  n: localDigits('50', 'fa'),
  max: formatNumber(10_000, 'fa'),
  name: practice.name,
  practitioner: practice.practitioner,
  title: siteTexts.fa.practice.title,
  city: practice.address.city,
};

describe('the Persian texts show in the order they are written', () => {
  test('the checker sees what the review saw (and passes what is isolated)', () => {
    expect(misplaced('کارشناسی ارشد روان‌شناسی (cand.psych.)')).toHaveLength(1);
    expect(misplaced('عضو Sygeforsikringen «danmark» هستید')).toHaveLength(1);
    expect(misplaced('۸ رقم بدون +45 وارد کنید')).not.toEqual([]);
    expect(misplaced('۱. مسئول پردازش داده‌ها')).toEqual([]);
    expect(misplaced('1. مسئول پردازش داده‌ها')).toHaveLength(1);
    expect(misplaced(`کارشناسی ارشد روان‌شناسی ${LRI}(cand.psych.)${PDI}`)).toEqual([]);
    expect(misplaced(`۸ رقم بدون ${LRI}+45${PDI} وارد کنید`)).toEqual([]);
    expect(misplaced('هیئت روان‌شناسان دانمارک (Psykolognævnet).')).toEqual([]);
    expect(misplaced('در datatilsynet.dk می‌یابید.')).toEqual([]);
    expect(misplaced('(kommune، شهرداری محل سکونت شما)')).toEqual([]);
  });

  test('a Persian text as the editor saves it (a Latin word, brackets, no isolate) reads in order once loaded', () => {
    const typed = 'درمان با روش CBT و (cand.psych.) در Aalborg ادامه دارد.';
    expect(misplaced(typed)).not.toEqual([]);
    expect(misplaced(isolated(typed))).toEqual([]);
  });

  test('every text in content/ for Persian, placeholders filled', async () => {
    const modules = [
      siteTexts.fa,
      serverTexts.fa,
      ...(await Promise.all(Object.values(translations.fa).map((load) => load()))),
    ];
    const texts = modules
      .flatMap(strings)
      .map((t) => t.replace(/\{(\w+)\}/g, (whole, key: string) => fa[key as keyof typeof fa] ?? whole));
    expect(texts.flatMap(misplaced)).toEqual([]);
  });

  // Every page as the server renders it: its title and descriptions, and each block's text with
  // <bdi> and dir="ltr" as the isolates they are; the contact page also with its errors and its thanks.
  const { app } = makeApp();
  const pages = [
    ...routes.filter((r) => r.lang === 'fa').map((r) => ({ path: r.path, post: null })),
    { path: `${paths.contact.fa}?${sentQuery.fa}=1`, post: null },
    { path: paths.contact.fa, post: { name: '', email: 'x', phone: '1', message: '', lang: 'fa' } },
  ];
  test.each(pages.map((p) => [p.post ? `${p.path} after a post with errors` : p.path, p]))(
    '%s',
    async (_name, page) => {
      const res = page.post
        ? await request(app)
            .post('/api/contact.php')
            .type('form')
            .set('Origin', 'http://localhost:3000')
            .send(page.post)
        : await request(app).get(page.path);
      const texts = renderedTexts(res.text);
      expect(texts.length).toBeGreaterThan(20);
      expect(texts.flatMap(misplaced)).toEqual([]);
    },
  );
});

test('/fa names her in Persian script, as the Persian mails sign: the header and the contact card', async () => {
  const { app } = makeApp();
  for (const path of [paths.home.fa, paths.contact.fa]) {
    const page = (await request(app).get(path)).text;
    expect(page).toContain(`<span class="logo__sub">سارا احمدی، ${siteTexts.fa.practice.title}</span>`);
    expect(page).not.toMatch(/<span class="logo__sub">Sara Ahmadi/);
  }
  expect((await request(app).get(paths.home.da)).text).toContain('<span class="logo__sub">Sara Ahmadi, ');
});

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');

const BLOCKS = new Set(
  'html head body div main header footer nav section article aside ul ol li p h1 h2 h3 h4 h5 h6 dl dt dd figure figcaption blockquote address form fieldset label button summary details table tr td th title script style textarea select option iframe'.split(
    ' ',
  ),
);

/**
 * The text of a page as the browser lays it out: one paragraph per block (a line per <br>),
 * inline elements with a dir attribute and <bdi> as isolates, and the <head>'s texts; and each
 * text node on its own too, since the stylesheet makes some inline elements blocks (the
 * timeline's lines, flex items). The HTML is React's (tags well formed, text escaped, text
 * nodes split by empty comments), so a tokenizer suffices.
 */
function renderedTexts(page: string): string[] {
  const html = page.replace(/<!-- -->/g, '');
  const out: string[] = [];
  for (const m of html.matchAll(
    /<(?:title)>([^<]*)<|<meta (?:name|property)="(?:description|og:image:alt)" content="([^"]*)"/g,
  ))
    out.push(decode(m[1] ?? m[2] ?? ''));
  const body = html.slice(html.indexOf('<body>'));
  let current = '';
  const flush = () => {
    if (current.trim()) out.push(current.trim());
    current = '';
  };
  /** For each open inline element: the character that opens its isolate, if it is one. */
  const inline: { opens: string }[] = [];
  let skip = false;
  for (const m of body.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/g)) {
    const [, closing, tag, attrs = '', text] = m;
    if (text !== undefined) {
      if (!skip) {
        current += decode(text);
        // Inside the isolates it stands in.
        const within = inline.filter((o) => o.opens);
        if (text.trim())
          out.push(within.map((o) => o.opens).join('') + decode(text).trim() + PDI.repeat(within.length));
      }
      continue;
    }
    const name = tag as string;
    if (name === 'script' || name === 'style' || name === 'textarea') skip = !closing;
    if (BLOCKS.has(name)) flush();
    else if (name === 'br') flush();
    else if (!closing && !attrs.endsWith('/')) {
      const dir = /\sdir="(\w+)"/.exec(attrs)?.[1];
      const opens = name === 'bdi' || dir === 'auto' ? FSI : dir === 'ltr' ? LRI : dir === 'rtl' ? RLI : '';
      current += opens;
      inline.push({ opens });
    } else if (closing) current += inline.pop()?.opens ? PDI : '';
  }
  flush();
  return [...new Set(out)];
}
