import { CONTROL_CHARACTERS } from '../content/characters';

// One helper for what a visitor typed, shown where a line break must not go: a mail's headers
// and table rows, the practitioner's answer page. Pure, so the mails and the pages share it.

/**
 * What the visitor typed, on one line: no control character (CR, LF, U+0085 NEL, …) or line
 * separator can start a header of its own, in the mail's headers or in how a program shows them.
 */
export function oneLine(text: string): string {
  return text.replace(CONTROL_CHARACTERS, ' ').trim();
}
