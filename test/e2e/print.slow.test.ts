import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
// would have it: the page's heading and the practice's phone number, email and address are there;
// the header's navigation, the Menu button and the skip link are not; nothing is cut off (every
// word the page prints is in the PDF, inside its sheet) and no sheet holds only the footer. How
// many sheets it takes depends on the fonts' metrics, so it is not counted. They need
// fonts-noto-core (the README's list): without it they are skipped, loudly, and on CI they fail.

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'print-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whitespace as one space, without the direction marks poppler puts around right-to-left runs. */
const normalize = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const count = (text: string, word: string) => text.split(word).length - 1;

interface Printout {
  /** The whole text, normalized. */
  text: string;
  /** Each sheet's text, normalized. */
  sheets: string[];
  /** Words that lie (partly) outside their sheet. */
  outside: string[];
}

/** The page as printed on A4: its text, each sheet's, and any word placed beyond a sheet's edge. */
async function printed(page: Page, name: string): Promise<Printout> {
  const file = path.join(dir, `${name.replace(/\W+/g, '_')}.pdf`);
  writeFileSync(file, await page.pdf({ format: 'A4' }));
  const [{ stdout }, { stdout: boxes }] = await Promise.all([
    run('pdftotext', ['-enc', 'UTF-8', file, '-']),
    run('pdftotext', ['-enc', 'UTF-8', '-bbox', file, '-']),
  ]);
  // pdftotext ends every sheet with a form feed.
  const sheets = stdout.split('\f').slice(0, -1).map(normalize);
  const outside: string[] = [];
  for (const [, w, h, words] of boxes.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)) {
    for (const [, x0, y0, x1, y1, word] of (words as string).matchAll(
      /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g,
    )) {
      if (Number(x0) < 0 || Number(y0) < 0 || Number(x1) > Number(w) || Number(y1) > Number(h))
        outside.push(word as string);
    }
  }
  return { text: normalize(stdout), sheets, outside };
}

const END_OF_MAIN = 'ENDOFMAINMARKER';

/**
 * Debian's fonts-noto-core: the Persian letters on paper, and the metrics the sheets were checked
 * with (another font breaks the lines, and the sheets, elsewhere).
 */
const FONT = '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf';
const hasFonts = existsSync(FONT);
if (!hasFonts && !process.env.CI)
  process.stderr.write(
    `\n*** SKIPPED the printouts' tests: ${FONT} is missing (apt-get install -y fonts-noto-core; see the README). ***\n\n`,
  );

describeBrowser('print', () => {
  const suite = useBrowserSuite();

  for (const id of ['prices', 'privacy', 'contact'] as const) {
    for (const lang of langs) {
      const route = paths[id][lang];
      const name = `${route} prints on A4, dark on white, nothing cut off and no sheet with only the footer, with its heading and the practice's phone, email and address and no navigation`;
      if (!hasFonts) {
        if (process.env.CI)
          test(name, () => {
            throw new Error(`${FONT} is missing: .ci/run installs fonts-noto-core`);
          });
        else test.skip(name, () => undefined);
        continue;
      }
      suite.test(name, async (s) => {
        const { page } = await s.open({ colorScheme: 'dark' });
        await load(page, s.origin, route);
        const site = siteTexts[langOfPath(route)];
        const labels = [...Object.values(site.nav), site.menuButton, site.skipLink];
        await page.emulateMedia({ media: 'print' });
        const shown = await page.evaluate((END) => {
          const text = (selector: string) => (document.querySelector(selector) as HTMLElement | null)?.innerText ?? '';
          const style = getComputedStyle(document.body);
          const shown = {
            heading: text('h1'),
            // What is printed besides the header: each label may be a word of the page itself ("Kontakt").
            content: `${text('.logo')} ${text('main')} ${text('footer')}`,
            colors: { text: style.color, background: style.backgroundColor },
          };
          // A marker after the last word the page itself prints, to find the sheet it ends on.
          const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
          let last: Text | null = null;
          for (let node = walker.nextNode(); node; node = walker.nextNode())
            if (node.textContent?.trim() && node.parentElement?.checkVisibility()) last = node as Text;
          last?.appendData(` ${END}`);
          return shown;
        }, END_OF_MAIN);
        await page.emulateMedia({ media: null });
        const { text, sheets, outside } = await printed(page, route);

        expect(text).toContain(normalize(shown.heading));
        expect(text).toContain(practice.phone);
        expect(text).toContain(practice.email);
        expect(text).toContain(practice.address.street);
        // Nothing cut off: every word the page prints is on paper, and no word runs over a sheet's edge.
        // Compared by letters and digits: pdftotext places punctuation between right-to-left and
        // left-to-right runs as it sees them, and a printed link's address follows its text. It
        // may give a Persian ligature's letters back in another order (لا as ال): such a word
        // counts as printed when a printed word has the same letters.
        const letters = (t: string) => t.replace(/[^\p{L}\p{N}]/gu, '');
        const sorted = (t: string) => [...letters(t)].sort().join('');
        const onPaper = letters(text);
        const printedWords = new Set(text.split(' ').map(sorted));
        const content = normalize(shown.content);
        const missing = content
          .split(' ')
          .filter((word) => !onPaper.includes(letters(word)) && !printedWords.has(sorted(word)));
        expect(missing).toEqual([]);
        expect(outside).toEqual([]);
        // No sheet is empty, and the page's own text reaches the last one: none holds only the footer.
        expect(sheets.filter((sheet) => sheet === '')).toEqual([]);
        expect(sheets.findIndex((sheet) => sheet.includes(END_OF_MAIN))).toBe(sheets.length - 1);
        // Every label as often as the page's own text has it: none comes from the header.
        expect(labels.map((l) => [l, count(text, l)])).toEqual(labels.map((l) => [l, count(content, l)]));
        const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
        expect(shown.colors).toEqual({ text: rgb(colors.light.text), background: rgb(colors.light.surface) });
      });
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

  for (const lang of ['da', 'fa'] as const)
    suite.test(
      `${paths.prices[lang]}: the footer's printed phone reads icon, +45, number, in that order`,
      async (s) => {
        const { page } = await s.open();
        await load(page, s.origin, paths.prices[lang]);
        await page.emulateMedia({ media: 'print' });
        // The link is written left to right in both directions; the country code is its ::before.
        const edges = await page.locator('.footer-links a[href^="tel:"]').evaluate((a) => {
          const icon = a.querySelector('.icon')?.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(a.lastChild as Node);
          return { link: a.getBoundingClientRect().left, icon: icon?.left, number: range.getBoundingClientRect().left };
        });
        expect(edges.icon).toBeCloseTo(edges.link, 0);
        // "+45" and a space between the icon and the number.
        expect(edges.number - (edges.icon ?? 0)).toBeGreaterThan(40);
        await page.emulateMedia({ media: null });
      },
    );
});
