import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { practice } from '../../content/practice';
import { serverTexts } from '../../content/serverTexts';
import { siteTexts } from '../../content/siteTexts';
import { unavailablePage } from '../../server/http/unavailablePage';
import { HOSTILE } from '../support/hostileContent';
import { describeBrowser, launchBrowser } from './harness';
import { counts, parsed, watched } from './hostilePage';

// Content written into HTML outside React, loaded in Chromium with content made hostile (a quote
// of each kind, a line break, tags that would run script: test/support/hostileContent.ts) and no
// Content-Security-Policy to fall back on: no script runs (no dialog, no console line from one),
// the page parses, and the very value stands where it was put, as text or as an attribute. Here
// the page a static host serves without the site's CSP, opened as the file it is, and what the
// browser writes itself (the booking form's error summary); the server's pages, the mails' HTML
// and the share pictures' page in hostile-content.slow.test.ts; the places that are not HTML
// (headers, iCalendar, security.txt, JSON) in test/content-escaping.test.ts.

jest.mock('../../content/facts/practice.json', () =>
  jest.requireActual<typeof import('../support/hostileContent')>('../support/hostileContent').hostileFacts(),
);
// Each file by its literal name: jest hoists only such calls above the imports.
jest.mock('../../content/da/server.json', () =>
  jest
    .requireActual<typeof import('../support/hostileContent')>('../support/hostileContent')
    .hostile(jest.requireActual('../../content/da/server.json')),
);
jest.mock('../../content/da/site.json', () =>
  jest
    .requireActual<typeof import('../support/hostileContent')>('../support/hostileContent')
    .hostile(jest.requireActual('../../content/da/site.json')),
);
jest.mock('../../content/da/visitorMail.json', () =>
  jest
    .requireActual<typeof import('../support/hostileContent')>('../support/hostileContent')
    .hostile(jest.requireActual('../../content/da/visitorMail.json')),
);

describeBrowser('content made hostile, written outside React: no script runs, each value where it was put', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('the content is hostile here (else this file tests nothing)', () => {
    expect(practice.phoneE164).toContain(HOSTILE);
    expect(serverTexts.da.serverError.title).toContain(HOSTILE);
    expect(siteTexts.da.crisis.heading).toContain(HOSTILE);
  });

  test('dist/unavailable.html as a file (no CSP): the phone link, title and headings as the content has them', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'unavailable-')), 'unavailable.html');
    writeFileSync(file, unavailablePage());
    const { page, ran } = await watched(browser);
    await page.goto(pathToFileURL(file).href);
    await page.locator('a').first().focus();
    expect(ran).toEqual([]);
    expect(await counts(page)).toEqual({ scripts: 0, images: 0 });
    expect(await page.title()).toBe(`${serverTexts.da.serverError.title} · ${practice.name}`.replace(/\r\n/g, ' '));
    expect(await page.locator('section[lang="da"] a').first().getAttribute('href')).toBe(
      parsed(`tel:${practice.phoneE164}`),
    );
    expect(await page.locator('section[lang="da"] h2').textContent()).toBe(parsed(siteTexts.da.crisis.heading));
    await page.close();
  });

  test("the booking form's error summary (views/booking/errorSummary.ts): the summary and each error as text, a link to its field", async () => {
    const bundle = await build({
      entryPoints: [path.join(__dirname, '..', '..', 'views', 'booking', 'errorSummary.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'errorSummary',
    });
    const { page, ran } = await watched(browser);
    await page.setContent(
      '<div id="alert" tabindex="-1"></div><input id="name"><p id="name-error" hidden></p><input id="email"><p id="email-error" hidden></p>',
    );
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
    const summary = `Før du kan sende${HOSTILE}`;
    await page.evaluate(
      ([text, error]) =>
        (
          window as unknown as { errorSummary: { showErrors: (e: object, s: string) => boolean } }
        ).errorSummary.showErrors({ name: error, email: error }, text as string),
      [summary, HOSTILE],
    );
    expect(ran).toEqual([]);
    expect(await counts(page)).toMatchObject({ images: 0 });
    expect(await page.locator('#alert p').textContent()).toBe(summary);
    expect(await page.locator('#alert a').allTextContents()).toEqual([HOSTILE, HOSTILE]);
    expect(await page.locator('#alert a').first().getAttribute('href')).toBe('#name');
    expect(await page.locator('#name-error').textContent()).toBe(HOSTILE);
    await page.close();
  });
});
