// A whole number in the owner's editor (kroner, minutes), in place of Sveltia's number field,
// which reads "1.200" as 1.2 and keeps 1, and "1.200,-" or "50 min." as nothing at all, so that
// her price became 1 kr., "efter aftale" or NaN without a word. Here what she types is kept as she
// typed it until it is digits alone, and the save is refused with a Danish message saying why;
// a number that may be null ("efter aftale") has that as a choice of its own (decision 0071).

/** The field type the generated configuration gives whole numbers (scripts/editorConfig.ts). */
export const WHOLE_NUMBER = 'whole-number';

/** The field's options, from the generated configuration (scripts/editorConfig.ts). */
export interface WholeNumberOptions {
  min: number;
  max: number;
  /** May be left empty (the key is then left out of the file). */
  optional: boolean;
  /** What null means, offered as a choice beside the number ('efter aftale'); absent: no null. */
  none?: string;
}

const DANISH = new Intl.NumberFormat('da-DK');

/** What the field holds for what she typed: the number when it is digits alone, '' when empty, else the text itself. */
export function typed(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : text;
}

/** Why the value cannot be saved, in Danish; null when it can. */
export function problem(value: unknown, { min, max, optional, none }: WholeNumberOptions): string | null {
  if (value === null) return none || optional ? null : 'Skriv tallet.';
  if (value === undefined || value === '')
    return optional ? null : none ? `Skriv tallet, eller vælg »${none}«.` : 'Skriv tallet.';
  if (typeof value !== 'number' || !Number.isInteger(value))
    return `»${String(value)}« er ikke et helt tal. Skriv kun cifre, fx 1200: intet punktum, komma, mellemrum eller »kr.«.`;
  if (value < min || value > max) return `Skriv et tal fra ${DANISH.format(min)} til ${DANISH.format(max)}.`;
  return null;
}

/** The field's options as the editor hands them over (an Immutable.js Map of its configuration). */
export function optionsOf(field: { get(key: string): unknown }): WholeNumberOptions {
  const none = field.get('none');
  return {
    min: Number(field.get('min') ?? 0),
    max: Number(field.get('max') ?? Number.MAX_SAFE_INTEGER),
    optional: field.get('optional') === true,
    ...(typeof none === 'string' ? { none } : {}),
  };
}

/** How the value reads in the editor's preview pane. */
export function shown(value: unknown, options: WholeNumberOptions): string {
  if (value === null) return options.none ?? '';
  return typeof value === 'number' ? DANISH.format(value) : String(value ?? '');
}
