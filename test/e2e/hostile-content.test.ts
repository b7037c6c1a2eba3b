import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { practice } from '../../content/practice';
import { serverTexts } from '../../content/serverTexts';
import { siteTexts } from '../../content/siteTexts';
import { cardHtml, cardTexts } from '../../scripts/shareImages/cards';
import { unavailablePage } from '../../server/http/unavailablePage';
import { confirmedMail } from '../../server/mail/visitorMail';
import { makeApp } from '../support/app';
import { answerRequestAt, bookingConfig } from '../support/booking';
import { HOSTILE, MARKER } from '../support/hostileContent';
import { describeBrowser, launchBrowser } from './harness';

// Every place outside React that writes content into HTML, loaded in Chromium with content made
// hostile (a quote of each kind, a line break, tags that would run script: test/support/hostileContent.ts),
// with no Content-Security-Policy to fall back on: no script runs (no dialog, no console line
// from one), the page parses, and the very value stands where it was put, as text or as an
// attribute. The unavailable page is opened as the file it is (a static host serves it without the
// site's CSP); the others are what the server, the mail or the share pictures' script write. The
// places that are not HTML (headers, iCalendar, security.txt, JSON): test/content-escaping.test.ts.

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

/** A value as HTML parsing gives it back: a CRLF is one line feed. */
const parsed = (text: string) => text.replace(/\r\n/g, '\n');

/** What the page did that a script would: dialogs and console lines with the marker. */
async function watched(browser: Browser) {
  const page = await browser.newPage();
  const ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.text().includes(MARKER)) ran.push(`console: ${message.text()}`);
  });
  return { page, ran };
}

/** The page's elements of a kind, and whether any is one the content would have added. */
const counts = (page: Page) =>
  page.evaluate(() => ({
    scripts: [...document.querySelectorAll('script')].filter((s) => !s.type.includes('json')).length,
    images: document.querySelectorAll('img').length,
  }));

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

  describe('what the server writes', () => {
    const { app } = makeApp({ env: { MAIL_TO: 'praksis@example.dk', MAIL_FROM: 'web@example.dk' } });

    test("a page's head: title, description, og:site_name, the share picture's text, JSON-LD and the page's data as the content has them", async () => {
      const res = await request(app).get('/').expect(200);
      const { page, ran } = await watched(browser);
      await page.setContent(res.text, { waitUntil: 'domcontentloaded' });
      expect(ran).toEqual([]);
      expect(await counts(page)).toMatchObject({ images: 0 });
      const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');
      expect(await meta('property="og:site_name"')).toBe(parsed(practice.name));
      expect(await meta('property="og:image:alt"')).toContain(parsed(HOSTILE));
      expect(await page.title()).toContain(HOSTILE.replace(/\r\n/g, ' '));
      const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
      expect(JSON.parse(jsonLd ?? '')).toMatchObject({ name: practice.name, telephone: practice.phoneE164 });
      await page.close();
    });

    test('the error page (a NUL in a file name): title and text as the content has them', async () => {
      const res = await request(app).get('/assets/%00');
      expect(res.status).toBe(400);
      const { page, ran } = await watched(browser);
      await page.setContent(res.text, { waitUntil: 'domcontentloaded' });
      expect(ran).toEqual([]);
      expect(await counts(page)).toEqual({ scripts: 0, images: 0 });
      expect(await page.locator('h1').textContent()).toBe(parsed(serverTexts.da.serverError.title));
      await page.close();
    });
  });

  test("the client's confirmation as HTML: the practice's phone link and the texts as the content has them", async () => {
    const config = { ...bookingConfig('smtp://127.0.0.1:1'), videoUrl: null };
    const mail = await confirmedMail(config, answerRequestAt(new Date('2027-01-14T09:00:00Z')), new Date(), {
      uid: 'id',
      sequence: 0,
      manage: null,
    });
    const { page, ran } = await watched(browser);
    await page.setContent(mail.html, { waitUntil: 'domcontentloaded' });
    expect(ran).toEqual([]);
    expect(await counts(page)).toEqual({ scripts: 0, images: 0 });
    expect(await page.locator('a[href^="tel:"]').last().getAttribute('href')).toBe(parsed(`tel:${practice.phoneE164}`));
    expect(await page.locator('body').textContent()).toContain(parsed(practice.practitioner));
    await page.close();
  });

  test("a share picture's page (scripts/shareImages: Chromium draws it): the name and title as the content has them", async () => {
    const { page, ran } = await watched(browser);
    await page.setContent(cardHtml(cardTexts('da')), { waitUntil: 'domcontentloaded' });
    expect(ran).toEqual([]);
    expect(await counts(page)).toEqual({ scripts: 0, images: 0 });
    expect(await page.locator('h1').textContent()).toBe(parsed(practice.name));
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
