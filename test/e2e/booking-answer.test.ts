import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { langs } from '../../content/languages';
import { confirmedMail, declinedMail } from '../../server/mail/visitorMail';
import { offeredStarts, requestFor, TEST_BOOKING_SECRET } from '../support/booking';
import { axeViolations, expectNoViolations } from './axe';
import { describeBrowser } from './harness';
import { useBookingSuite } from './journeys/booking';

// The practitioner's answer page in Chromium, as she meets it from her phone's mail: at 320 px,
// without JavaScript (the page has none; the browser's is off too), with the keyboard alone, in
// both colour schemes with axe finding nothing; and her press sends the visitor's mail.

/** The mails in the outbox, oldest first (their names start with the time). */
const mails = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

/** Presses Tab until `selector` has focus (at most `max` times): the keyboard's way to it. */
async function tabTo(page: Page, selector: string, max = 12) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

describeBrowser("the practitioner's answer page", () => {
  const suite = useBookingSuite({ BOOKING_SECRET: TEST_BOOKING_SECRET });

  let n = 0;
  /** A request for the soonest free time, in `lang`; its mail's two links as paths. */
  async function request(lang: string) {
    const origin = suite.server.origin;
    const times = (await (await fetch(`${origin}/api/booking/times?service=individuel&weeks=2&lang=da`)).json()) as {
      html: string;
    };
    const start = offeredStarts(times.html)[0] as string;
    n += 1;
    const res = await fetch(`${origin}/api/booking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(requestFor('individuel', start, { lang, email: `v${n}@example.com` })),
    });
    expect(res.status).toBe(200);
    const text = (await simpleParser(mails(suite.server.outboxDir).at(-1)!)).text ?? '';
    const link = (label: string) => new URL(new RegExp(`${label}: (\\S+)`).exec(text)![1] as string).pathname;
    const token = /\?t=(\S+)/.exec(text)![1] as string;
    return { confirm: `${link('Bekræft tiden')}?t=${token}`, decline: `${link('Afvis')}?t=${token}` };
  }

  suite.test('decline at 320 px without JavaScript, with the keyboard alone: one mail with her message', async (s) => {
    const links = await request('fa');
    const { page } = await s.open({ viewport: { width: 320, height: 700 }, javaScriptEnabled: false });
    await page.goto(`${s.origin}${links.decline}`);
    await noHorizontalScroll(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('Afvis forespørgslen');
    await expect(page.locator('dd').nth(4).textContent()).resolves.toBe('persisk');
    const before = mails(s.server.outboxDir).length;
    await tabTo(page, '#message');
    await page.keyboard.type('Ring gerne, så finder vi en anden tid.');
    await tabTo(page, 'button[type=submit]');
    await Promise.all([page.waitForURL(`${s.origin}/booking/svar`), page.keyboard.press('Enter')]);
    await expect(page.locator('h1').textContent()).resolves.toBe('Forespørgslen er afvist');
    await noHorizontalScroll(page);
    const all = mails(s.server.outboxDir);
    expect(all).toHaveLength(before + 1);
    const mail = await simpleParser(all.at(-1)!);
    expect(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : '').toBe(`v${n}@example.com`);
    expect(mail.text).toContain('Ring gerne, så finder vi en anden tid.');
    expect(mail.html).toContain('dir="rtl"');
  });

  suite.test(
    'confirm at 320 px with the keyboard, axe in both schemes: asked once, confirmed, then "already"',
    async (s) => {
      const links = await request('da');
      // The page has no script: the browser's JavaScript is on here only for axe.
      const { page } = await s.open({ viewport: { width: 320, height: 800 } });
      const axeBoth = async (where: string) => {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          expectNoViolations(`${where} (${scheme})`, await axeViolations(page));
        }
      };
      await page.goto(`${s.origin}${links.confirm}`);
      // Opened again (as a scanner or a second look would): nothing sent.
      await page.reload();
      const before = mails(s.server.outboxDir).length;
      await noHorizontalScroll(page);
      await axeBoth('the confirm page');
      await tabTo(page, 'button[type=submit]');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Bekræft tiden');
      await Promise.all([page.waitForURL(`${s.origin}/booking/svar`), page.keyboard.press('Enter')]);
      await expect(page.locator('h1').textContent()).resolves.toBe('Tiden er bekræftet');
      await axeBoth('the confirmed page');
      expect(mails(s.server.outboxDir)).toHaveLength(before + 1);
      // Back to the link (as she would from the mail again): already confirmed, no button.
      await page.goto(`${s.origin}${links.decline}`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Tiden er allerede bekræftet');
      await expect(page.locator('form').count()).resolves.toBe(0);
      await axeBoth('the already-confirmed page');
      expect(mails(s.server.outboxDir)).toHaveLength(before + 1);
    },
  );

  suite.test(
    "the visitor's mails as a mail program shows their HTML: the language's direction, nothing wider than a phone",
    async (s) => {
      const { page } = await s.open({ viewport: { width: 320, height: 700 }, javaScriptEnabled: false });
      const config = {
        mailFrom: 'Hjemmesiden <web@example.dk>',
        mailTo: 'kontakt@example.dk',
        baseUrl: 'https://www.example.dk',
      };
      const start = new Date('2027-01-14T09:00:00Z');
      for (const lang of langs) {
        const r = {
          id: 'id',
          hold: 'h',
          visitor: 'v',
          service: 'par' as const,
          format: 'clinic' as const,
          start,
          end: new Date(start.getTime() + 75 * 60_000),
          name: 'Karen Blixen',
          email: 'karen@example.com',
          lang,
          expires: start,
        };
        const mails = [
          (await confirmedMail(config, r, new Date())).html,
          declinedMail(config, r, 'Ring gerne, så finder vi en anden tid.', [], new Date()).html,
        ];
        for (const html of mails) {
          await page.setContent(html);
          const dir = await page.evaluate(() => getComputedStyle(document.body).direction);
          expect(dir).toBe(lang === 'fa' ? 'rtl' : 'ltr');
          await noHorizontalScroll(page);
        }
      }
    },
  );
});
