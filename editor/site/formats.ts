import type { GroupField } from '../../content/schema/fields';
import { factFiles, languageFiles, practitionerFiles } from '../../content/schema/files';
import { editorLayout } from '../../content/schema/layout';

// Every content file is read as JSON and written through the site's own layout
// (content/schema/layout.ts): the keys in the declaration's order, null where "none" is a choice
// ("efter aftale"), a yes/no only when yes. Sveltia's own JSON writer puts the keys it has no
// field for last and leaves out an empty optional value, so that saving one price rewrote the
// file and deleted two "efter aftale" (decision 0071).

/** The editor's collections of content files: each language's words, her own Danish texts, the facts. */
export type ContentCollection = 'words' | 'practitioner' | 'facts';

/** The format the generated configuration gives a content file (scripts/editorConfig.ts). */
export const contentFormat = (collection: ContentCollection, name: string) => `content-${collection}-${name}`;

interface Formats {
  registerCustomFormat(
    name: string,
    extension: string,
    format: { fromFile: (text: string) => unknown; toFile: (value: unknown) => string },
  ): void;
}

export function registerContentFormats(cms: Formats): void {
  const files: [ContentCollection, Record<string, GroupField>][] = [
    ['words', languageFiles],
    ['practitioner', practitionerFiles],
    ['facts', factFiles],
  ];
  for (const [collection, declarations] of files)
    for (const [name, declaration] of Object.entries(declarations))
      cms.registerCustomFormat(contentFormat(collection, name), 'json', {
        fromFile: (text) => JSON.parse(text) as unknown,
        toFile: (value) => editorLayout(value, declaration),
      });
}
