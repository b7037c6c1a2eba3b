import { type Field, TYPE_KEY } from './fields';

// How a content JSON file is written: the keys in the order of its fields (the declaration's
// order), two spaces, a newline at the end; a field that may be null is written null rather than
// left out, an optional yes/no only when it is yes. The owner's editor writes every file through
// this (editor/site/formats.ts), and content's files are kept so (npm run editor-config), so
// that a price changed in the editor is a one-line change (decision 0071).

/** The fields of a group, a map's keys, or the shape a oneOf's value names, after its name. */
function fieldsOf(value: Record<string, unknown>, field: Field): [string, Field][] {
  if (field.kind === 'group') return Object.entries(field.fields);
  if (field.kind === 'map') return Object.keys(field.keys).map((key) => [key, field.of]);
  if (field.kind !== 'oneOf') return [];
  const type = value[TYPE_KEY];
  const shape = typeof type === 'string' && Object.hasOwn(field.of, type) ? field.of[type] : undefined;
  return shape ? [[TYPE_KEY, field], ...fieldsOf(value, shape)] : [];
}

/** Nothing typed in a field she need not fill: the editor hands such a value to no file. */
const isEmpty = (value: unknown) =>
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

const needNotFill = (field: Field) =>
  ('optional' in field && field.optional) || ('nullable' in field && field.nullable);

/** `unfilled`: a field she need not fill left empty counts as left out (what the editor leaves out before its writer). */
function ordered(value: unknown, field: Field, unfilled = false): unknown {
  if (Array.isArray(value) && field.kind === 'list') return value.map((item) => ordered(item, field.of, unfilled));
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const fields = fieldsOf(record, field);
  const known = fields.flatMap(([key, sub]): [string, unknown][] => {
    const out = !(key in record) || (unfilled && needNotFill(sub) && isEmpty(record[key]));
    if (out) return 'nullable' in sub && sub.nullable && !sub.optional ? [[key, null]] : [];
    return sub.kind === 'boolean' && sub.optional && record[key] === false
      ? []
      : [[key, ordered(record[key], sub, unfilled)]];
  });
  // A key the fields do not know stays, last, for the checks to name.
  const unknown = Object.keys(record)
    .filter((key) => !fields.some(([k]) => k === key))
    .map((key) => [key, record[key]]);
  return Object.fromEntries([...known, ...unknown]);
}

/** The file's text as the editor would write `value`. */
export const editorLayout = (value: unknown, field: Field): string =>
  `${JSON.stringify(ordered(value, field), null, 2)}\n`;

/**
 * What a save of the entry as the editor holds it would commit: its preview template is handed
 * an emptied field as '' or null, which the editor leaves out before the writer above fills in
 * null or nothing (her preview, server/admin/preview/).
 */
export const asWritten = (value: unknown, field: Field): unknown => ordered(value, field, true);
