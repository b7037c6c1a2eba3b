import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { langs } from '../content/languages';
import { FORMAT_PATTERNS } from '../content/schema/check';
import { factFiles } from '../content/schema/facts';
import type { Field } from '../content/schema/fields';
import { factFileLabels, fieldLabels, formatHints, pageFileLabels } from '../content/schema/labels';
import { editorLayout } from '../content/schema/layout';
import { pageFiles } from '../content/schema/pages';

// The owner's editor's configuration (editor/config.yml, Sveltia CMS) from the same field lists
// as the checks (content/schema/): `npm run editor-config` writes it, test/editor.test.ts fails
// when the committed file is not what this makes. JSON is YAML, so the file is JSON. It also lays
// out content's JSON files as the editor writes them (content/schema/layout.ts).

const root = path.resolve(__dirname, '..');
export const CONFIG_FILE = path.join(root, 'editor', 'config.yml');
/** Replaced with EDITOR_REPO where the site runs (server/http/editorSettings.ts). */
const REPO_PLACEHOLDER = 'OWNER/REPOSITORY';

type Widget = Record<string, unknown>;

function label(key: string): string {
  const said = fieldLabels[key];
  if (!said) throw new Error(`editor-config: no Danish label for '${key}' in content/schema/labels.ts`);
  return said;
}

/** A Sveltia field for a schema field, or null for one the editor cannot show (a privacy paragraph). */
function widget(name: string, field: Field): Widget | null {
  const base = { name, label: label(name) };
  switch (field.kind) {
    case 'text':
      if (field.format)
        return {
          ...base,
          widget: 'string',
          required: !field.optional && !field.nullable,
          pattern: [FORMAT_PATTERNS[field.format].source, formatHints[field.format]],
          hint: formatHints[field.format],
        };
      return { ...base, widget: 'text', required: !field.optional && !field.nullable };
    case 'number':
      return {
        ...base,
        widget: 'number',
        value_type: field.whole ? 'int' : 'float',
        min: field.min,
        ...(field.max === undefined ? {} : { max: field.max }),
        required: !field.optional && !field.nullable,
      };
    case 'boolean':
      return { ...base, widget: 'boolean', required: false };
    case 'choice':
      return { ...base, widget: 'select', options: [...field.values] };
    case 'paragraph':
      return null;
    case 'list': {
      const of = field.of as Field;
      const size = {
        ...(field.count === undefined ? {} : { min: field.count, max: field.count }),
        ...(field.min ? { min: field.min } : {}),
        required: !field.optional && field.min !== 0,
      };
      if (of.kind === 'choice') return { ...base, widget: 'select', multiple: true, options: [...of.values], ...size };
      if (of.kind === 'object') {
        const fields = subFields(of.fields as Record<string, Field>);
        return fields.length ? { ...base, widget: 'list', ...size, fields } : null;
      }
      const item = widget(name, of);
      return item ? { ...base, widget: 'list', ...size, field: { ...item, label: label(name) } } : null;
    }
    case 'object': {
      const fields = subFields(field.fields as Record<string, Field>);
      return fields.length ? { ...base, widget: 'object', required: !field.optional, fields } : null;
    }
    case 'map': {
      const fields = field.keys.map((key) => widget(key, field.of)).filter((w): w is Widget => w !== null);
      return { ...base, widget: 'object', fields: fields.map((f) => ({ ...f, required: false })) };
    }
  }
}

function subFields(fields: Record<string, Field>): Widget[] {
  return Object.entries(fields)
    .map(([name, field]) => widget(name, field))
    .filter((w): w is Widget => w !== null);
}

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
        files: Object.entries(pageFiles).map(([name, field]) => ({
          name,
          label: pageFileLabels[name as keyof typeof pageFiles],
          file: `content/{{locale}}/${name}.json`,
          format: 'json',
          i18n: true,
          fields: subFields((field as { fields: Record<string, Field> }).fields).map((f) => ({ ...f, i18n: true })),
        })),
      },
      {
        name: 'facts',
        label: 'Fakta',
        label_singular: 'Fakta',
        files: Object.entries(factFiles).map(([name, field]) => ({
          name,
          label: factFileLabels[name as keyof typeof factFiles],
          file: `content/facts/${name}.json`,
          format: 'json',
          fields: subFields((field as { fields: Record<string, Field> }).fields),
        })),
      },
    ],
  };
}

/** The file's text: a comment saying where it comes from, then the configuration as JSON. */
export function editorConfigText(): string {
  return `# Made by \`npm run editor-config\` from content/schema/ (scripts/editorConfig.ts): do not edit.\n${JSON.stringify(editorConfig(), null, 2)}\n`;
}

export const committedConfig = () => readFileSync(CONFIG_FILE, 'utf8');

/** Content's JSON files, each with its field list. */
export function contentFiles(): { file: string; field: Field }[] {
  return [
    ...langs.flatMap((lang) =>
      Object.entries(pageFiles).map(([name, field]) => ({
        file: path.join(root, 'content', lang, `${name}.json`),
        field,
      })),
    ),
    ...Object.entries(factFiles).map(([name, field]) => ({
      file: path.join(root, 'content', 'facts', `${name}.json`),
      field,
    })),
  ] as { file: string; field: Field }[];
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
