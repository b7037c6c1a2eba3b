// Characters a text must not hide: one rule for what a visitor types (views/forms/fields.ts,
// views/oneLine.ts) and for what the owner writes in content/ (content/schema/check.ts).

/**
 * Unicode's invisible format characters (category Cf): the bidi embeddings, overrides, isolates
 * and marks, which reverse or disguise the rest of a line (the mail's subject, the event's
 * title), and the zero-width space, soft hyphen, BOM, word joiner and the rest, which hide a
 * name's true letters from the eye and from a filter. ZWNJ and ZWJ (U+200C, U+200D) stay: Persian
 * words need them. One character class: linear in the length.
 */
export const FORMAT_CHARACTERS = /[^\P{Cf}\u200C\u200D]/gu;

/**
 * Control characters (C0 and C1: CR, LF, tab, U+0085 NEL, …) and the line and paragraph
 * separators, in runs: each breaks a line, and in a mail's headers starts a header of its own.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]+/gu;
