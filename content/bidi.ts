// Persian is written right to left; a Latin word, a number in Latin digits, '+45' or a price
// inside it must read left to right with its own punctuation ('(cand.psych.)', 'Sygeforsikringen
// «danmark»'). The Persian JSON holds no invisible character for that: the texts are isolated
// here, as they are loaded for a page or a mail, each Latin run wrapped in U+2066 … U+2069
// (left-to-right isolates). test/bidi.test.ts checks every Persian text and page as rendered.

const LRI = '\u2066';
const PDI = '\u2069';

/** A run: Latin letters and digits (or '+' before a digit), with the spaces and signs between them. */
const RUN = /(?:\+(?=[0-9]))?[\p{Script=Latin}0-9](?:[\p{Script=Latin}0-9 .,:/@&'’+\-–«»()]*[\p{Script=Latin}0-9])?/gu;
/** Placeholders ('{phone}') are filled in later and isolate themselves where they need to. */
const PLACEHOLDER = /(\{[a-zA-Z]+\})/;
const PAIRS: Record<string, string> = { ')': '(', '»': '«' };

/** How far a run reaches: a closing bracket or quote whose opener it holds, an abbreviation's full stop, enclosing brackets. */
function reach(text: string, start: number, end: number): [number, number] {
  let run = text.slice(start, end);
  for (;;) {
    const next = text[end] ?? '';
    const opener = PAIRS[next];
    const unclosed = opener !== undefined && run.split(opener).length > run.split(next).length;
    if (!unclosed && !(next === '.' && run.includes('.'))) break;
    end += 1;
    run = text.slice(start, end);
  }
  if (text[start - 1] === '(' && text[end] === ')') return [start - 1, end + 1];
  return [start, end];
}

function isolateText(text: string): string {
  return text
    .split(PLACEHOLDER)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      let out = '';
      let last = 0;
      for (const match of part.matchAll(RUN)) {
        const [from, to] = reach(part, match.index, match.index + match[0].length);
        if (from < last) continue;
        out += `${part.slice(last, from)}${LRI}${part.slice(from, to)}${PDI}`;
        last = to;
      }
      return out + part.slice(last);
    })
    .join('');
}

/**
 * Keys whose values are names a program reads, not text a visitor reads: a mail's attachment, an
 * area's id and icon, a crisis line's number (a tel: link dials it), the policy's date and seal, a
 * policy paragraph's kind.
 */
const NOT_TEXT = new Set(['file', 'id', 'icon', 'number', 'updated', 'seal', 'type']);

/** Every text in `value` with its Latin runs isolated (a right-to-left language's texts). */
export function isolated<T>(value: T): T {
  const walk = (item: unknown, key?: string): unknown => {
    if (typeof item === 'string') return key !== undefined && NOT_TEXT.has(key) ? item : isolateText(item);
    if (Array.isArray(item)) return item.map((entry) => walk(entry));
    if (item && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([k, entry]) => [k, walk(entry, k)]));
    return item;
  };
  return walk(value) as T;
}
