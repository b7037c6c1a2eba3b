import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { ROOT } from '../../../scripts/builtServer';

// The owner's editor in its local mode ("Arbejd med lokalt repository") on a folder that lives in
// the browser: Chromium's origin-private file system stands in for the folder she would pick, so
// a test drives the editor as the site serves it, with the generated configuration, and reads
// back every byte a save wrote. The editor asks window.showDirectoryPicker() for the folder (here
// answered with that folder, no dialog) and takes it for a repository when it holds a .git.

/** The folder in the browser's private file system that plays her working copy. */
const FOLDER = 'working-copy';

export interface LocalEditor {
  page: Page;
  /** Opens an entry by its collection's name and its own ('words', 'home'), every field drawn. */
  open(collection: string, entry: string): Promise<void>;
  /** Shows `lang` ('da', 'en', 'fa') in the editing pane. */
  language(lang: string): Promise<void>;
  /** The field at a key path in the editing pane ('hero.lead', 'testimonials.items.1.text'). */
  field(keyPath: string): Locator;
  /** Saves; resolves once the editor says so, rejects with the messages it shows instead. */
  save(): Promise<void>;
  /** Every file in the folder, by path. */
  files(): Promise<Map<string, Buffer>>;
  close(): Promise<void>;
}

/** content/ as the editor reads it: the JSON files and the pictures. */
export function contentFiles(): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(ROOT, dir))) {
      const file = `${dir}/${name}`;
      if (statSync(path.join(ROOT, file)).isDirectory()) walk(file);
      else if (/\.json$|^content\/images\//.test(file)) files.set(file, readFileSync(path.join(ROOT, file)));
    }
  };
  walk('content');
  return files;
}

/** The editor at `origin`/admin/ in local mode on a folder holding `files` (paths in the repository). */
export async function openLocalEditor(
  browser: Browser,
  origin: string,
  files: Map<string, Uint8Array>,
): Promise<LocalEditor> {
  const context = await browser.newContext({ locale: 'da-DK', viewport: { width: 1400, height: 1000 } });
  await context.addInitScript((folder) => {
    (window as { showDirectoryPicker?: unknown }).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
  }, FOLDER);
  const page = await context.newPage();
  // Leaving an entry she has not saved (a test that failed half-way) asks first: yes.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${origin}/admin/`);
  const encoded = Object.fromEntries([...files].map(([file, bytes]) => [file, Buffer.from(bytes).toString('base64')]));
  await page.evaluate(
    async ({ folder, encoded }) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
      for (const [file, base64] of Object.entries(encoded)) {
        const parts = file.split('/');
        let dir = root;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1) as string, { create: true })).createWritable();
        await writable.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
        await writable.close();
      }
    },
    { folder: FOLDER, encoded: { ...encoded, '.git': Buffer.from('gitdir: elsewhere\n').toString('base64') } },
  );
  await page.getByRole('button', { name: 'Arbejd med lokalt repository' }).click();
  await page.getByRole('treeitem').first().waitFor();
  const pane = page.locator('#first-pane-body');
  return {
    page,
    open: async (collection, entry) => {
      // An entry left open unsaved (a test that failed half-way) is dropped with the page.
      if ((await pane.count()) > 0) {
        await page.reload();
        await pane.locator('[data-key-path]').first().waitFor();
      }
      // Through the collection's list, as she would go: from one entry straight to another leaves the pane empty.
      await page.goto(`${origin}/admin/#/collections/${collection}`);
      await page.getByRole('grid').waitFor();
      await page.goto(`${origin}/admin/#/collections/${collection}/entries/${entry}`);
      await page.locator(`#first-pane-body [data-key-path]`).first().waitFor();
      await renderAll(pane);
    },
    language: async (lang) => {
      const button = page.locator(`#first-pane-header [role="radio"][value="${lang}"]`);
      if ((await button.count()) > 0 && (await button.getAttribute('aria-checked')) !== 'true') await button.click();
      await page.locator(`#first-pane-header [role="radio"][value="${lang}"][aria-checked="true"]`).waitFor();
      await renderAll(pane);
    },
    field: (keyPath) => pane.locator(`[data-key-path="${keyPath}"]`).first(),
    save: () => save(page),
    files: async () => {
      const read = await page.evaluate(async (folder) => {
        const out: Record<string, string> = {};
        // A list of folders still to read rather than a recursive function (a page script is sent as its text).
        const pending: [FileSystemDirectoryHandle, string][] = [
          [await (await navigator.storage.getDirectory()).getDirectoryHandle(folder), ''],
        ];
        for (let next = pending.pop(); next; next = pending.pop()) {
          const [dir, at] = next;
          for await (const [name, handle] of dir.entries()) {
            const file = at ? `${at}/${name}` : name;
            if (handle.kind === 'directory') pending.push([handle as FileSystemDirectoryHandle, file]);
            else {
              const bytes = new Uint8Array(await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer());
              out[file] = btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
            }
          }
        }
        return out;
      }, FOLDER);
      return new Map(Object.entries(read).map(([file, base64]) => [file, Buffer.from(base64, 'base64')]));
    },
    close: () => context.close(),
  };
}

/**
 * The editor draws a field once it has been scrolled to, and keeps it: scrolled through, the pane
 * then holds every field of the entry (and is scrolled back to its top).
 */
async function renderAll(pane: Locator): Promise<void> {
  // No named function inside: a page script is sent as its text, and a bundler's name helpers are not there.
  await pane.evaluate(async (pane) => {
    // The pane's scrolling box is inside it.
    const el = [pane, ...Array.from(pane.querySelectorAll('div'))].find((e) =>
      /auto|scroll/.test(getComputedStyle(e).overflowY),
    ) as HTMLElement;
    let steady = 0;
    for (let seen = el.querySelectorAll('[data-key-path]').length; steady < 3; ) {
      el.scrollTop += el.clientHeight / 2;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const now = el.querySelectorAll('[data-key-path]').length;
      const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      steady = now === seen && atEnd ? steady + 1 : 0;
      seen = now;
    }
    el.scrollTop = 0;
  });
}

/** Presses Gem and waits for "Dokumentet er gemt." or, failing that, says what the editor refused. */
async function save(page: Page): Promise<void> {
  const saved = page.getByText('Dokumentet er gemt.');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  const refused = page.locator('#first-pane-body [aria-invalid="true"], #first-pane-body .validation');
  const outcome = await Promise.race([
    saved
      .first()
      .waitFor()
      .then(() => 'saved' as const),
    refused
      .first()
      .waitFor()
      .then(() => 'refused' as const),
  ]);
  if (outcome === 'refused') {
    const said = await page.locator('#first-pane-body [role="alert"]').allInnerTexts();
    throw new Error(`the editor refused to save: ${said.join(' | ') || '(a field is marked invalid)'}`);
  }
  // The message is gone before the next save says it again.
  await saved.first().waitFor({ state: 'detached', timeout: 30_000 });
}
