import { readFileSync } from 'node:fs';
import path from 'node:path';
import { policyDate, type SavedEntry } from '../editor/site/policyDate';
import { type Lang, langs } from '../content/languages';
import { policySeal } from '../scripts/checkContent';

// The privacy policy's date as the editor sets it when she saves changed words (the editor's own
// preSave hook, editor/site/policyDate.ts, with WebCrypto as in her browser), and the content
// check's seal of the same words (Node's crypto): they agree, so her save passes the check.

type Files = Record<Lang, Record<string, unknown>>;

/** The editor's entry as its Immutable Map offers it to the hook: data is the Danish, i18n the others. */
function entry(files: Files, at = 'content/da/privacy.json'): SavedEntry {
  const value = {
    collection: 'words',
    path: at,
    data: files.da,
    i18n: { en: { data: files.en }, fa: { data: files.fa } },
  };
  const map = (v: typeof value): SavedEntry => ({
    get: (key) => (v as Record<string, unknown>)[key],
    getIn: () => undefined,
    toJS: () => structuredClone(v),
    setIn: (keys, x) => {
      const copy = structuredClone(v) as Record<string, unknown>;
      let node = copy;
      for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
      node[keys.at(-1) as string] = x;
      return map(copy as typeof value);
    },
  });
  return map(value);
}

const read = () =>
  Object.fromEntries(
    langs.map((lang) => [
      lang,
      JSON.parse(readFileSync(path.join(__dirname, '..', 'content', lang, 'privacy.json'), 'utf8')),
    ]),
  ) as Files;

test('unchanged words: the save goes as it is; a changed Persian paragraph: every language gets the day and the seal the check computes', async () => {
  const files = read();
  expect(await policyDate(entry(files))).toBeUndefined();
  const paragraph = (files.fa.sections as Record<string, { paragraphs: { text?: string }[] }>).data!.paragraphs[0]!;
  paragraph.text = `${paragraph.text} تغییر`;
  const saved = (await policyDate(entry(files), new Date('2026-12-01T23:30:00Z')))!.toJS();
  const after = { da: saved.data!, en: saved.i18n!.en!.data!, fa: saved.i18n!.fa!.data! };
  // Half past midnight in Copenhagen on 2 December.
  expect(langs.map((lang) => after[lang].updated)).toEqual(['2026-12-02', '2026-12-02', '2026-12-02']);
  expect(langs.map((lang) => after[lang].seal)).toEqual(Array(3).fill(policySeal(after)));
  expect(after.fa.seal).not.toBe(files.da.seal);
});

test('another entry is left alone', async () => {
  const files = read();
  (files.da as { heading: string }).heading = 'x';
  expect(await policyDate(entry(files, 'content/da/home.json'))).toBeUndefined();
});
