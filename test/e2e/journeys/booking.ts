import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { langs, type Lang } from '../../../content/languages';
import type { BookingTexts } from '../../../content/links';
import { fill, formatNumber } from '../../../views/format';
import { paths } from '../../../views/routes';
import { axeViolations, expectNoViolations } from '../axe';
import {
  eventually,
  fetchText,
  getMarker,
  load,
  pathOf,
  see,
  setMarker,
  type Suite,
  useBrowserSuite,
  noHorizontalScroll,
} from '../harness';
import { OPERATOR_TOKEN } from '../../support/operator';
import { bookingIn } from '../../support/texts';

// The visitor's way on /booking in Chromium, with the sample feed in the repository as the
// practitioner's calendar: the whole way with JavaScript (no page load from the first choice to
// "sent") and without it (links and form posts), in Danish, English and Persian; focus where
// things changed; errors said; axe in both schemes; 320 px; a visitor whose clock is in another
// time zone sees both times. Written once: booking.test.ts (`npm test`) runs one journey in each
// language (Danish and Persian with JavaScript, English without), booking.slow.test.ts all the rest
// and the page with the feed down.

export const texts: Record<Lang, BookingTexts> = bookingIn;
const FEED = 'docs/sample-calendar.ics';
const visitor = { name: 'Karen Blixen', email: 'karen@example.com', phone: '87654321' };

const outbox = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.eml')).length;
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
/**
 * axe on the page as it stands, from its top: the times' heading has focus and the page scrolled to
 * it, and a choice that happens to be under the sticky header then counts as an obscured target.
 */
async function axeFromTop(page: Page, where: string) {
  await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
  expectNoViolations(where, await axeViolations(page));
}

/** The service and the place, then "show free times". */
async function chooseService(page: Page, service: string, format: string) {
  await page.locator(`input[name=service][value="${service}"]`).check();
  await page.locator(`input[name=format][value="${format}"]`).check();
  await page.locator('form.booking-step[method=get] button[type=submit]').click();
}

async function fillDetails(page: Page) {
  await page.locator('#name').fill(visitor.name);
  await page.locator('#email').fill(visitor.email);
  await page.locator('#phone').fill(visitor.phone);
  await page.locator('#message').fill('Helst om formiddagen.');
  await page.locator('#consent').check();
}

/** The browser is one visitor asking many times here; booking's limits and caps have tests of their own (test/booking-caps.test.ts). */
export const ONE_VISITOR_MANY_REQUESTS = {
  BOOKING_RATE_LIMIT: '1000',
  BOOKING_HOLDS_PER_VISITOR: '100',
  BOOKING_SITE_LIMIT: '0',
};
const submit = (page: Page) => page.locator('form.booking-request button[type=submit]').click();

/**
 * A server whose calendar is the sample feed (and `env`, or what it makes in beforeAll: a mail
 * server's address, say); its tests begin once the feed has been read.
 */
export function useBookingSuite(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}): Suite {
  const own = { BOOKING_CALENDAR_URL: FEED, ...ONE_VISITOR_MANY_REQUESTS };
  const suite = useBrowserSuite(async () => ({ ...own, ...(typeof env === 'function' ? await env() : env) }));
  // The feed is read in the background after start-up: the pages offer times once it has been.
  beforeAll(async () => {
    await eventually(
      async () =>
        expect(
          JSON.parse((await fetchText(`${suite.server.origin}/healthz?token=${OPERATOR_TOKEN}`)).body).booking.state,
        ).toBe('fresh'),
      10_000,
    );
  }, 15_000);

  return suite;
}

/** A link put into the page, then followed: a navigation in the browser to an address no link of the site has. */
async function follow(page: Page, href: string) {
  await page.evaluate((to) => {
    const link = Object.assign(document.createElement('a'), { href: to, id: 'test-link', textContent: to });
    document.querySelector('main')?.prepend(link);
  }, href);
  await page.locator('#test-link').click();
}

/** Every test of the way with the sample feed; each says which suite runs it. */
export function bookingTests(suite: Suite) {
  suite.test(
    "a navigation in the browser to /booking: the times come from the page's loader (its URL asked for JSON), Back and Forward too, no booking endpoint",
    async (s) => {
      const { page, log } = await s.open();
      await load(page, s.origin, '/priser');
      await setMarker(page);
      await follow(page, '/booking?service=individuel&format=clinic');
      await see.path(page, '/booking');
      await eventually(async () => expect(await page.locator('input[name=start]').count()).toBeGreaterThan(0));
      const firstWeek = await page.locator('input[name=start]').count();
      // A step within the page: the next weeks, from the same loader.
      await page.locator('a[data-step]').click();
      await eventually(async () => expect(await page.locator('input[name=start]').count()).toBeGreaterThan(firstWeek));
      expect(new URL(page.url()).searchParams.get('weeks')).toBe('2');
      // Back to the first week, back to the prices, forward to the times again: each from the loader.
      await page.goBack();
      await eventually(async () => expect(await page.locator('input[name=start]').count()).toBe(firstWeek));
      await page.goBack();
      await see.path(page, '/priser');
      await page.goForward();
      await eventually(async () => expect(await page.locator('input[name=start]').count()).toBe(firstWeek));
      expect(await getMarker(page)).toBe(1);

      const fetched = log.requests.filter((r) => r.resourceType === 'fetch').map((r) => new URL(r.url));
      expect(fetched.filter((u) => u.pathname.startsWith('/api/'))).toEqual([]);
      expect(fetched.map((u) => u.pathname + u.search)).toEqual([
        '/booking?service=individuel&format=clinic',
        '/booking?service=individuel&format=clinic&weeks=2',
        '/booking?service=individuel&format=clinic',
        '/booking?service=individuel&format=clinic',
      ]);
      log.expectClean();
    },
    { in: 'fast' },
  );

  for (const lang of langs) {
    const t = texts[lang].flow;

    suite.test(
      `${paths.booking[lang]} with JavaScript: the whole way without a page load, focus on what changed`,
      async (s) => {
        const { page, log } = await s.open();
        await load(page, s.origin, paths.booking[lang]);
        await setMarker(page);
        const before = outbox(s.server.outboxDir);

        await chooseService(page, 'individuel', 'online');
        await see.path(page, paths.booking[lang]);
        await eventually(() => expect(new URL(page.url()).search).toBe('?service=individuel&format=online'));
        await eventually(async () => expect(await focusedId(page)).toBe('times'));
        const firstWeek = await page.locator('input[name=start]').count();
        expect(firstWeek).toBeGreaterThan(0);

        // Later weeks on request: more times, focus on the first of them.
        await page.locator('a[data-step]').click();
        await eventually(async () =>
          expect(await page.locator('input[name=start]').count()).toBeGreaterThan(firstWeek),
        );
        expect(new URL(page.url()).searchParams.get('weeks')).toBe('2');
        await eventually(async () =>
          expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('start'),
        );

        // Sending with nothing filled in: the shared rules say what is missing, each error under its
        // field (the time's under the list's legend) and, as links, in a summary at the top, which has focus.
        await submit(page);
        await see.text(page.locator('#start-error'), t.fieldErrors.start);
        await see.text(page.locator('#phone-error'), t.fieldErrors.phoneRequired);
        await eventually(async () => expect(await focusedId(page)).toBe('alert'));
        expect(
          await page.locator('#alert .error-summary a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
        ).toEqual(['#start', '#name', '#email', '#phone', '#consent']);
        await see.text(page.locator('#alert .error-summary a').first(), t.fieldErrors.start);
        expect(await page.evaluate(() => document.querySelector('#start > legend')?.nextElementSibling?.id)).toBe(
          'start-error',
        );
        // The summary's link takes the visitor to the times; the keyboard goes on from there: the
        // day picker's "first available time" chooses the soonest.
        await page.locator('#alert .error-summary a[href="#start"]').click();
        await eventually(async () => expect(await focusedId(page)).toBe('start'));
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.className)).toContain('day-picker__first');
        await page.keyboard.press('Enter');
        expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('start');
        expect(await page.locator('input[name=start]').first().isChecked()).toBe(true);
        // The summary before sending repeats the time chosen.
        const day = await page.evaluate(
          () =>
            document.querySelector('input[name=start]:checked')?.closest('.day')?.querySelector('legend')?.textContent,
        );
        expect(day).toBeTruthy();
        expect(await page.locator('#chosen-when').innerText()).toContain(day as string);
        await see.hidden(page.locator('.summary__none'));
        await submit(page);
        await eventually(async () => expect(await focusedId(page)).toBe('alert'));
        await page.locator('#alert .error-summary a[href="#name"]').click();
        await eventually(async () => expect(await focusedId(page)).toBe('name'));
        expect(await page.locator('#name').getAttribute('aria-invalid')).toBe('true');
        await see.hidden(page.locator('#start-error'));

        await fillDetails(page);
        await submit(page);
        await see.text(page.locator('#sent h2'), t.sent.heading);
        await eventually(async () => expect(await focusedId(page)).toBe('sent'));
        await see.text(page.locator('#sent li').nth(2), `${t.sent.format}: ${t.formats.online}`);
        expect(outbox(s.server.outboxDir)).toBe(before + 1);
        expect(await getMarker(page)).toBe(1);
        expect(log.requests.filter((r) => r.pageLoad)).toHaveLength(1);
        log.expectClean();
      },
      { timeout: 40_000, in: lang === 'en' ? 'slow' : 'fast' },
    );

    suite.test(
      `${paths.booking[lang]} without JavaScript: links and form posts all the way, what was entered kept on an error`,
      async (s) => {
        const { page, log } = await s.open({ javaScriptEnabled: false });
        await page.goto(s.origin + paths.booking[lang]);
        const before = outbox(s.server.outboxDir);
        await chooseService(page, 'par', 'clinic');
        await page.waitForURL(/service=par/);
        expect(new URL(page.url()).searchParams.get('format')).toBe('clinic');
        // The times' heading has focus as the page loads (autofocus, applied at the page's first rendering).
        await eventually(async () => expect(await focusedId(page)).toBe('times'));
        await page.locator('input[name=start]').first().check();
        const chosen = await page.locator('input[name=start]').first().getAttribute('value');
        await fillDetails(page);
        await page.locator('#consent').uncheck();
        await submit(page);
        await page.waitForLoadState('load');
        await see.text(page.locator('#consent-error'), t.fieldErrors.consent);
        expect(await page.locator('#name').inputValue()).toBe(visitor.name);
        expect(await page.locator('#message').inputValue()).toBe('Helst om formiddagen.');
        expect(await page.locator(`input[name=start][value="${chosen}"]`).isChecked()).toBe(true);
        await eventually(async () => expect(await focusedId(page)).toBe('alert'));
        // The error summary links to the field, without JavaScript too.
        await see.text(page.locator('#alert .error-summary a[href="#consent"]'), t.fieldErrors.consent);
        await page.locator('#alert .error-summary a[href="#consent"]').click();
        await eventually(async () => expect(await focusedId(page)).toBe('consent'));

        await page.locator('#consent').check();
        await submit(page);
        await page.waitForLoadState('load');
        await see.text(page.locator('#sent h2'), t.sent.heading);
        expect(outbox(s.server.outboxDir)).toBe(before + 1);
        // The refused post is the page again with status 400, as the server means it.
        log.expectClean({ allowStatus: [{ url: '/api/booking', status: 400 }] });
      },
      { timeout: 40_000, in: lang === 'en' ? 'fast' : 'slow' },
    );

    suite.test(
      `${paths.booking[lang]}: axe finds nothing in the light and the dark scheme, with times, with errors, and sent; 320 px without scrolling sideways`,
      async (s) => {
        const { page, log } = await s.open({ bypassCSP: true, viewport: { width: 320, height: 800 } });
        await load(page, s.origin, `${paths.booking[lang]}?service=familie&format=clinic`);
        // With the day picker in place (its own chunk, fetched once the times are shown).
        await see.visible(page.locator('.day-picker'));
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await axeFromTop(page, `${paths.booking[lang]} times (${scheme})`);
        }
        await noHorizontalScroll(page);
        await submit(page);
        await see.visible(page.locator('#start-error'));
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await axeFromTop(page, `${paths.booking[lang]} errors (${scheme})`);
        }
        await noHorizontalScroll(page);
        await page.locator('input[name=start]').first().check();
        await fillDetails(page);
        await submit(page);
        await see.visible(page.locator('#sent'));
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await axeFromTop(page, `${paths.booking[lang]} sent (${scheme})`);
        }
        await noHorizontalScroll(page);
        await page.emulateMedia({ colorScheme: 'light' });
        log.expectClean();
      },
      { timeout: 40_000, in: 'slow' },
    );
  }

  suite.test(
    'at 390 x 664 the first choice is in the first screen; the days stand in one row that scrolls by itself, each saying how many times it has',
    async (s) => {
      const { page, log } = await s.open({ viewport: { width: 390, height: 664 } });
      for (const lang of langs) {
        await load(page, s.origin, paths.booking[lang]);
        const choice = await page.locator('.choices .choice').first().boundingBox();
        expect({ lang, bottom: choice && choice.y + choice.height <= 664 }).toEqual({ lang, bottom: true });

        await load(page, s.origin, `${paths.booking[lang]}?service=individuel&format=clinic`);
        await eventually(async () => expect(await page.locator('.day-picker__days button').count()).toBeGreaterThan(2));
        const boxes = await page
          .locator('.day-picker__days button')
          .evaluateAll((bs) => bs.map((b) => ({ top: b.getBoundingClientRect().top })));
        // One row: no day wraps under another, however many there are; the page itself never scrolls sideways.
        expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
        await noHorizontalScroll(page);
        const counts = await page
          .locator('fieldset.day')
          .evaluateAll((ds) => ds.map((d) => d.querySelectorAll('input').length));
        const said = await page.locator('.day-picker__days small').allInnerTexts();
        const { one, other } = texts[lang].flow.dayPicker.count;
        expect(said).toEqual(counts.map((n) => fill(n === 1 ? one : other, { n: formatNumber(n, lang) })));
      }
      log.expectClean();
    },
    { in: 'slow' },
  );

  suite.test(
    'with JavaScript, days first: the keyboard chooses a day, then one of its times; the summary repeats it',
    async (s) => {
      const { page, log } = await s.open();
      await load(page, s.origin, '/en/booking?service=individuel&format=clinic');
      await eventually(async () => expect(await page.locator('.day-picker__days button').count()).toBeGreaterThan(1));
      // One day's times at a time: the first day's, as the page opens.
      const visibleDays = () => page.locator('fieldset.day:visible legend').allInnerTexts();
      const days = await page.locator('fieldset.day legend').allInnerTexts();
      expect(await visibleDays()).toEqual([days[0]]);
      expect(await page.locator('.day-picker__days button[aria-pressed=true]').count()).toBe(1);
      // From the times' heading (focused as the times appeared): Tab to the row of days (one tab
      // stop), the arrow key to the second day, Enter; End and Home go to the ends of the row.
      await eventually(async () => expect(await focusedId(page)).toBe('times'));
      await page.keyboard.press('Tab'); // first available time
      await page.keyboard.press('Tab'); // the row of days: the day shown
      await page.keyboard.press('End');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(days.at(-1)!.split(' ')[0]);
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      expect(await visibleDays()).toEqual([days[1]]);
      expect(await page.locator('.day-picker__days button').nth(1).getAttribute('aria-pressed')).toBe('true');
      // One Tab on, that day's first time (the other days and their times are not in the way); choose it.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('start');
      await page.keyboard.press('Space');
      const chosen = await page.evaluate(
        () =>
          document
            .querySelector<HTMLInputElement>('input[name=start]:checked')
            ?.closest('.day')
            ?.querySelector('legend')?.textContent,
      );
      expect(chosen).toBe(days[1]);
      await see.text(page.locator('#chosen-when'), new RegExp(`^${days[1]} at \\d\\d:\\d\\d \\(Danish time\\)$`));
      log.expectClean();
    },
    { in: 'slow' },
  );

  suite.test(
    'two visitors, one time: the second is told it was just taken, shown the nearest times, details kept',
    async (s) => {
      const first = await s.open();
      // Another visitor as the router names her (the slow file's server has TRUST_PROXY): one
      // asking again for the time she holds herself is told it waits for the answer, not "taken".
      const second = await s.open({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.2' } });
      for (const { page } of [first, second])
        await load(page, s.origin, '/booking?service=supervision-individuel&format=online');
      const start = await first.page.locator('input[name=start]').first().getAttribute('value');
      for (const { page } of [first, second]) {
        await page.locator(`input[name=start][value="${start}"]`).check();
        await fillDetails(page);
      }
      await submit(first.page);
      await see.visible(first.page.locator('#sent'));
      await submit(second.page);
      await see.text(second.page.locator('#alert'), bookingIn.da.flow.replies.taken);
      await eventually(async () => expect(await focusedId(second.page)).toBe('alert'));
      expect(await second.page.locator('#name').inputValue()).toBe(visitor.name);
      expect(await second.page.locator('#consent').isChecked()).toBe(true);
      const nearest = await second.page
        .locator('input[name=start]')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      expect(nearest.length).toBeGreaterThan(0);
      expect(nearest).not.toContain(start);
      await see.text(second.page.locator('fieldset.times > legend'), bookingIn.da.flow.nearestLegend);
    },
    { timeout: 30_000, in: 'slow' },
  );

  suite.test(
    'online, a visitor in New York sees one line saying where and by how much, and their own hour beside each time; at the clinic and in Denmark, only Danish time',
    async (s) => {
      const { page } = await s.open({ timezoneId: 'America/New_York' });
      await load(page, s.origin, '/en/booking?service=individuel&format=online');
      const start = (await page.locator('input[name=start]').first().getAttribute('value')) as string;
      const label = page.locator('label.choice').filter({ has: page.locator(`input[value="${start}"]`) });
      const hour = (zone: string, cycle: '2-digit' | 'numeric') =>
        new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: cycle, minute: '2-digit', hourCycle: 'h23' }).format(
          new Date(start),
        );
      await see.label(label, `${hour('Europe/Copenhagen', '2-digit')} (${hour('America/New_York', 'numeric')})`);
      await see.text(page.locator('.your-time'), /^Where you are \(New York\), clocks are 6 h behind Denmark\./);
      expect(await page.locator('.your-time').count()).toBe(1);
      expect(await page.locator('.times').innerText()).not.toContain('America/');
      // At the clinic only Danish time matters.
      await load(page, s.origin, '/en/booking?service=individuel&format=clinic');
      expect(await page.locator('.your-time').count()).toBe(0);
      expect(await page.locator('.times label.choice small').count()).toBe(0);

      // Tehran, on the Persian page: the city, two and a half hours ahead, in Persian digits.
      const fa = await s.open({ timezoneId: 'Asia/Tehran' });
      await load(fa.page, s.origin, '/fa/booking?service=individuel&format=online');
      await see.text(fa.page.locator('.your-time'), /Tehran.*۲\sساعت ۳۰\sدقیقه جلوتر/);
      expect(await fa.page.locator('.times label.choice small').first().innerText()).toMatch(
        /^\([۰-۹]{1,2}:[۰-۹]{2}\)$/,
      );

      const home = await s.open({ timezoneId: 'Europe/Copenhagen' });
      await load(home.page, s.origin, '/en/booking?service=individuel&format=online');
      await see.label(
        home.page.locator('label.choice').filter({ has: home.page.locator(`input[value="${start}"]`) }),
        hour('Europe/Copenhagen', '2-digit'),
      );
      expect(await home.page.locator('.your-time').count()).toBe(0);
    },
    { timeout: 30_000, in: 'slow' },
  );

  suite.test(
    'Back, Forward and the menu move between the steps without a page load',
    async (s) => {
      const { page } = await s.open();
      await load(page, s.origin, '/booking');
      await setMarker(page);
      await chooseService(page, 'boern', 'clinic');
      await eventually(async () => expect(await page.locator('input[name=start]').count()).toBeGreaterThan(0));
      await page.goBack();
      await eventually(async () => expect(await page.locator('input[name=start]').count()).toBe(0));
      expect(pathOf(page)).toBe('/booking');
      await page.goForward();
      await eventually(async () => expect(await page.locator('input[name=start]').count()).toBeGreaterThan(0));
      // The menu's link to this page starts the way again.
      await page.locator('nav.main-nav a[href="/booking"]').click();
      await eventually(async () => expect(await page.locator('input[name=start]').count()).toBe(0));
      expect(new URL(page.url()).search).toBe('');
      // And a link from another page arrives at the first step too, without a page load.
      await page.locator('nav.main-nav a[href="/priser"]').click();
      await see.path(page, '/priser');
      await page.locator('nav.main-nav a[href="/booking"]').click();
      await eventually(async () => expect(await page.locator('input[name=service]').count()).toBe(5));
      expect(await getMarker(page)).toBe(1);
    },
    { in: 'slow' },
  );
}
