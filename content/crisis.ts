// Where to turn in a crisis, in the order a person in one should try them: the same numbers in
// every language, and what each language says about them (its site.json, `crisis`). The owner
// checks these facts before launch and whenever a service changes (docs).

import type { SiteWords } from './texts/site';

/** The lines by id, as each language's site.json words them. */
export type CrisisLineId = keyof SiteWords['crisis']['lines'];

interface CrisisLine {
  id: CrisisLineId;
  /** As shown, and for a tel: link (with country code); none: the text names the service only. */
  phone?: { shown: string; tel: string };
}

const crisisLines: CrisisLine[] = [
  // Acute danger: the emergency number.
  { id: 'emergency', phone: { shown: '112', tel: '112' } },
  // Psykiatriens Information, Region Nordjylland: the psychiatric services' switchboard, open
  // around the clock; it puts callers through to the psychiatric emergency department (not an
  // advice line). OWNER: verify before launch (psykiatri.rn.dk).
  { id: 'psychiatry', phone: { shown: '97 64 30 00', tel: '+4597643000' } },
  // Livslinien: suicide prevention, not open around the clock, counsels in Danish.
  { id: 'livslinien', phone: { shown: '70 201 201', tel: '+4570201201' } },
  // Lægevagten, Region Nordjylland: weekdays 16-08, weekends and holidays all day (as the booking
  // review of November 2026 gives it). OWNER: verify the number before launch (rn.dk/laegevagten).
  { id: 'laegevagt', phone: { shown: '70 15 03 00', tel: '+4570150300' } },
];

/** A line in one language: its words ('{phone}' is where the number goes) and its number. */
export interface CrisisLineText extends CrisisLine {
  text: string;
}

/**
 * The lines with one language's words, in order. Called by content/site.ts for each language, so that the
 * numbers travel to the browser with the page's texts (views/pageData.ts), not in its script.
 */
export const crisisLinesIn = (words: Record<CrisisLineId, string>): CrisisLineText[] =>
  crisisLines.map((line) => ({ ...line, text: words[line.id] }));
