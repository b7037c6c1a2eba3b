import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { langs } from '../content/languages';
import { FORMAT_PATTERNS } from '../content/schema/check';
import type { ChoiceField, Field, Fields, Format, GroupField, OneOfField } from '../content/schema/fields';
import { factFiles, languageFiles, practitionerFiles } from '../content/schema/files';
import { editorLayout } from '../content/schema/layout';
import { type ContentCollection, contentFormat } from '../editor/site/formats';
import { WHOLE_NUMBER } from '../editor/site/wholeNumber';

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
  date: 'Datoen som ÅÅÅÅ-MM-DD',
  fileName: 'Filens navn uden .jpg: små bogstaver, tal og bindestreg',
  phone: 'Et dansk nummer, der kan ringes op: 8 cifre (fx 70 20 12 01) eller et kort nummer (fx 1813)',
  sha256: 'Sættes af editoren',
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
      // A whole number is the practice's own field (editor/site/wholeNumber.ts): kept as typed, refused in Danish.
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
        accept: 'image/jpeg,image/png,image/webp',
        choose_url: false,
        required: true,
      };
    case 'boolean':
      return { widget: 'boolean', required: false };
    case 'choice':
      return { widget: 'select', options: options(field) };
    default:
      return null;
  }
}

/** A select's options: each value with its Danish label, where the declaration gives one. */
const options = (field: ChoiceField) =>
  field.values.map((value) => {
    const label = field.labels?.[value];
    return label ? { label, value } : value;
  });

/**
 * Whether and how a field is translated: in a language's file each field is, but one that is the
 * same in every language, which the editor shows in the Danish pane and copies to the others.
 */
const translated = (field: Field, i18n: boolean) => (i18n ? { i18n: field.same ? 'duplicate' : true } : {});

/** A oneOf's shapes as Sveltia's variable types: the JSON's `type` names the shape. */
const types = (field: OneOfField, i18n: boolean) =>
  Object.entries(field.of).map(([name, shape]) => ({
    name,
    label: shape.label,
    widget: 'object',
    ...hintOf(shape),
    fields: subFields(shape.fields, i18n),
  }));

/** A Sveltia field for a declared field, or null for one the editor cannot show. */
function widget(name: string, field: Field, i18n: boolean): Widget | null {
  const { label } = field;
  const base = {
    name,
    label,
    ...hintOf(field, field.kind === 'text' ? field.format : undefined),
    ...translated(field, i18n),
    ...(field.readonly ? { readonly: true } : {}),
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
      if (of.kind === 'choice') return { ...base, widget: 'select', multiple: true, options: options(of), ...size };
      if (of.kind === 'oneOf') return { ...base, widget: 'list', ...size, types: types(of, i18n) };
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
    case 'oneOf':
      return { ...base, widget: 'object', required: true, types: types(field, i18n) };
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

/** A file of a collection: in each language's folder (translated, every field) or in one folder (once). */
const entry = (collection: ContentCollection, name: string, declaration: GroupField, file: string) => {
  const i18n = collection === 'words';
  return {
    name,
    label: declaration.label,
    file,
    // Read as JSON, written through the site's layout (editor/site/formats.ts).
    format: contentFormat(collection, name),
    ...(i18n ? { i18n: true } : {}),
    fields: subFields(declaration.fields, i18n),
  };
};

/** The configuration as an object: collections of each language's words and of the facts. */
export function editorConfig() {
  return {
    backend: { name: 'github', repo: REPO_PLACEHOLDER, branch: 'main' },
    // The owner's pictures; the build makes what the pages show (scripts/images.ts).
    media_folder: 'content/images',
    public_folder: '/content/images',
    // Every picture she uploads is drawn again in her browser and saved as WebP: what a phone
    // writes into a photo (GPS position, camera, time) is not drawn, so it never reaches the
    // repository. Big enough for any width the site shows (scripts/images.ts: 1280 px at most).
    media_libraries: {
      default: {
        config: {
          transformations: { raster_image: { format: 'webp', quality: 90, width: 2560, height: 2560 } },
          // 'Venterum 2.JPG' saved as venterum-2.webp: a name the site's pictures may have (decision 0072).
          slugify_filename: true,
        },
      },
    },
    // File names (slugify_filename above) in small Latin letters: æ, ø and å as ae, oe and aa.
    slug: { encoding: 'ascii', clean_accents: true },
    i18n: { structure: 'multiple_folders', locales: [...langs], default_locale: 'da' },
    output: { omit_empty_optional_fields: true, json: { indent_style: 'space', indent_size: 2 } },
    collections: [
      {
        name: 'words',
        label: 'Tekster',
        label_singular: 'Tekst',
        description:
          'Dine ord på dansk, engelsk og persisk. Når du gemmer, tjekkes ændringen og lægges ud: [se, om dine ændringer er live](/admin/live/).',
        i18n: true,
        files: Object.entries(languageFiles).map(([name, declaration]) =>
          entry('words', name, declaration, `content/{{locale}}/${name}.json`),
        ),
      },
      {
        name: 'practitioner',
        label: 'Til dig',
        label_singular: 'Tekst til dig',
        description: 'Dine egne mails og din svarside, på dansk.',
        files: Object.entries(practitionerFiles).map(([name, declaration]) =>
          entry('practitioner', name, declaration, `content/practitioner/${name}.json`),
        ),
      },
      {
        name: 'facts',
        label: 'Fakta',
        label_singular: 'Fakta',
        files: Object.entries(factFiles).map(([name, declaration]) =>
          entry('facts', name, declaration, `content/facts/${name}.json`),
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
    ...Object.entries(practitionerFiles).map(([name, field]) => ({
      file: path.join(root, 'content', 'practitioner', `${name}.json`),
      field,
    })),
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
