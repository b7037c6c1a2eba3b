import type { Page } from 'playwright-core';
import { langs, type Lang } from '../../content/languages';
import { serverTexts } from '../../content/serverTexts';
import { translations } from '../../content/translations';
import { withPhone } from '../../views/format';
import { paths } from '../../views/routes';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { bookingIn } from '../support/texts';
import { testCertFile } from '../support/tls';
import { describeBrowser, eventually, load, see } from './harness';
import { useBookingSuite } from './journeys/booking';

// A mail server that keeps each message and hangs up before its reply (decision 0052): the
// visitor's message or request may have reached the practice. In Chromium, in each language, with
// the page's script and without it, the contact form and the booking request say "may have
// reached me, don't send it again" with the phone, keep what she typed, and never say "sent".

const visitor = { name: 'Karen Blixen', email: 'karen@example.com', phone: '87654321', message: 'Hej, ring gerne.' };
const CONTACT = 'form.contact-form';

/** The reply's text around its {day}: the day is the answer's last, which moves with the clock. */
function aroundDay(lang: Lang): [string, string] {
  const [before, after] = withPhone(bookingIn[lang].flow.replies.uncertain, lang).split('{day}');
  return [before as string, after as string];
}

async function fillContact(page: Page, lang: Lang) {
  const t = (await translations[lang].contact()).form;
  await page.getByLabel(t.labels.name, { exact: true }).fill(visitor.name);
  await page.getByLabel(t.labels.email, { exact: true }).fill(visitor.email);
  await page.getByLabel(t.labels.phone, { exact: true }).fill(visitor.phone);
  await page.getByLabel(t.labels.message, { exact: true }).fill(visitor.message);
  await page.locator('#consent').check();
}

/**
 * A time of the sort offered, and her details: each test its own time (her own held one would be
 * "waiting"). With the script, the `nth` of the first day's (the one day shown); without it, the
 * `nth` from the last offered.
 */
async function requestTime(page: Page, nth: number, script: boolean) {
  const shown = page.locator(script ? 'input[name=start]:visible' : 'input[name=start]');
  await eventually(async () => expect(await shown.count()).toBeGreaterThan(nth));
  await shown.nth(script ? nth : (await shown.count()) - 1 - nth).check();
  await page.locator('#name').fill(visitor.name);
  await page.locator('#email').fill(visitor.email);
  await page.locator('#phone').fill(visitor.phone);
  await page.locator('#consent').check();
  await page.locator('form.booking-request button[type=submit]').click();
}

describeBrowser('a mail whose outcome is unknown, as the visitor sees it', () => {
  let smtp: TestSmtp;
  const suite = useBookingSuite(async () => {
    smtp = await startSmtp({ storesAtOnce: true, hangUpAfterData: true });
    return { SMTP_URL: smtp.url, NODE_EXTRA_CA_CERTS: testCertFile() };
  });
  afterAll(() => smtp?.close());

  for (const [i, lang] of langs.entries()) {
    const said = withPhone(serverTexts[lang].replies.uncertain, lang);

    suite.test(
      `${lang}: the contact form, with JavaScript and without: "may have reached me", her text kept`,
      async (s) => {
        const before = smtp.received.length;
        const { page, log } = await s.open();
        await load(page, s.origin, paths.contact[lang]);
        await fillContact(page, lang);
        await page.locator(`${CONTACT} button[type=submit]`).click();
        await see.text(page.locator(`${CONTACT} [role="alert"]`), said);
        await see.value(page.locator('#message'), visitor.message);
        expect(await page.locator('.success-card').count()).toBe(0);

        const plain = await s.open({ javaScriptEnabled: false });
        await plain.page.goto(`${s.origin}${paths.contact[lang]}`);
        await fillContact(plain.page, lang);
        await Promise.all([
          plain.page.waitForURL(`${s.origin}/api/contact.php`),
          plain.page.locator(`${CONTACT} button[type=submit]`).click(),
        ]);
        expect(await plain.page.evaluate(() => document.documentElement.lang)).toBe(lang);
        await see.text(plain.page.locator(`${CONTACT} [role="alert"]`), said);
        await see.value(plain.page.locator('#message'), visitor.message);
        expect(await plain.page.locator('.success-card').count()).toBe(0);
        // Both reached the mail server; neither page said sent.
        expect(smtp.received.length).toBe(before + 2);
        log.expectClean({ ignore: /\/api\/contact\.php/ });
        plain.log.expectClean();
      },
    );

    suite.test(
      `${lang}: a booking request, with JavaScript and without: "may have reached me, the time is kept for you", her details kept`,
      async (s) => {
        const [start, end] = aroundDay(lang);
        const before = smtp.received.length;
        const { page, log } = await s.open();
        await load(page, s.origin, `${paths.booking[lang]}?service=individuel&format=clinic`);
        await requestTime(page, i, true);
        await eventually(async () => {
          const alert = await page.locator('#alert').innerText();
          expect(alert).toContain(start);
          expect(alert).toContain(end);
        });
        expect(await page.locator('#name').inputValue()).toBe(visitor.name);
        expect(await page.locator('#sent').count()).toBe(0);

        const plain = await s.open({ javaScriptEnabled: false });
        await plain.page.goto(`${s.origin}${paths.booking[lang]}?service=individuel&format=clinic`);
        await requestTime(plain.page, i, false);
        await plain.page.waitForURL(`${s.origin}/api/booking`);
        const alert = await plain.page.locator('#alert').innerText();
        expect(alert).toContain(start);
        expect(alert).toContain(end);
        expect(await plain.page.locator('#name').inputValue()).toBe(visitor.name);
        expect(await plain.page.locator('#sent').count()).toBe(0);
        expect(smtp.received.length).toBe(before + 2);
        log.expectClean({ ignore: /\/api\/booking/ });
        plain.log.expectClean();
      },
      30_000,
    );
  }
});
