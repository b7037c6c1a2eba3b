import type { SiteWords } from './texts/site';

// Where to turn in a crisis, in the order a person in one should try them: 112 first, always
// (it is no entry of the list she edits, so it cannot be moved or removed), then the lines each
// language's site.json lists with their numbers (the same in every language: the check compares
// them with the Danish). The owner checks these facts before launch and whenever a service changes.

/** The emergency number: first, and not hers to change. */
const EMERGENCY_NUMBER = '112';

/** A line in one language: its words ('{phone}' is where the number goes) and its number, as shown and for a tel: link. */
export interface CrisisLineText {
  text: string;
  phone: { shown: string; tel: string };
}

/** A number as she writes it ('70 201 201', '+45 70 201 201', '1813') and as a tel: link dials it (with +45 when it is 8 digits). */
function dialled(shown: string): CrisisLineText['phone'] {
  const digits = shown.replace(/\s/g, '');
  return { shown, tel: digits.length === 8 ? `+45${digits}` : digits };
}

/**
 * The lines with one language's words, in order. Called by content/site.ts for each language, so that the
 * numbers travel to the browser with the page's texts (views/pageData.ts), not in its script.
 */
export const crisisLinesIn = (crisis: SiteWords['crisis']): CrisisLineText[] => [
  { text: crisis.emergency, phone: dialled(EMERGENCY_NUMBER) },
  ...crisis.lines.map((line) => ({ text: line.text, phone: dialled(line.number) })),
];
