import type { Field } from './fields';

// A JSON value checked against its field list: every problem with the key it is at
// ('hero.lead', 'testimonials.items[2].text'), in words the owner can act on.

export interface Problem {
  key: string;
  message: string;
}

/** Characters that steer the text's direction: the site adds what Persian needs (content/bidi.ts). */
const DIRECTION_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isDay(year: number | null, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  if (year === null) return day <= (DAYS_IN_MONTH[month - 1] as number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

/** What a formatted text must look like, as a pattern (the editor's configuration uses the same). */
export const FORMAT_PATTERNS = {
  time: /^([01]\d|2[0-3]):[0-5]\d$/,
  closedDay: /^(?:(\d{4})-)?(\d{2})-(\d{2})$/,
  fileName: /^[a-z0-9][a-z0-9-]*$/,
};

const FORMATS = {
  time: {
    ok: (s: string) => FORMAT_PATTERNS.time.test(s),
    says: "is not a time: write 'HH:MM', 00:00 to 23:59",
  },
  closedDay: {
    ok: (s: string) => {
      const m = FORMAT_PATTERNS.closedDay.exec(s);
      return !!m && isDay(m[1] ? Number(m[1]) : null, Number(m[2]), Number(m[3]));
    },
    says: "is not a date: write 'MM-DD' for every year or 'YYYY-MM-DD' for once",
  },
  fileName: {
    ok: (s: string) => FORMAT_PATTERNS.fileName.test(s),
    says: 'is not a file name without extension (small letters, digits and -)',
  },
};

const where = (at: string, key: string | number) =>
  typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${key}` : key;

function checkText(value: string, field: Field & { kind: 'text' }): string | undefined {
  if (value.trim() === '') return 'is empty: write the text';
  if (DIRECTION_MARKS.test(value))
    return 'has an invisible direction mark: delete it (the site isolates Latin words in Persian by itself)';
  const format = field.format && FORMATS[field.format];
  return format && !format.ok(value) ? `'${value}' ${format.says}` : undefined;
}

function checkLeaf(value: unknown, field: Field): string | undefined {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' ? checkText(value, field) : 'should be a text';
    case 'number':
      if (typeof value !== 'number') return 'should be a number';
      if (field.whole && !Number.isInteger(value)) return `${value} should be a whole number`;
      if (value < field.min) return `${value} is less than ${field.min}`;
      if (field.max !== undefined && value > field.max) return `${value} is more than ${field.max}`;
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'should be true or false';
    case 'choice':
      return typeof value === 'string' && field.values.includes(value)
        ? undefined
        : `'${String(value)}' is none of ${field.values.join(', ')}`;
    default:
      return undefined;
  }
}

function checkParagraph(value: unknown, at: string, problems: Problem[]): void {
  if (typeof value === 'string') {
    const said = checkText(value, { kind: 'text' });
    if (said) problems.push({ key: at, message: said });
    return;
  }
  const keys = value && typeof value === 'object' ? Object.keys(value).sort().join(',') : '';
  const shape = ['openpgp,smime,tls', 'after,before,linkText'].includes(keys);
  if (!shape) {
    problems.push({
      key: at,
      message:
        'should be a text, a text per mail protection (tls, openpgp, smime) or a text with a link (before, linkText, after)',
    });
    return;
  }
  for (const [key, text] of Object.entries(value as Record<string, unknown>))
    checkValue(text, { kind: 'text' }, where(at, key), problems);
}

function checkList(value: unknown[], field: Field & { kind: 'list' }, at: string, problems: Problem[]): void {
  if (field.count !== undefined && value.length !== field.count)
    problems.push({ key: at, message: `has ${value.length} entries: the page is made for exactly ${field.count}` });
  if (field.min !== undefined && value.length < field.min)
    problems.push({ key: at, message: `has ${value.length} entries, at least ${field.min} needed` });
  value.forEach((item, i) => {
    checkValue(item, field.of as Field, where(at, i), problems);
  });
}

function checkObject(
  value: Record<string, unknown>,
  field: Field & { kind: 'object' | 'map' },
  at: string,
  problems: Problem[],
): void {
  const fields: Record<string, Field> =
    field.kind === 'object'
      ? (field.fields as Record<string, Field>)
      : Object.fromEntries(
          Object.keys(value)
            .filter((k) => field.keys.includes(k))
            .map((k) => [k, field.of]),
        );
  const known = field.kind === 'map' ? ` (one of ${field.keys.join(', ')})` : '';
  for (const key of Object.keys(value))
    if (!(key in fields))
      problems.push({ key: where(at, key), message: `is not a field here${known}: delete it or correct its name` });
  for (const [key, sub] of Object.entries(fields)) checkValue(value[key], sub, where(at, key), problems);
}

/** Every problem of `value` against `field`, each with its key. */
export function checkValue(value: unknown, field: Field, at: string, problems: Problem[]): void {
  const key = at || '(the whole file)';
  if (value === undefined || value === null) {
    const allowed = value === undefined ? 'optional' in field && field.optional : 'nullable' in field && field.nullable;
    if (!allowed) problems.push({ key, message: value === undefined ? 'is missing' : 'is empty (null): write it' });
  } else if (field.kind === 'paragraph') checkParagraph(value, at, problems);
  else if (field.kind === 'list') {
    if (Array.isArray(value)) checkList(value, field, at, problems);
    else problems.push({ key, message: 'should be a list' });
  } else if (field.kind === 'object' || field.kind === 'map') {
    if (typeof value === 'object' && !Array.isArray(value))
      checkObject(value as Record<string, unknown>, field, at, problems);
    else problems.push({ key, message: 'should be an object of fields' });
  } else {
    const said = checkLeaf(value, field);
    if (said) problems.push({ key, message: said });
  }
}
