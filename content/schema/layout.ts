import { type Field, TYPE_KEY } from './fields';

// How the owner's editor (Sveltia CMS) writes a JSON file: the keys in the order of its fields
// (the declaration's order), two spaces, a newline at the end. Content's files are kept so, so
// that a price changed in the editor is a one-line change.

/** The fields of a group, a map's keys, or the shape a oneOf's value names, after its name. */
function fieldsOf(value: Record<string, unknown>, field: Field): [string, Field][] {
  if (field.kind === 'group') return Object.entries(field.fields);
  if (field.kind === 'map') return Object.keys(field.keys).map((key) => [key, field.of]);
  if (field.kind !== 'oneOf') return [];
  const type = value[TYPE_KEY];
  const shape = typeof type === 'string' && Object.hasOwn(field.of, type) ? field.of[type] : undefined;
  return shape ? [[TYPE_KEY, field], ...fieldsOf(value, shape)] : [];
}

function ordered(value: unknown, field: Field): unknown {
  if (Array.isArray(value) && field.kind === 'list') return value.map((item) => ordered(item, field.of));
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const fields = fieldsOf(record, field);
  const known = fields.filter(([key]) => key in record).map(([key, sub]) => [key, ordered(record[key], sub)]);
  // A key the fields do not know stays, last, for the checks to name.
  const unknown = Object.keys(record)
    .filter((key) => !fields.some(([k]) => k === key))
    .map((key) => [key, record[key]]);
  return Object.fromEntries([...known, ...unknown]);
}

/** The file's text as the editor would write `value`. */
export const editorLayout = (value: unknown, field: Field): string =>
  `${JSON.stringify(ordered(value, field), null, 2)}\n`;
