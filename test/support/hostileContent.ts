// Content as an attacker would write it, for the tests that put it through every place outside
// React that writes a content value (test/content-escaping.test.ts, test/e2e/hostile-content*.test.ts):
// the content files are replaced in a test file's module registry (jest.mock), never in the
// build. Each string gets a quote of each kind, a line break that would start a header or an
// iCalendar line of its own, the separators of iCalendar TEXT, tags that would run script, and a
// marker a script that ran would print.

/** The marker a script that ran would print. */
export const MARKER = 'XSS-RAN';

/** What every hostile string ends with. */
export const HOSTILE = `"'\r\nX-Evil: 1;,\\ </title></style></script><img src=x onerror="console.log('${MARKER}')"><script>console.log('${MARKER}')</script>`;

/** Every string of `value`, deeply, with HOSTILE after it; strings under the keys in `keep` as they are (times that must parse). */
export function hostile<T>(value: T, keep: readonly string[] = []): T {
  if (typeof value === 'string') return `${value}${HOSTILE}` as T;
  if (Array.isArray(value)) return value.map((v) => hostile(v, keep)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, keep.includes(k) ? v : hostile(v, keep)])) as T;
  return value;
}

/** content/facts/practice.json with every fact hostile but the phone hours (which must parse as HH:MM). */
export const hostileFacts = () =>
  hostile(jest.requireActual('../../content/facts/practice.json'), ['opens', 'closes', 'languages']);
