// Danish number formatting done by hand: toLocaleString's output can differ between
// Node and the browser (ICU data), and any difference breaks hydration.

/** 1200 -> '1.200 kr.' */
export function formatKr(amount: number): string {
  const digits = String(Math.round(amount));
  return `${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')} kr.`;
}
