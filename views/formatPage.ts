import type { Lang } from '../content/languages';
import { formatNumber, localDigits } from './format';

// What one page each writes, each language's way (by hand, as format.ts explains): prices (the
// prices page), periods of years (the about page) and the policy's date. Apart from format.ts so
// that the other pages' scripts do not carry them.

/** 1200 -> '1.200 kr.' (da), 'DKK 1,200' (en), '۱٬۲۰۰ کرون' (fa); '' for what is no amount (never 'NaN kr.'). */
export function formatPrice(amount: number, lang: Lang): string {
  if (!Number.isFinite(amount)) return '';
  const n = formatNumber(amount, lang);
  return lang === 'da' ? `${n} kr.` : lang === 'en' ? `DKK ${n}` : `${n} کرون`;
}

/** '2025-08-12' -> '12. august 2025' (da), '12 August 2025' (en), '۱۲ آگوست ۲۰۲۵' (fa); months from the language's texts. */
export function formatDate(iso: string, lang: Lang, months: readonly string[]): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return localDigits(`${d}${lang === 'da' ? '.' : ''} ${months[m - 1]} ${y}`, lang);
}

/** Years on her timeline: from and to (null: to this day), or one year (no `to`). */
interface Years {
  from: number;
  to?: number | null;
}

/** { from: 2019, to: null } -> '2019–nu'; { from: 2017 } -> '2017'. */
export function formatYears({ from, to }: Years, lang: Lang, now: string): string {
  return localDigits(to === undefined ? `${from}` : `${from}–${to ?? now}`, lang);
}
