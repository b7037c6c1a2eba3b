import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
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
    const times = (await (
      await fetch(`${origin}/booking?service=individuel&weeks=2`, { headers: { Accept: 'application/json' } })
    ).json()) as {
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
    return { confirm: `${link('Bekræft tiden')}?t=${token}`, decline: `${link('Afvis')}?t=${token}`, start };
  }

  suite.test('decline at 320 px without JavaScript, with the keyboard alone: one mail with her message', async (s) => {
    const links = await request('fa');
    const { page } = await s.open({ viewport: { width: 320, height: 700 }, javaScriptEnabled: false });
    await page.goto(`${s.origin}${links.decline}`);
    await noHorizontalScroll(page);
    await expect(page.locator('h1').textContent()).resolves.toMatch(
      /^Afvis Karen Blixens forespørgsel på .+ kl\. \d\d\.\d\d\?$/,
    );
    await expect(page.locator('dd').nth(4).textContent()).resolves.toBe('persisk');
    // Her message in the client's language and direction, and a cue which language that is.
    await expect(page.locator('#message').getAttribute('dir')).resolves.toBe('auto');
    await expect(page.locator('#message').getAttribute('lang')).resolves.toBe('fa');
    await expect(page.locator('#message-hint').textContent()).resolves.toContain('Klienten får e-mailen på persisk.');
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
      // The decline page too: its message box and its boxes of free times.
      await page.goto(`${s.origin}${links.decline}`);
      await axeBoth('the decline page');
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
      // Back to the link (as she would from the mail again): "you confirmed", and only the release.
      await page.goto(`${s.origin}${links.decline}`);
      await expect(page.locator('h1').textContent()).resolves.toBe('Du har bekræftet tiden');
      await expect(page.locator('form button').allTextContents()).resolves.toEqual(['Frigiv tiden']);
      await axeBoth('the already-confirmed page');
      expect(mails(s.server.outboxDir)).toHaveLength(before + 1);
    },
  );

  suite.test(
    'one thumb at 390×664, no JavaScript: the name and the confirm button on the first screen; release with the keyboard frees the time',
    async (s) => {
      const links = await request('da');
      const { page } = await s.open({ viewport: { width: 390, height: 664 }, javaScriptEnabled: false });
      await page.goto(`${s.origin}${links.confirm}`);
      await expect(page.locator('h1').textContent()).resolves.toMatch(/^Bekræft Karen Blixens tid .+\?$/);
      const bottom = async (selector: string) => {
        const box = await page.locator(selector).first().boundingBox();
        return box!.y + box!.height;
      };
      expect(await bottom('.answer-request bdi')).toBeLessThanOrEqual(664);
      expect(await bottom('button[type=submit]')).toBeLessThanOrEqual(664);
      await noHorizontalScroll(page);
      await tabTo(page, 'button[type=submit]');
      await Promise.all([page.waitForURL(`${s.origin}/booking/svar`), page.keyboard.press('Enter')]);
      await expect(page.locator('.answer-who').textContent()).resolves.toMatch(/^Karen Blixen · /);
      const confirmedStart = new URL(`${s.origin}${links.confirm}`);
      await page.goto(confirmedStart.href);
      await tabTo(page, 'button[type=submit]');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Frigiv tiden');
      await Promise.all([page.waitForURL(`${s.origin}/booking/svar`), page.keyboard.press('Enter')]);
      await expect(page.locator('h1').textContent()).resolves.toBe('Tiden er frigivet');
      // The time is offered again at once.
      const times = (await (
        await fetch(`${s.origin}/booking?service=individuel&weeks=2`, { headers: { Accept: 'application/json' } })
      ).json()) as {
        html: string;
      };
      expect(offeredStarts(times.html)).toContain(links.start);
    },
  );

  suite.test(
    'the Persian event: its phone number laid out in Chromium reads +45 12 34 56 78, left to right',
    async (s) => {
      const start = new Date('2027-01-14T09:00:00Z');
      const mail = await confirmedMail(
        { mailFrom: 'Hjemmesiden <web@example.dk>', mailTo: 'kontakt@example.dk', baseUrl: 'https://www.example.dk' },
        {
          id: 'id',
          hold: 'h',
          visitor: 'v',
          service: 'individuel',
          format: 'clinic',
          start,
          end: new Date(start.getTime() + 50 * 60_000),
          name: 'مریم رضایی',
          email: 'maryam@example.com',
          lang: 'fa',
          expires: start,
        },
        new Date(),
      );
      const ics = String(mail.attachments![0]!.content);
      const calendar = new ICAL.Component(ICAL.parse(ics));
      const description = calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('description') as string;
      // As a calendar shows a note: a right-to-left paragraph (and an automatic one, as some do).
      const { page } = await s.open({ viewport: { width: 390, height: 300 }, javaScriptEnabled: false });
      for (const dir of ['rtl', 'auto']) {
        await page.setContent(
          `<!doctype html><meta charset="utf-8"><p id="note" dir="${dir}" style="font-size:20px"></p>`,
        );
        await page.locator('#note').evaluate((p, text) => {
          p.textContent = text;
        }, description);
        // Each character's left edge, in the order they are laid out, as a reader sees them.
        const seen = await page.locator('#note').evaluate((p) => {
          const node = p.firstChild as Text;
          const range = document.createRange();
          const chars: { c: string; x: number }[] = [];
          for (let i = 0; i < node.length; i++) {
            const c = node.data[i] as string;
            if (!/[0-9+]/.test(c)) continue;
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            chars.push({ c, x: range.getBoundingClientRect().left });
          }
          return chars
            .sort((a, b) => a.x - b.x)
            .map((ch) => ch.c)
            .join('');
        });
        expect(seen).toBe('+4512345678');
      }
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
