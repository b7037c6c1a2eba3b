import type { Field } from './fields';

// How the owner's editor (Sveltia CMS) writes a JSON file: the keys in the order of its fields
// (the field lists' order), two spaces, a newline at the end. Content's files are kept so, so
// that a price changed in the editor is a one-line change.

function ordered(value: unknown, field: Field): unknown {
  if (Array.isArray(value) && field.kind === 'list') return value.map((item) => ordered(item, field.of as Field));
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const fields: [string, Field][] =
    field.kind === 'object'
      ? Object.entries(field.fields as Record<string, Field>)
      : field.kind === 'map'
        ? field.keys.map((key) => [key, field.of])
        : [];
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
