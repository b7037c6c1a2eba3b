import { languages, type Lang } from '../content/languages';
import type { BookingFormat } from '../content/texts/booking';
import { practice } from '../content/practice';

// Numbers, times, lists and phone numbers written each language's way, by hand: toLocaleString's
// output can differ between Node and the browser (ICU data), and any difference breaks hydration.
// Prices and dates, which one page each shows, are in formatPage.ts: every page's script carries
// this file.

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Persian pages write numbers in Persian digits; the others keep 0-9. */
export function localDigits(text: string, lang: Lang): string {
  return lang === 'fa' ? text.replace(/\d/g, (d) => PERSIAN_DIGITS[Number(d)] as string) : text;
}

const thousands: Record<Lang, string> = { da: '.', en: ',', fa: '\u066c' };

/** 1200 -> '1.200' (da), '1,200' (en), '۱٬۲۰۰' (fa). */
export function formatNumber(n: number, lang: Lang): string {
  return localDigits(String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, thousands[lang]), lang);
}

const comma = (lang: Lang) => (lang === 'fa' ? '، ' : ', ');
const and: Record<Lang, string> = { da: ' og ', en: ' and ', fa: ' و ' };

/** An enumeration: 'dansk, engelsk og persisk', 'Danish, English and Persian', 'دانمارکی، انگلیسی و فارسی'. */
export function list(items: string[], lang: Lang): string {
  return items.length < 2 ? items.join('') : items.slice(0, -1).join(comma(lang)) + and[lang] + items[items.length - 1];
}

/** Parts of one name or label, comma after comma: 'Sara Ahmadi, autoriseret psykolog'. */
export function parts(items: string[], lang: Lang): string {
  return items.join(comma(lang));
}

/** Fills '{name}' placeholders. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * Text that must read left to right whatever surrounds it (a phone number in Persian text):
 * wrapped in Unicode's left-to-right isolate, so the bidi algorithm cannot reorder its digit groups.
 */
export function ltr(text: string, lang: Lang): string {
  return languages[lang].dir === 'rtl' ? `\u2066${text}\u2069` : text;
}

/** '+45', the country code: the number as dialled from abroad less the number as written at home. */
const countryCode = practice.phoneE164.slice(0, practice.phoneE164.length - practice.phone.replace(/\D/g, '').length);

/**
 * The practice's number as a visitor can dial it: with the country code in English and Persian
 * and for every online session (the visitor may be abroad). The booking page's confirmation and
 * every visitor mail write it so.
 */
export function dialablePhone(lang: Lang, format: BookingFormat): string {
  return lang !== 'da' || format === 'online' ? `${countryCode} ${practice.phone}` : practice.phone;
}

/** A text with the practice's phone number in place of '{phone}'. */
export function withPhone(text: string, lang: Lang): string {
  // No-break spaces: the number never wraps between its digit groups in an alert at 320 px.
  return fill(text, { phone: ltr(practice.phone.replaceAll(' ', '\u00a0'), lang) });
}

/** '11:00' (as practice.ts holds times) -> '11.00' (da: 'kl. 11.00'), '11:00' (en), '۱۱:۰۰' (fa). */
export function formatTime(hhmm: string, lang: Lang): string {
  return lang === 'da' ? hhmm.replace(':', '.') : localDigits(hhmm, lang);
}

/**
 * The phone hours sentence with the times from practice.ts. A word joiner (U+2060) either side of
 * each dash keeps a range ('11.00–14.00', 'Mandag–fredag') from breaking at it: added here, since
 * the owner's texts hold no invisible character (the content check refuses them).
 */
export function phoneHours(template: string, lang: Lang): string {
  const { opens, closes } = practice.phoneHours;
  const joined = template.replaceAll('–', '\u2060–\u2060');
  return fill(joined, { opens: formatTime(opens, lang), closes: formatTime(closes, lang) });
}

/**
 * Persian (۰-۹), Arabic-Indic (٠-٩) and full-width (０-９) digits as 0-9: a number typed on a
 * Persian or Arabic keyboard is the same number. Each of those blocks starts at a code point
 * ending in 0, so a digit's value is its code point's last hex digit.
 */
export function latinDigits(text: string): string {
  return text.replace(/[۰-۹٠-٩０-９]/g, (d) => String(d.charCodeAt(0) & 15));
}

/**
 * A phone number as a visitor typed it (in any digits), as it is dialled: its digits written as
 * Danish numbers are ('12 34 56 78', '+45 12 34 56 78') with the number a tel: link dials. Any
 * other number keeps its digits, a leading + and the gaps between them, nothing else: the mail,
 * the calendar event and the link never show what was typed around the digits (; , or a line).
 */
export function formatPhone(typed: string): { text: string; tel: string } {
  const latin = latinDigits(typed);
  const plus = /^\s*\+/.test(latin) ? '+' : '';
  const digits = latin.replace(/\D/g, '');
  const danish = /^(?:\+45|0045)?(\d{8})$/.exec(plus + digits);
  if (danish) {
    const pairs = (danish[1] as string).replace(/(\d\d)(?=\d)/g, '$1 ');
    return { text: digits.length > 8 ? `+45 ${pairs}` : pairs, tel: `+45${danish[1]}` };
  }
  const text =
    plus +
    latin
      .replace(/^[^\d]+/, '')
      .replace(/[^\d]+/g, ' ')
      .trim();
  return { text, tel: (plus + digits).replace(/^00/, '+') };
}
