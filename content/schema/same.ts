import type { Problem } from './check';
import type { Field } from './fields';

// The values a declaration marks `same` (a year, an icon, a phone number, the policy's date) are
// the same in every language's file: the editor shows them in the Danish pane and copies them to
// the others, and this compares each language's file with the Danish one, key by key. A list
// holding such values has as many entries in every language, so that the years or icons of one
// entry never meet another entry's words.

/** Whether `field`, or anything under it, is the same in every language. */
export function holdsSame(field: Field): boolean {
  if (field.same) return true;
  switch (field.kind) {
    case 'group':
      return Object.values(field.fields).some(holdsSame);
    case 'list':
    case 'map':
      return holdsSame(field.of);
    case 'oneOf':
      return Object.values(field.of).some(holdsSame);
    default:
      return false;
  }
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const said = (value: unknown) => (typeof value === 'string' ? `'${value.slice(0, 60)}'` : JSON.stringify(value));

/** Where `other` (a language's file) differs from `danish` in a value that is the same in every language. */
export function sameAsDanish(
  danish: unknown,
  other: unknown,
  field: Field,
  at = '',
  problems: Problem[] = [],
): Problem[] {
  const key = (sub: string | number) => (typeof sub === 'number' ? `${at}[${sub}]` : at ? `${at}.${sub}` : sub);
  if (field.same) {
    if (JSON.stringify(danish) !== JSON.stringify(other))
      problems.push({
        key: at,
        message: `${other === undefined ? 'is missing' : `${said(other)} differs from the Danish ${said(danish)}`}: it is the same in every language (the editor copies the Danish)`,
      });
    return problems;
  }
  if (!holdsSame(field)) return problems;
  if (field.kind === 'list') {
    const [d, o] = [Array.isArray(danish) ? danish : [], Array.isArray(other) ? other : []];
    if (d.length !== o.length)
      problems.push({
        key: at,
        message: `has ${o.length} entries, the Danish has ${d.length}: every language has the same entries, in the same order`,
      });
    for (let i = 0; i < Math.min(d.length, o.length); i++) sameAsDanish(d[i], o[i], field.of, key(i), problems);
  } else if (field.kind === 'group') {
    for (const [name, sub] of Object.entries(field.fields))
      sameAsDanish(record(danish)[name], record(other)[name], sub, key(name), problems);
  } else if (field.kind === 'map') {
    for (const name of Object.keys(field.keys))
      sameAsDanish(record(danish)[name], record(other)[name], field.of, key(name), problems);
  } else if (field.kind === 'oneOf') {
    const type = record(danish).type;
    const shape = typeof type === 'string' && type === record(other).type ? field.of[type] : undefined;
    if (shape) sameAsDanish(danish, other, shape, at, problems);
  }
  return problems;
}
