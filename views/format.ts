import { languages, type Lang } from '../content/languages';
import type { Years } from '../content/career';
import { practice } from '../content/practice';

// Numbers, prices and dates written each language's way, by hand: toLocaleString's output can
// differ between Node and the browser (ICU data), and any difference breaks hydration.

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

/** 1200 -> '1.200 kr.' (da), 'DKK 1,200' (en), '۱٬۲۰۰ کرون' (fa). */
export function formatPrice(amount: number, lang: Lang): string {
  const n = formatNumber(amount, lang);
  return lang === 'da' ? `${n} kr.` : lang === 'en' ? `DKK ${n}` : `${n} کرون`;
}

/** '2025-08-12' -> '12. august 2025' (da), '12 August 2025' (en), '۱۲ اوت ۲۰۲۵' (fa); months from the language's texts. */
export function formatDate(iso: string, lang: Lang, months: readonly string[]): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return localDigits(`${d}${lang === 'da' ? '.' : ''} ${months[m - 1]} ${y}`, lang);
}

/** [2019, null] -> '2019–nu'; [2017] -> '2017'. */
export function formatYears([from, to]: Years, lang: Lang, now: string): string {
  return localDigits(to === undefined ? `${from}` : `${from}–${to ?? now}`, lang);
}

/** 'dansk, engelsk, persisk': Persian separates with its own comma. */
export function list(items: string[], lang: Lang): string {
  return items.join(lang === 'fa' ? '، ' : ', ');
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

/** A text with the practice's phone number in place of '{phone}'. */
export function withPhone(text: string, lang: Lang): string {
  return fill(text, { phone: ltr(practice.phone, lang) });
}

/** The phone hours sentence with the times from practice.ts. */
export function phoneHours(template: string, lang: Lang): string {
  const { opens, closes } = practice.phoneHours;
  return fill(template, { opens: localDigits(opens, lang), closes: localDigits(closes, lang) });
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
 * A phone number as a visitor typed it (in any digits), written as Danish numbers are
 * ('12 34 56 78', '+45 12 34 56 78') with the number a tel: link dials; any other number stays
 * as typed, in 0-9.
 */
export function formatPhone(typed: string): { text: string; tel: string } {
  const digits = latinDigits(typed);
  const compact = digits.replace(/[\s\-./()]/g, '');
  const danish = /^(?:\+45|0045)?(\d{8})$/.exec(compact);
  if (danish) {
    const pairs = (danish[1] as string).replace(/(\d\d)(?=\d)/g, '$1 ');
    return { text: compact.length > 8 ? `+45 ${pairs}` : pairs, tel: `+45${danish[1]}` };
  }
  return { text: digits.trim(), tel: compact.replace(/^00/, '+').replace(/[^\d+]/g, '') };
}
