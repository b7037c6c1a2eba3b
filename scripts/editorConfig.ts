import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { langs } from '../content/languages';
import { FORMAT_PATTERNS } from '../content/schema/check';
import type { Field, Fields, Format, GroupField } from '../content/schema/fields';
import { factFiles, languageFiles } from '../content/schema/files';
import { editorLayout } from '../content/schema/layout';
import { contentFormat } from '../editor/script/formats';
import { WHOLE_NUMBER } from '../editor/script/wholeNumber';

// The owner's editor's configuration (editor/config.yml, Sveltia CMS) from the same declarations
// as the checks (content/schema/files.ts): each field's label, hint and bounds as declared.
// `npm run editor-config` writes it, test/editor.test.ts fails when the committed file is not
// what this makes. JSON is YAML, so the file is JSON. It also lays out content's JSON files as the
// editor writes them (content/schema/layout.ts).

const root = path.resolve(__dirname, '..');
export const CONFIG_FILE = path.join(root, 'editor', 'config.yml');
/** Replaced when served, with EDITOR_REPO (server/http/editor.ts). */
const REPO_PLACEHOLDER = 'OWNER/REPOSITORY';

type Widget = Record<string, unknown>;

/** What a text with a format must look like, said to the owner (and the editor's message when it does not). */
const FORMAT_HINTS: Record<Format, string> = {
  time: 'Skriv tiden som TT:MM, fx 09:00 eller 16:30',
  closedDay: 'Skriv datoen som ÅÅÅÅ-MM-DD (én gang) eller MM-DD (hvert år)',
};

/** The field's hint (and its format's), as the editor shows it under the field. */
const hintOf = (field: Field, format?: Format) => {
  const said = [format && FORMAT_HINTS[format], field.hint].filter(Boolean).join('. ');
  return said ? { hint: said } : {};
};

const required = (field: Field) => !('optional' in field && field.optional) && !('nullable' in field && field.nullable);

function leaf(field: Field): Widget | null {
  switch (field.kind) {
    case 'text':
      return {
        widget: field.paragraph ? 'text' : 'string',
        required: required(field),
        maxlength: field.max,
        ...(field.format ? { pattern: [FORMAT_PATTERNS[field.format].source, FORMAT_HINTS[field.format]] } : {}),
      };
    case 'number':
      // A whole number is the practice's own field (editor/script/wholeNumber.ts): kept as typed, refused in Danish.
      if (field.whole)
        return {
          widget: WHOLE_NUMBER,
          min: field.min,
          max: field.max,
          optional: field.optional === true,
          ...(field.nullable && field.none ? { none: field.none } : {}),
          required: required(field),
        };
      return { widget: 'number', value_type: 'float', min: field.min, max: field.max, required: required(field) };
    case 'picture':
      // Chosen or uploaded in its folder; the file's name alone is written (public_folder '').
      return {
        widget: 'image',
        media_folder: `/${field.folder}`,
        public_folder: '',
        accept: 'image/jpeg,image/png',
        choose_url: false,
        required: true,
      };
    case 'boolean':
      return { widget: 'boolean', required: false };
    case 'choice':
      return { widget: 'select', options: [...field.values] };
    default:
      return null;
  }
}

/** A Sveltia field for a declared field, or null for one the editor cannot show yet (a policy paragraph). */
function widget(name: string, field: Field, i18n: boolean): Widget | null {
  const { label } = field;
  const base = {
    name,
    label,
    ...hintOf(field, field.kind === 'text' ? field.format : undefined),
    ...(i18n ? { i18n: true } : {}),
  };
  switch (field.kind) {
    case 'list': {
      const size = {
        ...(field.min > 0 ? { min: field.min } : {}),
        max: field.max,
        required: required(field) && field.min > 0,
        // A list with a summary shows each entry folded to it, and opens one on a click.
        ...(field.summary ? { summary: field.summary, collapsed: true } : {}),
      };
      const of = field.of;
      if (of.kind === 'choice') return { ...base, widget: 'select', multiple: true, options: [...of.values], ...size };
      if (of.kind === 'group') {
        const fields = subFields(of.fields, i18n);
        return fields.length ? { ...base, widget: 'list', ...size, fields } : null;
      }
      const item = widget(name, of, i18n);
      return item ? { ...base, widget: 'list', ...size, field: { ...item, label: of.label } } : null;
    }
    case 'group': {
      const fields = subFields(field.fields, i18n);
      return fields.length ? { ...base, widget: 'object', required: required(field), fields } : null;
    }
    case 'map': {
      const fields = Object.entries(field.keys).flatMap(([key, dayLabel]) => {
        const day = widget(key, { ...field.of, label: dayLabel }, i18n);
        return day ? [{ ...day, required: false }] : [];
      });
      return { ...base, widget: 'object', fields };
    }
    default: {
      const shown = leaf(field);
      return shown ? { ...base, ...shown } : null;
    }
  }
}

function subFields(fields: Fields, i18n: boolean): Widget[] {
  return Object.entries(fields).flatMap(([name, field]) => {
    const shown = widget(name, field, i18n);
    return shown ? [shown] : [];
  });
}

/** A file of a collection: in each language's folder (translated, every field) or the facts' (once). */
const entry = (name: string, declaration: GroupField, file: string, i18n: boolean) => ({
  name,
  label: declaration.label,
  file,
  // Read as JSON, written through the site's layout (editor/script/formats.ts).
  format: contentFormat(i18n ? 'words' : 'facts', name),
  ...(i18n ? { i18n: true } : {}),
  fields: subFields(declaration.fields, i18n),
});

/** The configuration as an object: collections of each language's words and of the facts. */
export function editorConfig() {
  return {
    backend: { name: 'github', repo: REPO_PLACEHOLDER, branch: 'main' },
    // The owner's pictures; the build makes what the pages show (scripts/images.ts).
    media_folder: 'content/images',
    public_folder: '/content/images',
    i18n: { structure: 'multiple_folders', locales: [...langs], default_locale: 'da' },
    output: { omit_empty_optional_fields: true, json: { indent_style: 'space', indent_size: 2 } },
    collections: [
      {
        name: 'words',
        label: 'Tekster',
        label_singular: 'Tekst',
        i18n: true,
        files: Object.entries(languageFiles).map(([name, declaration]) =>
          entry(name, declaration, `content/{{locale}}/${name}.json`, true),
        ),
      },
      {
        name: 'facts',
        label: 'Fakta',
        label_singular: 'Fakta',
        files: Object.entries(factFiles).map(([name, declaration]) =>
          entry(name, declaration, `content/facts/${name}.json`, false),
        ),
      },
    ],
  };
}

/** The file's text: a comment saying where it comes from, then the configuration as JSON. */
export function editorConfigText(): string {
  return `# Made by \`npm run editor-config\` from content's declarations (scripts/editorConfig.ts): do not edit.\n${JSON.stringify(editorConfig(), null, 2)}\n`;
}

export const committedConfig = () => readFileSync(CONFIG_FILE, 'utf8');

/** Content's JSON files, each with its declaration. */
export function contentFiles(): { file: string; field: Field }[] {
  return [
    ...langs.flatMap((lang) =>
      Object.entries(languageFiles).map(([name, field]) => ({
        file: path.join(root, 'content', lang, `${name}.json`),
        field,
      })),
    ),
    ...Object.entries(factFiles).map(([name, field]) => ({
      file: path.join(root, 'content', 'facts', `${name}.json`),
      field,
    })),
  ];
}

if (require.main === module) {
  writeFileSync(CONFIG_FILE, editorConfigText());
  console.log(`wrote ${path.relative(root, CONFIG_FILE)}`);
  // Content's files as the editor writes them, so that its first save changes only what she changed.
  for (const { file, field } of contentFiles()) {
    const text = readFileSync(file, 'utf8');
    const laid = editorLayout(JSON.parse(text) as unknown, field);
    if (laid !== text) {
      writeFileSync(file, laid);
      console.log(`laid out ${path.relative(root, file)} as the editor writes it`);
    }
  }
}
