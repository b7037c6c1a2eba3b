import type { Browser } from 'playwright-core';
import { simpleParser } from 'mailparser';
import { translations } from '../../content/translations';
import { paths } from '../../views/routes';
import { useSmtp } from '../support/smtp';
import { testCertFile } from '../support/tls';
import {
  describeBrowser,
  eventually,
  launchBrowser,
  load,
  see,
  startSnapshotServer,
  useBrowserSuite,
  type Server,
} from './harness';
import { contactFormTests, VALUES } from './journeys/contact';

// The contact form's tests `npm test` leaves out (test/e2e/journeys/contact.ts marks them):
// validation, the pending state, server and network errors, a dead connection, the other mode of
// each language; and a phone number typed in Persian digits, through a real SMTP server.

describeBrowser('contact form', () => {
  contactFormTests(useBrowserSuite());
});

// A Persian visitor types the number on a Persian keyboard: the browser's check lets it through,
// the server takes it, and the practice's mail (at a real SMTP server, over TLS) reads 12 34 56 78.
describeBrowser('contact form: a phone number in Persian digits', () => {
  const smtp = useSmtp();
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startSnapshotServer({ SMTP_URL: smtp.url, NODE_EXTRA_CA_CERTS: testCertFile() }),
      launchBrowser(),
    ]);
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  }, 20_000);

  test('sent from /fa/contact as ۱۲ ۳۴ ۵۶ ۷۸, it arrives as 12 34 56 78', async () => {
    const t = (await translations.fa.contact()).form;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await load(page, server.origin, paths.contact.fa);
      await page.getByLabel(t.labels.name, { exact: true }).fill(VALUES.name);
      await page.getByLabel(t.labels.email, { exact: true }).fill(VALUES.email);
      // Typed key by key, as a Persian keyboard sends them.
      await page.getByLabel(t.labels.phone, { exact: true }).pressSequentially('۱۲ ۳۴ ۵۶ ۷۸');
      await page.getByLabel(t.labels.message, { exact: true }).fill('سلام، لطفاً با من تماس بگیرید.');
      await page.locator('#consent').check();
      await page.locator('form.contact-form button[type="submit"]').click();
      expect(await page.locator('#phone-error').count()).toBe(0);
      await see.text(page.locator('.success-card h3'), t.success.heading);
      await eventually(() => expect(smtp.received).toHaveLength(1));
      const mail = await simpleParser(smtp.received[0]!.raw);
      expect(mail.text).toContain('\nTelefon: 12 34 56 78\n');
      expect(mail.text).toContain('Sprog: persisk');
    } finally {
      await context.close();
    }
  });
});
