import type { Browser } from 'playwright-core';
import request from 'supertest';
import { practice } from '../../content/practice';
import { serverTexts } from '../../content/serverTexts';
import { cardHtml, cardTexts } from '../../scripts/shareImages/cards';
import { confirmedMail } from '../../server/mail/visitorMail';
import { makeApp } from '../support/app';
import { answerRequestAt, bookingConfig } from '../support/booking';
import { HOSTILE } from '../support/hostileContent';
import { describeBrowser, launchBrowser } from './harness';
import { counts, parsed, watched } from './hostilePage';

// Slow (`npm run test:slow`): the other places outside React that write content into HTML, as
// hostile-content.test.ts checks the unavailable page and the error summary: a page's head (title,
// meta tags, JSON-LD), the error page, the client's confirmation mail as HTML, the share pictures'
// page. Loaded in Chromium without a CSP: no script runs, each value where it was put.

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

describeBrowser("content made hostile in the server's pages, the mails and the share pictures: no script runs", () => {
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
});
