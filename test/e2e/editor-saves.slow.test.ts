import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { editorConfig } from '../../scripts/editorConfig';
import { type BuiltServer, startTestServer } from '../support/builtServer';
import { copyRepo, type RepoCopy } from '../support/repoCopy';
import { cameraJpeg } from '../support/testImages';
import { ROOT } from '../../scripts/builtServer';
import { describeBrowser, launchBrowser } from './harness';
import { contentFiles, type LocalEditor, openLocalEditor } from './harness/localEditor';

// Issue 57: the owner's editor as she uses it, through the configuration the generator makes, in
// Chromium, in local mode on a folder holding a copy of content/ (test/e2e/harness/localEditor.ts).
// Every entry of her words is opened in Danish, English and Persian and saved with one edit, her
// own Danish texts and the facts (one edit per kind of field) once each; every save must
// write exactly what was edited (git diff would show that line and no other), and what the editor
// wrote must pass the content check, tsc and the build in a copy of the repository, as CI would on
// her commit. The Persian testimonial she edited is then on /fa, in its place.

type Widget = {
  name: string;
  widget: string;
  i18n?: boolean | 'duplicate';
  pattern?: unknown;
  fields?: Widget[];
  field?: Widget;
  types?: Widget[];
};
type Entry = { name: string; label: string; file: string; fields: Widget[] };
type Collection = { name: string; label: string; files: Entry[] };

const config = editorConfig() as unknown as { collections: Collection[] };
const collection = (name: string) => config.collections.find((c) => c.name === name) as Collection;
const words = collection('words');
const facts = collection('facts');
const practitioner = collection('practitioner');
const LANGS = ['da', 'en', 'fa'] as const;
/** What each language's edit adds to a text. */
const EDITED = { da: ' (rettet)', en: ' (edited)', fa: ' ویرایش‌شده (CBT)' };

const original = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const read = (value: unknown, keyPath: string) =>
  keyPath.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], value);

/**
 * The key path of a plain text to edit in an entry of each language's words: the most deeply
 * nested one (inside a list's item where there is one), since those are the ones a language pane
 * could leave out.
 */
function deepestText(fields: Widget[], at = '', depth = 0): { keyPath: string; depth: number } | null {
  let best: { keyPath: string; depth: number } | null = null;
  for (const w of fields) {
    const here = at ? `${at}.${w.name}` : w.name;
    const found =
      (w.widget === 'text' || w.widget === 'string') && !w.pattern && w.i18n !== 'duplicate'
        ? { keyPath: here, depth }
        : w.widget === 'object' && w.fields
          ? deepestText(w.fields, here, depth + 1)
          : w.widget === 'list' && w.fields
            ? deepestText(w.fields, `${here}.0`, depth + 2)
            : null;
    if (found && (!best || found.depth > best.depth)) best = found;
  }
  return best;
}

/**
 * Lines removed and added between two texts: those that differ, where both have as many lines;
 * else those between their common first and last lines.
 */
function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length === b.length) {
    const differ = a.flatMap((line, i) => (line === b[i] ? [] : [i]));
    return { removed: differ.map((i) => a[i] as string), added: differ.map((i) => b[i] as string) };
  }
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
}

/**
 * The key paths of the fields that are the same in every language (a year, an icon, a number):
 * written in Danish, copied by the editor to the others, without list places ('experience.from').
 */
function sameEverywhere(widgets: Widget[], at = '', out: string[] = []): string[] {
  for (const w of widgets) {
    const here = at ? `${at}.${w.name}` : w.name;
    if (w.i18n === 'duplicate') out.push(here);
    for (const inner of [
      w.fields ?? [],
      w.field ? [{ ...w.field, name: '' }] : [],
      ...(w.types ?? []).map((t) => t.fields ?? []),
    ])
      sameEverywhere(inner, here, out);
  }
  return out.map((p) => p.replace(/\.$/, ''));
}

/** Every text box of a language's pane but those of fields the same in every language: its field's key path, whether she can type, its direction. */
const boxes = (editor: LocalEditor, same: string[]) =>
  editor.page.locator('#first-pane-body textarea, #first-pane-body input[type="text"]').evaluateAll(
    (els, same) =>
      els.flatMap((el) => {
        const at = el.closest('[data-key-path]')?.getAttribute('data-key-path') ?? '';
        if (same.includes(at.replace(/\.\d+/g, ''))) return [];
        return [{ at, typed: !(el as HTMLInputElement).readOnly, dir: el.getAttribute('dir') }];
      }),
    same,
  );

describeBrowser("the owner's editor saves every entry through the generated configuration (local mode)", () => {
  let server: BuiltServer;
  let browser: Browser;
  let editor: LocalEditor;
  let copy: RepoCopy;
  /** The files the editor wrote, after all the saves below. */
  let written: Map<string, Buffer>;
  /** The Persian testimonial as edited. */
  let testimonial: string;

  beforeAll(async () => {
    [server, browser, copy] = await Promise.all([startTestServer({}), launchBrowser(), copyRepo()]);
    editor = await openLocalEditor(browser, server.origin, contentFiles());
  }, 120_000);
  afterAll(async () => {
    await editor?.close();
    await browser?.close();
    server?.kill();
    await copy?.remove();
  });

  test.each(words.files.map((entry) => [entry.label, entry] as const))(
    'Tekster → %s: every field editable in Danish, English and Persian (Persian right to left); one edit in each saves as exactly that line',
    async (_label, entry) => {
      await editor.open(words.name, entry.name);
      const keyPath = entry.name === 'home' ? 'testimonials.items.1.text' : deepestText(entry.fields)?.keyPath;
      expect(keyPath).toBeDefined();
      const same = sameEverywhere(entry.fields);
      const panes: Record<string, { at: string; typed: boolean; dir: string | null }[]> = {};
      for (const lang of LANGS) {
        await editor.language(lang);
        panes[lang] = await boxes(editor, same);
      }
      // The same fields in every language, every one she can type in; Persian right to left.
      const fields = (lang: string) => panes[lang]?.map((b) => (b.typed ? b.at : `${b.at} (read-only)`));
      expect({ entry: entry.label, en: fields('en'), fa: fields('fa') }).toEqual({
        entry: entry.label,
        en: fields('da'),
        fa: fields('da'),
      });
      expect(panes.da?.length).toBeGreaterThan(0);
      expect(panes.fa?.filter((b) => b.dir !== 'rtl').map((b) => b.at)).toEqual([]);
      for (const lang of LANGS) {
        await editor.language(lang);
        const box = editor
          .field(keyPath as string)
          .locator('textarea, input')
          .first();
        await box.fill(`${await box.inputValue()}${EDITED[lang]}`);
      }
      await editor.save();
      const files = await editor.files();
      for (const lang of LANGS) {
        const file = entry.file.replace('{{locale}}', lang);
        const before = original(file);
        const was = read(JSON.parse(before), keyPath as string) as string;
        const now = files.get(file)?.toString('utf8') ?? '';
        // Changed words of the privacy policy get today's date and a new seal too (decision 0068).
        const sealed = entry.name === 'privacy' ? ['  "updated": "', '  "seal": "'] : [];
        expect({ file, changed: changedLines(before, now) }).toEqual({
          file,
          changed: {
            removed: [...sealed, JSON.stringify(was).slice(1, -1)].map((s) => expect.stringContaining(s)),
            added: [...sealed, JSON.stringify(`${was}${EDITED[lang]}`).slice(1, -1)].map((s) =>
              expect.stringContaining(s),
            ),
          },
        });
        if (entry.name === 'home' && lang === 'fa') testimonial = `${was}${EDITED.fa}`;
      }
    },
    90_000,
  );

  test.each(practitioner.files.map((entry) => [entry.label, entry] as const))(
    'Til dig → %s: her own Danish texts, shown once (no languages); one edit saves as exactly that line',
    async (_label, entry) => {
      await editor.open(practitioner.name, entry.name);
      expect(await editor.page.locator('#first-pane-header [role="radio"]').count()).toBe(0);
      const keyPath = deepestText(entry.fields)?.keyPath as string;
      expect(keyPath).toBeDefined();
      const box = editor.field(keyPath).locator('textarea, input').first();
      await box.fill(`${await box.inputValue()}${EDITED.da}`);
      await editor.save();
      const before = original(entry.file);
      const was = read(JSON.parse(before), keyPath) as string;
      const now = (await editor.files()).get(entry.file)?.toString('utf8') ?? '';
      expect({ file: entry.file, changed: changedLines(before, now) }).toEqual({
        file: entry.file,
        changed: {
          removed: [expect.stringContaining(JSON.stringify(was).slice(1, -1))],
          added: [expect.stringContaining(JSON.stringify(`${was}${EDITED.da}`).slice(1, -1))],
        },
      });
    },
    60_000,
  );

  /** One edit per kind of fact, and what it must change in the file, exactly. */
  const factEdits: { entry: string; what: string; edit: () => Promise<void>; changed: (before: string) => object }[] = [
    {
      entry: 'practice',
      what: 'a time',
      edit: async () => editor.field('phoneHours.opens').locator('input').fill('10:30'),
      changed: () => ({ removed: ['    "opens": "11:00",'], added: ['    "opens": "10:30",'] }),
    },
    {
      entry: 'prices',
      what: 'a price (after "1.200,-" is refused with a Danish message), and "efter aftale" for another',
      edit: async () => {
        const par = editor.field('par.amount').locator('input[type="text"]');
        await par.fill('1.200,-');
        await expect(editor.save()).rejects.toThrow('»1.200,-« er ikke et helt tal. Skriv kun cifre, fx 1200');
        await par.fill('2500');
        await editor.field('familie.amount').getByRole('radio', { name: 'efter aftale' }).check();
      },
      changed: () => ({
        removed: ['    "amount": 2400,', '    "amount": 2400,'],
        added: ['    "amount": 2500,', '    "amount": null,'],
      }),
    },
    {
      entry: 'booking',
      what: 'a closed day and a period',
      edit: async () => {
        const add = editor
          .field('closedDays')
          .getByRole('button', { name: /^Tilføj/ })
          .last();
        const days: [number, Record<string, string>][] = [
          [3, { date: '2027-07-19', note: 'kursus' }],
          [4, { date: '2027-08-02', to: '2027-08-13', note: 'sommerferie' }],
        ];
        for (const [i, day] of days) {
          await add.click();
          for (const [key, value] of Object.entries(day))
            await editor.field(`closedDays.${i}.${key}`).locator('input').fill(value);
        }
      },
      changed: (before) => {
        // Both appended, every other line as it was (the file as the site lays it out).
        const booking = JSON.parse(before) as { closedDays: object[] };
        booking.closedDays.push(
          { date: '2027-07-19', note: 'kursus' },
          { date: '2027-08-02', to: '2027-08-13', note: 'sommerferie' },
        );
        return changedLines(before, `${JSON.stringify(booking, null, 2)}\n`);
      },
    },
    {
      entry: 'pictures',
      what: "a picture's description, and a clinic photo uploaded into its folder (drawn as WebP, its name in small letters)",
      edit: async () => {
        const box = editor.field('portrait.fa').locator('textarea, input').first();
        await box.fill(`${await box.inputValue()}${EDITED.fa}`);
        await editor
          .field('clinic.0.file')
          .locator('input[type="file"]')
          .first()
          .setInputFiles({ name: 'Indgang.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(640, 960) });
        // Drawn again in her browser first ("Behandler en fil"); saved before, the field is still empty.
        await editor.field('clinic.0.file').getByText('indgang.webp').waitFor();
      },
      changed: (before) => {
        const was = (JSON.parse(before) as { portrait: { fa: string } }).portrait.fa;
        return {
          removed: [`    "fa": ${JSON.stringify(was)}`, '      "file": "entrance.jpg",'],
          added: [`    "fa": ${JSON.stringify(`${was}${EDITED.fa}`)}`, '      "file": "indgang.webp",'],
        };
      },
    },
  ];

  test.each(factEdits.map((edit) => [edit.entry, edit.what, edit] as const))(
    'Fakta → %s: %s; shown once (no languages), saved as exactly that change',
    async (name, _what, { edit, changed }) => {
      const entry = facts.files.find((f) => f.name === name) as Entry;
      await editor.open(facts.name, entry.name);
      expect(await editor.page.locator('#first-pane-header [role="radio"]').count()).toBe(0);
      await edit();
      await editor.save();
      const now = (await editor.files()).get(entry.file)?.toString('utf8') ?? '';
      const before = original(entry.file);
      expect({ file: entry.file, changed: changedLines(before, now) }).toEqual({
        file: entry.file,
        changed: changed(before),
      });
    },
    60_000,
  );

  test('the closed day and the period read folded as their dates and notes; the photo is in content/images/clinic', async () => {
    await editor.open(facts.name, 'booking');
    const folded = await editor.field('closedDays').innerText();
    expect(folded).toContain('2027-07-19: kursus');
    expect(folded).toContain('2027-08-02 til og med 2027-08-13: sommerferie');
    // Drawn again in her browser as WebP (decision 0068), under a name the site can use.
    const photo = (await editor.files()).get('content/images/clinic/indgang.webp');
    expect(photo?.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  test('what the editor wrote passes the content check, tsc and the build, as CI runs them on her commit', async () => {
    written = await editor.files();
    for (const [file, bytes] of written) if (file.startsWith('content/')) await copy.write(file, bytes);
    expect(await copy.run('npx', ['tsx', 'scripts/checkContent.ts'])).toContain('no problem');
    await copy.run('npx', ['tsc', '--noEmit']);
    await copy.run('npx', ['tsx', 'scripts/build.ts']);
  }, 300_000);

  test('the Persian testimonial she edited is on /fa, second of three as listed, its Latin word isolated', async () => {
    expect(testimonial).toBeDefined();
    const site = await startTestServer({}, { cwd: copy.dir, serverJs: path.join(copy.dir, 'dist', 'server.js') });
    const context = await browser.newContext({ locale: 'fa-IR' });
    try {
      const page = await context.newPage();
      await page.goto(`${site.origin}/fa`);
      const shown = await page.locator('.testimonial blockquote p').allTextContents();
      const listed = (
        JSON.parse(written.get('content/fa/home.json')?.toString('utf8') ?? '{}') as {
          testimonials: { items: { text: string }[] };
        }
      ).testimonials.items.map((t) => t.text);
      expect(listed[1]).toBe(testimonial);
      expect(shown.map((t) => t.replace(/[\u2066-\u2069]/g, ''))).toEqual(listed);
      expect(shown[1]).toContain('\u2066(CBT)\u2069');
      // The photo she uploaded for the way in is on the contact page, under its description.
      await page.goto(`${site.origin}/kontakt`);
      const door = page.locator('figure', { hasText: 'Indgangen fra gaden' });
      expect(await door.locator('img').getAttribute('src')).toMatch(/^\/assets\/clinic-indgang-/);
    } finally {
      await context.close();
      site.kill();
    }
  }, 60_000);
});
