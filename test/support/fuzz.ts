import fc from 'fast-check';
import { langs, type Lang } from '../../content/languages';
import { serverTexts } from '../../content/serverTexts';
import { translations } from '../../content/translations';
import { formatNumber, fill, withPhone } from '../../views/format';
import type { RuleMessages } from '../../views/contact/validation';
import { maxLength } from '../../views/forms/fields';

// What the property-based tests share: how many runs and from which seed (printed, so that a
// failure can be replayed with FUZZ_SEED), the inputs of every kind, and the replies the
// contact endpoint documents in each language (content/<lang>/server.ts, content/<lang>/contact.ts).

/** A few hundred in `npm test`; `npm run fuzz` sets FUZZ_RUNS much higher. */
export const fuzzRuns = (inTest: number) => Number(process.env.FUZZ_RUNS || inTest);

let printed = false;
/** The run's seed: FUZZ_SEED to replay one, otherwise a new one, printed once per file. */
const fuzzSeed = (() => {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  return () => {
    if (!printed) process.stdout.write(`fast-check seed ${seed} (replay: FUZZ_SEED=${seed})\n`);
    printed = true;
    return seed;
  };
})();

/** A run that takes longer than 15 s is a failure (a request left unanswered), not a hang. */
export const fuzzParams = (inTest: number): fc.Parameters<unknown> => ({
  numRuns: fuzzRuns(inTest),
  seed: fuzzSeed(),
  timeout: 15_000,
});

/** Pieces that break naive text handling: bidi overrides, zero-width and combining marks, emoji sequences, lone surrogates, controls, markup. */
const tricky = fc.constantFrom(
  '\u202e',
  '\u202d',
  '\u2066',
  '\u200f',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u0301',
  '\u0308',
  '\u20dd',
  'e\u0301',
  '👩‍👩‍👧‍👦',
  '🇩🇰',
  '👍🏽',
  '\ud83d',
  '\ude00',
  '\udfff\ud800',
  '\u0000',
  '\u0007',
  '\r',
  '\n',
  '\r\n',
  '\u2028',
  '\u2029',
  '\t',
  '\u00a0',
  '\u3000',
  ' ',
  'æøå',
  'ÆØÅ',
  'سلام',
  'به',
  '٠١٢',
  '<b>',
  '</textarea>',
  '&amp;',
  '"',
  "'",
  '=?utf-8?q?x?=',
  '.\r\n.\r\n',
  '=\r\n',
);

/** Text of every kind, occasionally very long. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary' }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme' }), weight: 3 },
  { arbitrary: fc.string({ unit: fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 1 })) }), weight: 4 },
  {
    // Around the length limits (and far beyond): cheap to build from a repeated piece.
    arbitrary: fc
      .tuple(
        fc.constantFrom(40, 200, 254, 10_000, 20_000),
        fc.integer({ min: -3, max: 3 }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
      )
      .map(([limit, delta, piece]) =>
        piece.repeat(Math.ceil((limit + delta) / piece.length)).slice(0, Math.max(0, limit + delta)),
      ),
    weight: 1,
  },
);

/** Text with something visible in it (a name or message the rules accept). */
const someText = fc
  .tuple(
    anyText,
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 5 }).filter((s) => s.trim() !== ''),
    anyText,
  )
  .map(([a, b, c]) => a + b + c);

/** RFC 5322's atext: what the atoms of an address are made of (views/contact/validation.ts). */
const atext = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-");
const atom = fc.string({ unit: atext, minLength: 1, maxLength: 8 });
/** An address the rule accepts: dot-atoms either side of one @, a dot in the domain. */
const plainEmail = fc
  .tuple(fc.array(atom, { minLength: 1, maxLength: 3 }), fc.array(atom, { minLength: 2, maxLength: 3 }))
  .map(([local, domain]) => `${local.join('.')}@${domain.join('.')}`);
/** Local part and domain without whitespace or @, with any characters in them (the old rule's shape). */
const noSpaceAt = fc
  .string({ unit: fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 1 })), minLength: 1, maxLength: 12 })
  .map((s) => s.replace(/[\s@]/g, '') || 'x');
/** What could make a mail program read another address, or none: each must be refused. */
const breaker = fc.constantFrom(
  ',',
  ';',
  '<',
  '>',
  '"',
  '(',
  ')',
  '[',
  ']',
  '\\',
  ' ',
  '\u0085',
  '\u0000',
  '\r\n',
  ':',
  '@',
  '..',
  'ø',
  '\u202e',
);
/** Mostly addresses the rule accepts; some with a breaking character put in; some of any characters. */
const someEmail = fc.oneof(
  { arbitrary: plainEmail, weight: 4 },
  {
    arbitrary: fc
      .tuple(plainEmail, fc.nat(), breaker)
      .map(([e, i, c]) => e.slice(0, i % e.length) + c + e.slice(i % e.length)),
    weight: 1,
  },
  { arbitrary: fc.tuple(noSpaceAt, noSpaceAt, noSpaceAt).map(([l, d, t]) => `${l}@${d}.${t}`), weight: 1 },
);

/** The digits a keyboard may type: 0-9, Persian (۰-۹), Arabic-Indic (٠-٩) and full-width (０-９). */
const DIGIT_SCRIPTS = ['0123456789', '۰۱۲۳۴۵۶۷۸۹', '٠١٢٣٤٥٦٧٨٩', '０１２３４５６７８９'] as const;

/** One digit's value, written in any of those scripts. */
const someDigit = fc
  .tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom(...DIGIT_SCRIPTS))
  .map(([n, script]) => ({ n, typed: script[n] as string }));

/** `count` digits in a mix of scripts: the digits' values, and the text as typed with `sep` between them. */
export const someDigits = (count: { min: number; max: number }, separators: string[]) =>
  fc
    .tuple(fc.array(someDigit, { minLength: count.min, maxLength: count.max }), fc.constantFrom(...separators))
    .map(([digits, sep]) => ({ value: digits.map((d) => d.n).join(''), typed: digits.map((d) => d.typed).join(sep) }));

/** A phone of 8 digits (0-9 or another script's) with anything non-digit around them, or none. */
const somePhone = fc.oneof(
  fc.constant(''),
  someDigits({ min: 8, max: 8 }, ['', ' ', '-', '+', '(', '\u200b', '\u00a0']).map((d) => d.typed),
);

/** A message the form would send, mostly one the rules accept. */
export const likelyValid = fc.record({
  name: someText,
  email: someEmail,
  phone: somePhone,
  message: someText,
  consent: fc.constant(true),
});

/** Keys that try the prototype and the fields themselves. */
export const anyKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'name',
    'email',
    'phone',
    'message',
    'consent',
    'lang',
    'website',
  ),
  fc.string(),
);

/** Any JSON-ish value: nested objects and arrays, prototype keys, wrong types. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    anyText,
    fc.boolean(),
    fc.constant(null),
    fc.double(),
    fc.integer(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyKey, tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A body with the contact fields, each of any type, plus any other keys. */
export const anyContactBody = fc
  .tuple(
    fc.record(
      {
        name: anyValue,
        email: anyValue,
        phone: anyValue,
        message: anyValue,
        consent: fc.oneof(fc.constant(true), anyValue),
        lang: fc.oneof(fc.constantFrom('da', 'en', 'fa', 'de', '__proto__', 'toString'), anyValue),
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(anyKey, anyValue, { maxKeys: 3 }),
  )
  .map(([fields, extra]) => Object.assign(JSON.parse(JSON.stringify(extra)) as Record<string, unknown>, fields));

/** The language the endpoint must answer in, for a JSON body it could read. */
export const langOfBody = (body: unknown): Lang => {
  const given = typeof body === 'object' && body !== null ? (body as { lang?: unknown }).lang : undefined;
  return given === 'da' || given === 'en' || given === 'fa' ? given : 'da';
};

export interface Documented {
  /** The replies' error texts. */
  errors: Set<string>;
  /** What may stand under a field. */
  fields: Set<string>;
  rules: RuleMessages;
  server: (typeof serverTexts)[Lang]['replies'];
}

/** Every reply the endpoint documents, per language. */
export async function documentedReplies(): Promise<Record<Lang, Documented>> {
  const out = {} as Record<Lang, Documented>;
  for (const lang of langs) {
    const r = serverTexts[lang].replies;
    const { form } = await translations[lang].contact();
    const { tooLong, notText, ...plain } = r;
    const errors = new Set(
      Object.values({ ...plain, rateLimited: withPhone(r.rateLimited, lang), delivery: withPhone(r.delivery, lang) }),
    );
    const long = (Object.keys(tooLong) as (keyof typeof tooLong)[]).map((f) =>
      fill(tooLong[f], { max: formatNumber(maxLength[f], lang) }),
    );
    out[lang] = {
      errors,
      fields: new Set([...Object.values(form.fieldErrors), notText, ...long]),
      rules: form.fieldErrors,
      server: r,
    };
  }
  return out;
}

/**
 * What a mail carries of a text: lone surrogates cannot be encoded (UTF-8 gives U+FFFD), and every
 * line break (CRLF, LF, a lone CR) reads as one: nodemailer sends a lone CR as it is in a 7-bit
 * part and as a line break in a quoted-printable one.
 */
export const asMailed = (s: string) =>
  s
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/\r\n?/g, '\n');
