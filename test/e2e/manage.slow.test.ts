import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { cancellationDeadline } from '../../server/booking/deadline';
import { offeredStarts, requestFor, TEST_BOOKING_SECRET } from '../support/booking';
import { eventually } from '../support/eventually';
import { manageLinkIn } from '../support/manage';
import { axeViolations, expectNoViolations } from './axe';
import { describeBrowser, laidOut, noHorizontalScroll } from './harness';
import { useBookingSuite } from './journeys/booking';

// The client's page for her own appointment in Chromium, from the link in her confirmation: a
// prefetch of it and a preview change nothing; at 390 and 1280 px, light and dark, Danish and
// Persian, without JavaScript, axe finding nothing; the keyboard alone cancels; after the deadline
// (the server's clock moved on by libfaketime) the Persian page lays out the fee and the phone in
// order. Screenshots in test-results/manage/.

const FAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const SHOTS = path.join('test-results', 'manage');
const clockDir = mkdtempSync(path.join(tmpdir(), 'manage-clock-'));
const clockFile = path.join(clockDir, 'faketime');
writeFileSync(clockFile, '+0');
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));
/** The server's clock: `at`, whatever the real time (libfaketime reads the file at every call). */
const serverClockAt = (at: Date) => writeFileSync(clockFile, `+${Math.round((at.getTime() - Date.now()) / 1000)}`);

/** The mails in the outbox, oldest first (their names start with the time). */
const mails = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'));

describeBrowser('the client’s own appointment', () => {
  const suite = useBookingSuite({
    BOOKING_SECRET: TEST_BOOKING_SECRET,
    LD_PRELOAD: FAKETIME,
    FAKETIME_TIMESTAMP_FILE: clockFile,
    FAKETIME_NO_CACHE: '1',
    DONT_FAKE_MONOTONIC: '1',
  });

  let n = 0;
  /** A request for the soonest free time in `lang`, confirmed by her link: the client's manage link and the time. */
  async function appointment(lang: string) {
    const origin = suite.server.origin;
    const steps = await fetch(`${origin}/booking?service=individuel&weeks=2`, {
      headers: { Accept: 'application/json' },
    });
    const start = offeredStarts(((await steps.json()) as { html: string }).html)[0] as string;
    n += 1;
    const asked = await fetch(`${origin}/api/booking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(requestFor('individuel', start, { lang, email: `c${n}@example.com` })),
    });
    expect(asked.status).toBe(200);
    const request = (await simpleParser(mails(suite.server.outboxDir).at(-1)!)).text ?? '';
    const t = /\?t=(\S+)/.exec(request)![1] as string;
    const confirmed = await fetch(`${origin}/booking/svar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ t, answer: 'confirm' }),
    });
    expect(confirmed.status).toBe(200);
    const confirmation = (await simpleParser(mails(suite.server.outboxDir).at(-1)!)).text ?? '';
    return { manage: manageLinkIn(confirmation), start: new Date(start) };
  }

  /** Screenshots of the page at a phone's and a desk's width, light and dark, without JavaScript. */
  async function shots(s: Parameters<Parameters<typeof suite.test>[1]>[0], link: string, name: string) {
    mkdirSync(SHOTS, { recursive: true });
    for (const [width, height] of [
      [390, 844],
      [1280, 900],
    ] as const)
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await s.open({ viewport: { width, height }, colorScheme, javaScriptEnabled: false });
        await page.goto(`${s.origin}${link}`);
        await noHorizontalScroll(page);
        await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${colorScheme}.png`), fullPage: true });
      }
  }

  suite.test('a prefetch of her link and a preview of it change nothing', async (s) => {
    const { manage } = await appointment('da');
    const before = mails(s.server.outboxDir).length;
    const asked = () => (s.server.output().match(/"path":"\/booking\/aftale"/g) ?? []).length;
    const seen = asked();
    const { page } = await s.open();
    await page.goto(`${s.origin}/`);
    // As a mail program's link preview or a browser's prefetch would fetch it.
    await page.evaluate((href) => {
      const link = Object.assign(document.createElement('link'), { rel: 'prefetch', href });
      document.head.append(link);
    }, manage);
    await eventually(() => expect(asked()).toBeGreaterThan(seen), 10_000);
    await page.goto(`${s.origin}${manage}`);
    await page.goto(`${s.origin}${manage}&flyt=1`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Din aftale');
    await page.goto(`${s.origin}${manage}`);
    expect(await page.locator('form[action="/booking/aftale/skift"]').count()).toBe(1);
    await expect(page.locator('body').textContent()).resolves.toContain('Du kan aflyse gratis indtil');
    expect(mails(s.server.outboxDir)).toHaveLength(before);
  });

  suite.test(
    'Danish and Persian at 390 and 1280 px, light and dark, no JavaScript, axe in both schemes; the keyboard alone cancels',
    async (s) => {
      const da = await appointment('da');
      const fa = await appointment('fa');
      await shots(s, da.manage, 'da-free');
      await shots(s, fa.manage, 'fa-free');
      await shots(s, `${da.manage}&flyt=1`, 'da-move');
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await s.open({ viewport: { width: 390, height: 844 }, colorScheme });
        await page.goto(`${s.origin}${fa.manage}`);
        expectNoViolations(`fa ${colorScheme}`, await axeViolations(page));
      }
      const { page } = await s.open({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
      await page.goto(`${s.origin}${da.manage}`);
      const before = mails(s.server.outboxDir).length;
      for (let i = 0; i < 12 && !(await page.evaluate(() => document.activeElement?.id === 'reason')); i++)
        await page.keyboard.press('Tab');
      await page.keyboard.type('Jeg er blevet forhindret.');
      await page.keyboard.press('Tab');
      await Promise.all([page.waitForURL(`${s.origin}/booking/aftale/skift`), page.keyboard.press('Enter')]);
      await expect(page.locator('#notice').textContent()).resolves.toContain('Tiden er aflyst');
      await page.screenshot({ path: path.join(SHOTS, 'da-cancelled-390-light.png'), fullPage: true });
      expect(mails(s.server.outboxDir)).toHaveLength(before + 2);
    },
    120_000,
  );

  suite.test(
    'after the deadline (the server’s clock moved on): the Persian page lays out the fee and the phone in order',
    async (s) => {
      const fa = await appointment('fa');
      serverClockAt(new Date(cancellationDeadline(fa.start).getTime() + 60_000));
      try {
        await shots(s, fa.manage, 'fa-late');
        const { page } = await s.open({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
        await page.goto(`${s.origin}${fa.manage}`);
        const passed = page.locator('p > strong').first();
        await expect(passed.textContent()).resolves.toContain('۱٬۲۰۰ کرون');
        expect(await laidOut(page, 'p > strong >> nth=0', /[۰-۹٬]/)).toMatch(/۱٬۲۰۰/);
        expect(await laidOut(page, 'a[href^="tel:"] >> nth=0', /[+0-9]/)).toBe('+4512345678');
        await expect(page.locator('button[type=submit]').textContent()).resolves.toBe('خبر می‌دهم که نمی‌آیم');
      } finally {
        writeFileSync(clockFile, '+0');
      }
    },
    60_000,
  );
});
