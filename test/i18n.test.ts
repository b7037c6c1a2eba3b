import { langs, type Lang } from '../content/languages';
import { siteTexts } from '../content/siteTexts';
import { serverTexts } from '../content/serverTexts';
import type { PageTexts } from '../content/links';
import { translations } from '../content/translations';
import type { PageId } from '../content/pages';

// Every language has every text: the type-checker proves the shape (npm test runs tsc first,
// and a missing or extra key fails it); this checks what types cannot see. Each text is
// written (no empty strings, no Danish left behind in a translation) and keeps the
// placeholders the code fills in ({phone}, {date}, ...), or a visitor would read "{phone}".

type Tree = string | number | boolean | null | undefined | Tree[] | { [key: string]: Tree };

/** Every string in a text module, by its path: 'form.fieldErrors.email'; `withNull` keeps null leaves too (as ''). */
function strings(tree: Tree, path = '', withNull = false): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (node: Tree, at: string) => {
    if (typeof node === 'string') found.set(at, node);
    else if (node === null && withNull) found.set(at, '');
    else if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) walk(n, `${at}[${i}]`);
    } else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, at ? `${at}.${k}` : k);
  };
  walk(tree, path);
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** Keys and array lengths only where the type fixes them; paragraphs may differ in number. */
const keys = (tree: Tree): string[] =>
  [...strings(tree, '', true).keys()]
    .map((k) => k.replace(/\[\d+\]/g, '[]'))
    .filter((k, i, all) => all.indexOf(k) === i);

const pageIds = Object.keys(translations.da) as PageId[];
const modules = async (lang: Lang): Promise<Record<string, Tree>> => {
  const pages = await Promise.all(
    pageIds.map(async (id) => [id, (await translations[lang][id]()) as PageTexts[PageId]] as const),
  );
  return {
    site: siteTexts[lang] as unknown as Tree,
    server: serverTexts[lang] as unknown as Tree,
    ...Object.fromEntries(pages),
  } as Record<string, Tree>;
};

describe.each(langs.filter((l) => l !== 'da').map((l) => [l]))(
  '%s has every Danish text, written for its readers',
  (lang) => {
    test('the same texts (the same keys, every string filled in)', async () => {
      const [da, own] = await Promise.all([modules('da'), modules(lang)]);
      for (const name of Object.keys(da)) {
        expect({ module: name, keys: keys(own[name] as Tree) }).toEqual({ module: name, keys: keys(da[name] as Tree) });
        for (const [at, text] of strings(own[name] as Tree))
          expect({ module: name, at, empty: text.trim() === '' }).toEqual({ module: name, at, empty: false });
      }
    });

    test('the same placeholders in each text, so the code can fill them in', async () => {
      const [da, own] = await Promise.all([modules('da'), modules(lang)]);
      for (const name of Object.keys(da)) {
        const danish = strings(da[name] as Tree);
        for (const [at, text] of strings(own[name] as Tree)) {
          const source = danish.get(at);
          if (source !== undefined)
            expect({ module: name, at, placeholders: placeholders(text) }).toEqual({
              module: name,
              at,
              placeholders: placeholders(source),
            });
        }
      }
    });

    test('translated: no sentence is left in Danish', async () => {
      const [da, own] = await Promise.all([modules('da'), modules(lang)]);
      for (const name of Object.keys(da)) {
        // Sentences: four words or more, with letters (a phone number such as '97 64 30 00' is the same everywhere).
        const danish = new Set(
          [...strings(da[name] as Tree).values()].filter((t) => t.split(' ').length >= 4 && /\p{L}/u.test(t)),
        );
        for (const [at, text] of strings(own[name] as Tree))
          expect({ module: name, at, danish: danish.has(text) }).toEqual({ module: name, at, danish: false });
      }
    });
  },
);

test('the Persian texts use Persian letters (ی ک), not the Arabic look-alikes (ي ك)', async () => {
  for (const [at, text] of strings((await modules('fa')) as unknown as Tree))
    expect({ at, arabic: /[يك]/.test(text) }).toEqual({ at, arabic: false });
});
