import { CONTROL_CHARACTERS, FORMAT_CHARACTERS } from '../characters';
import {
  type Field,
  type GroupField,
  type ListField,
  type MapField,
  type OneOfField,
  type TextField,
  TYPE_KEY,
} from './fields';

// A JSON value checked against its declaration: every problem with the key it is at
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
  date: /^(\d{4})-(\d{2})-(\d{2})$/,
  fileName: /^[a-z0-9][a-z0-9-]*$/,
  // Eight digits (the first 2-9), in groups with single spaces, +45 before them or not; or a short number (1xx, 18xx).
  phone: /^(?:(?:\+45 ?)?[2-9](?: ?\d){7}|1\d{2}|18\d{2})$/,
  sha256: /^[0-9a-f]{64}$/,
};

/** A picture's file name as the site's pictures are named (scripts/images.ts). */
const PICTURE_FILE = /^[a-z0-9][a-z0-9-]*\.(?:jpe?g|png|webp)$/;

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
  date: {
    ok: (s: string) => {
      const m = FORMAT_PATTERNS.date.exec(s);
      return !!m && isDay(Number(m[1]), Number(m[2]), Number(m[3]));
    },
    says: "is not a date: write 'YYYY-MM-DD'",
  },
  fileName: {
    ok: (s: string) => FORMAT_PATTERNS.fileName.test(s),
    says: 'is not a file name without extension (small letters, digits and -)',
  },
  phone: {
    ok: (s: string) => FORMAT_PATTERNS.phone.test(s),
    says: "is not a Danish phone number one can dial: write 8 digits ('70 20 12 01') or a short number ('112', '1813')",
  },
  sha256: {
    ok: (s: string) => FORMAT_PATTERNS.sha256.test(s),
    says: 'is not a seal (64 hexadecimal digits)',
  },
};

const where = (at: string, key: string | number) =>
  typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${key}` : key;

const codePoint = (text: string, index: number) =>
  `U+${(text.codePointAt(index) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** An invisible or control character, said with where it is; line breaks only where the field allows them. */
function hiddenCharacter(value: string, field: TextField): string | undefined {
  if (DIRECTION_MARKS.test(value))
    return 'has an invisible direction mark: delete it (the site isolates Latin words in Persian by itself)';
  const invisible = value.search(FORMAT_CHARACTERS);
  if (invisible >= 0)
    return `has an invisible character (${codePoint(value, invisible)}) at character ${invisible + 1}: delete it`;
  const control = (field.breaks ? value.replaceAll('\n', ' ') : value).search(CONTROL_CHARACTERS);
  if (control < 0) return undefined;
  return /[\n\r\u0085\u2028\u2029]/.test(value[control] ?? '')
    ? `has a line break at character ${control + 1}: write it on one line`
    : `has a control character (${codePoint(value, control)}) at character ${control + 1}: delete it`;
}

function checkText(value: string, field: TextField): string | undefined {
  if (value.trim() === '') return 'is empty: write the text';
  // Counted in characters as she sees them (a Persian letter is one), before anything reads the rest.
  const length = [...value].length;
  if (length > field.max) return `is ${length} characters long: at most ${field.max} fit here`;
  // The editor trims what she saves: a space that mattered would be lost there (decision 0071).
  if (value !== value.trim())
    return 'begins or ends with a space: delete it (the editor removes it on saving; the spaces around a link are the site’s)';
  const hidden = hiddenCharacter(value, field);
  if (hidden) return hidden;
  const format = field.format && FORMATS[field.format];
  if (format && !format.ok(value)) return `'${value}' ${format.says}`;
  const placeholder = field.needs?.find((name) => value.split(`{${name}}`).length !== 2);
  return placeholder ? `should hold {${placeholder}} once: where the site puts it` : undefined;
}

function checkLeaf(value: unknown, field: Field): string | undefined {
  switch (field.kind) {
    case 'text':
      return typeof value === 'string' ? checkText(value, field) : 'should be a text';
    case 'number':
      if (typeof value !== 'number') return 'should be a number';
      if (field.whole && !Number.isInteger(value)) return `${value} should be a whole number`;
      if (value < field.min) return `${value} is less than ${field.min}`;
      if (value > field.max) return `${value} is more than ${field.max}`;
      return undefined;
    case 'picture':
      return typeof value === 'string' && PICTURE_FILE.test(value)
        ? undefined
        : `'${String(value).slice(0, 80)}' is not a picture's file: small letters, digits and -, then .jpg, .png or .webp (choose it in the editor)`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'should be true or false';
    case 'choice':
      return typeof value === 'string' && field.values.includes(value)
        ? undefined
        : `'${String(value).slice(0, 50)}' is none of ${field.values.join(', ')}`;
    default:
      return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The shape the value names in `type`, checked as that shape's group (its other keys). */
function checkOneOf(value: unknown, field: OneOfField, at: string, problems: Problem[]): void {
  const names = Object.keys(field.of);
  const kind = isRecord(value) ? value[TYPE_KEY] : undefined;
  if (!isRecord(value) || typeof kind !== 'string' || !Object.hasOwn(field.of, kind)) {
    const said = typeof kind === 'string' ? `'${kind.slice(0, 50)}' is none of` : 'is missing: one of';
    problems.push({ key: where(at, TYPE_KEY), message: `${said} ${names.join(', ')}` });
    return;
  }
  const { [TYPE_KEY]: _named, ...rest } = value;
  checkObject(rest, field.of[kind] as GroupField, at, problems);
}

function checkList(value: unknown[], field: ListField, at: string, problems: Problem[]): void {
  if (field.min === field.max && value.length !== field.min)
    problems.push({ key: at, message: `has ${value.length} entries: the page is made for exactly ${field.min}` });
  else if (value.length < field.min)
    problems.push({ key: at, message: `has ${value.length} entries, at least ${field.min} needed` });
  else if (value.length > field.max)
    problems.push({ key: at, message: `has ${value.length} entries, at most ${field.max} fit here` });
  // Entries past the bound are not read: a list of a million costs no more than its size.
  value.slice(0, field.max).forEach((item, i) => {
    checkValue(item, field.of, where(at, i), problems);
  });
}

function checkObject(
  value: Record<string, unknown>,
  field: GroupField | MapField,
  at: string,
  problems: Problem[],
): void {
  const fields: Record<string, Field> =
    field.kind === 'group'
      ? field.fields
      : Object.fromEntries(Object.keys(value).flatMap((k) => (Object.hasOwn(field.keys, k) ? [[k, field.of]] : [])));
  const known = field.kind === 'map' ? ` (one of ${Object.keys(field.keys).join(', ')})` : '';
  for (const key of Object.keys(value))
    if (!Object.hasOwn(fields, key))
      problems.push({
        key: where(at, key.slice(0, 50)),
        message: `is not a field here${known}: delete it or correct its name`,
      });
  for (const [key, sub] of Object.entries(fields)) checkValue(value[key], sub, where(at, key), problems);
}

/** Every problem of `value` against `field`, each with its key. */
export function checkValue(value: unknown, field: Field, at: string, problems: Problem[]): void {
  const key = at || '(the whole file)';
  if (value === undefined || value === null) {
    const allowed = value === undefined ? 'optional' in field && field.optional : 'nullable' in field && field.nullable;
    if (!allowed) problems.push({ key, message: value === undefined ? 'is missing' : 'is empty (null): write it' });
  } else if (field.kind === 'oneOf') checkOneOf(value, field, at, problems);
  else if (field.kind === 'list') {
    if (Array.isArray(value)) checkList(value, field, at, problems);
    else problems.push({ key, message: 'should be a list' });
  } else if (field.kind === 'group' || field.kind === 'map') {
    if (isRecord(value)) checkObject(value, field, at, problems);
    else problems.push({ key, message: 'should be a group of fields' });
  } else {
    const said = checkLeaf(value, field);
    if (said) problems.push({ key, message: said });
  }
}
