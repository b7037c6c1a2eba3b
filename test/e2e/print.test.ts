import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { colors } from '../../content/colors';
import { langs } from '../../content/languages';
import { practice } from '../../content/practice';
import { siteTexts } from '../../content/siteTexts';
import { langOfPath, paths } from '../../views/routes';
import { describeBrowser, load, useBrowserSuite } from './harness';

// Printing: Chromium prints pages of each language to A4 PDF (from the dark scheme, to show that
// paper gets the light colours) and poppler's pdftotext reads it back, as a visitor's printer
// would have it: the page's heading and the practice's phone number are there, the header's
// navigation, the Menu button and the skip link are not; the prices fit on two pages.

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'print-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whitespace as one space, without the direction marks poppler puts around right-to-left runs. */
const normalize = (s: string) =>
  s
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const count = (text: string, word: string) => text.split(word).length - 1;

/** The page as printed on A4: its text (normalized) and its number of pages. */
async function printed(page: Page, name: string): Promise<{ text: string; pages: number }> {
  const file = path.join(dir, `${name.replace(/\W+/g, '_')}.pdf`);
  writeFileSync(file, await page.pdf({ format: 'A4' }));
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  // pdftotext ends every page with a form feed.
  return { text: normalize(stdout), pages: stdout.split('\f').length - 1 };
}

/** The most pages each printout may take. */
const MAX_PAGES = { prices: 2, privacy: 3, contact: 2 } as const;

describeBrowser('print', () => {
  const suite = useBrowserSuite();

  for (const id of ['prices', 'privacy', 'contact'] as const) {
    for (const lang of langs) {
      const route = paths[id][lang];
      suite.test(
        `${route} prints on at most ${MAX_PAGES[id]} A4 pages, dark on white, with its heading and the phone number and no navigation`,
        async (s) => {
          const { page } = await s.open({ colorScheme: 'dark' });
          await load(page, s.origin, route);
          const site = siteTexts[langOfPath(route)];
          const labels = [...Object.values(site.nav), site.menuButton, site.skipLink];
          await page.emulateMedia({ media: 'print' });
          const shown = await page.evaluate(() => {
            const text = (selector: string) =>
              (document.querySelector(selector) as HTMLElement | null)?.innerText ?? '';
            const style = getComputedStyle(document.body);
            return {
              heading: text('h1'),
              // What is printed besides the header: each label may be a word of the page itself ("Kontakt").
              content: `${text('.logo')} ${text('main')} ${text('footer')}`,
              colors: { text: style.color, background: style.backgroundColor },
            };
          });
          await page.emulateMedia({ media: null });
          const { text, pages } = await printed(page, route);

          expect(pages).toBeLessThanOrEqual(MAX_PAGES[id]);
          expect(text).toContain(normalize(shown.heading));
          expect(text).toContain(practice.phone);
          expect(text).toContain(practice.email);
          expect(text).toContain(practice.address.street);
          // Every label as often as the page's own text has it: none comes from the header.
          const content = normalize(shown.content);
          expect(labels.map((l) => [l, count(text, l)])).toEqual(labels.map((l) => [l, count(content, l)]));
          const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
          expect(shown.colors).toEqual({ text: rgb(colors.light.text), background: rgb(colors.light.surface) });
        },
      );
    }
  }

  suite.test('a printed external link shows its address, an internal link does not', async (s) => {
    const { page } = await s.open();
    await load(page, s.origin, '/persondatapolitik');
    await page.evaluate(() => {
      const p = document.querySelector('main p') as HTMLElement;
      p.insertAdjacentHTML(
        'beforeend',
        ' <a href="https://www.datatilsynet.dk/">Datatilsynet</a> <a href="/priser">Priser</a>',
      );
    });
    const { text } = await printed(page, 'links');
    expect(text).toContain('Datatilsynet (https://www.datatilsynet.dk/)');
    expect(text).toMatch(/Priser(?! \()/);
    expect(text).not.toContain('(/priser)');
  });
});
