// Danish number formatting done by hand: toLocaleString's output can differ between
// Node and the browser (ICU data), and any difference breaks hydration.

/** '12 34 56 78' -> the same with non-breaking spaces, so a phone number never wraps mid-number. */
export function noBreak(text: string): string {
  return text.replace(/ /g, '\u00a0');
}

/** 1200 -> '1.200 kr.' */
export function formatKr(amount: number): string {
  const digits = String(Math.round(amount));
  return `${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')} kr.`;
}
