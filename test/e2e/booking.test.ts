import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { booking as daBooking } from '../../content/da/booking';
import { booking as enBooking } from '../../content/en/booking';
import { booking as faBooking } from '../../content/fa/booking';
import { langs, type Lang } from '../../content/languages';
import { practice } from '../../content/practice';
import type { BookingTexts } from '../../content/texts/booking';
import { paths } from '../../views/routes';
import { startFeedServer, type FeedServer } from '../support/feedServer';
import { axeViolations, expectNoViolations } from './axe';
import {
  describeBrowser,
  eventually,
  fetchText,
  getMarker,
  load,
  pathOf,
  see,
  setMarker,
  useBrowserSuite,
} from './harness';
import { OPERATOR_TOKEN } from '../support/operator';

// The visitor's way on /booking in Chromium, with the sample feed in the repository as the
// practitioner's calendar: the whole way with JavaScript (no page load from the first choice to
// "sent") and without it (links and form posts), in Danish, English and Persian; focus where
// things changed; errors said; axe in both schemes; 320 px; a visitor whose clock is in another
// time zone sees both times; and with the feed down, the page says so and offers phone and form.

const texts: Record<Lang, BookingTexts> = { da: daBooking, en: enBooking, fa: faBooking };
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
const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

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
const ONE_VISITOR_MANY_REQUESTS = { BOOKING_RATE_LIMIT: '1000', BOOKING_HOLDS_PER_VISITOR: '100', BOOKING_SITE_LIMIT: '0' };
const submit = (page: Page) => page.locator('form.booking-request button[type=submit]').click();

describeBrowser('booking with JavaScript, without it, and in another time zone', () => {
  const suite = useBrowserSuite({ BOOKING_CALENDAR_URL: FEED, ...ONE_VISITOR_MANY_REQUESTS });
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

        // Sending with nothing filled in: the shared rules say what is missing, focus on the first.
        await submit(page);
        await see.text(page.locator('#start-error'), t.fieldErrors.start);
        await see.text(page.locator('#phone-error'), t.fieldErrors.phoneRequired);
        await eventually(async () =>
          expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('start'),
        );
        await page.locator('input[name=start]').first().check();
        await submit(page);
        await eventually(async () => expect(await focusedId(page)).toBe('name'));
        expect(await page.locator('#name').getAttribute('aria-invalid')).toBe('true');
        await see.hidden(page.locator('#start-error'));

        await fillDetails(page);
        await submit(page);
        await see.text(page.locator('#sent h3'), t.sent.heading);
        await eventually(async () => expect(await focusedId(page)).toBe('sent'));
        await see.text(page.locator('#sent li').nth(2), `${t.sent.format}: ${t.formats.online}`);
        expect(outbox(s.server.outboxDir)).toBe(before + 1);
        expect(await getMarker(page)).toBe(1);
        expect(log.requests.filter((r) => r.pageLoad)).toHaveLength(1);
        log.expectClean();
      },
      40_000,
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

        await page.locator('#consent').check();
        await submit(page);
        await page.waitForLoadState('load');
        await see.text(page.locator('#sent h3'), t.sent.heading);
        expect(outbox(s.server.outboxDir)).toBe(before + 1);
        // The refused post is the page again with status 400, as the server means it.
        log.expectClean({ allowStatus: [{ url: '/api/booking', status: 400 }] });
      },
      40_000,
    );

    suite.test(
      `${paths.booking[lang]}: axe finds nothing in the light and the dark scheme, with times, with errors, and sent; 320 px without scrolling sideways`,
      async (s) => {
        const { page, log } = await s.open({ bypassCSP: true, viewport: { width: 320, height: 800 } });
        await load(page, s.origin, `${paths.booking[lang]}?service=familie&format=clinic`);
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
      40_000,
    );
  }

  suite.test(
    'two visitors, one time: the second is told it was just taken, shown the nearest times, details kept',
    async (s) => {
      const first = await s.open();
      const second = await s.open();
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
      await see.text(second.page.locator('#alert'), daBooking.flow.replies.taken);
      await eventually(async () => expect(await focusedId(second.page)).toBe('alert'));
      expect(await second.page.locator('#name').inputValue()).toBe(visitor.name);
      expect(await second.page.locator('#consent').isChecked()).toBe(true);
      const nearest = await second.page
        .locator('input[name=start]')
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      expect(nearest.length).toBeGreaterThan(0);
      expect(nearest).not.toContain(start);
      await see.text(second.page.locator('fieldset.times > legend'), daBooking.flow.nearestLegend);
    },
    30_000,
  );

  suite.test(
    'a visitor in New York sees each time in Danish time and in their own; in Denmark, only Danish time',
    async (s) => {
      const { page } = await s.open({ timezoneId: 'America/New_York' });
      await load(page, s.origin, '/en/booking?service=individuel');
      const first = page.locator('input[name=start]').first();
      const start = (await first.getAttribute('value')) as string;
      const label = page.locator('label.choice').filter({ has: page.locator(`input[value="${start}"]`) });
      const danish = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Copenhagen',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(start));
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(start));
      await see.label(label, `${danish} Your time (America/New_York): ${local}`);
      // Every time has its visitor's time, in the Persian page too, in Persian digits.
      const fa = await s.open({ timezoneId: 'Asia/Tokyo' });
      await load(fa.page, s.origin, '/fa/booking?service=individuel');
      await eventually(async () =>
        expect(await fa.page.locator('.times label.choice small').count()).toBe(
          await fa.page.locator('input[name=start]').count(),
        ),
      );
      expect(await fa.page.locator('.times label.choice small').first().innerText()).toMatch(
        /^به وقت شما \(Asia\/Tokyo\): .*[۰-۹]{2}:[۰-۹]{2}$/,
      );

      const home = await s.open({ timezoneId: 'Europe/Copenhagen' });
      await load(home.page, s.origin, '/en/booking?service=individuel');
      await see.label(
        home.page.locator('label.choice').filter({ has: home.page.locator(`input[value="${start}"]`) }),
        danish,
      );
      expect(await home.page.locator('.times label.choice small').count()).toBe(0);
    },
    30_000,
  );

  suite.test('Back, Forward and the menu move between the steps without a page load', async (s) => {
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
  });
});

describeBrowser('booking with the calendar feed down', () => {
  let feed: FeedServer;
  const suite = useBrowserSuite(async () => {
    feed = await startFeedServer();
    feed.set('/secret/calendar.ics', { kind: 'status', status: 503 });
    return { BOOKING_CALENDAR_URL: `${feed.origin}/secret/calendar.ics`, ...ONE_VISITOR_MANY_REQUESTS };
  });
  afterAll(() => feed?.close());

  for (const js of [true, false]) {
    suite.test(
      `the page says online booking is not possible now, and offers the phone and the contact form (${js ? 'with' : 'without'} JavaScript)`,
      async (s) => {
        const { page, log } = await s.open({ javaScriptEnabled: js });
        for (const lang of langs) {
          if (js) await load(page, s.origin, `${paths.booking[lang]}?service=individuel`);
          else await page.goto(`${s.origin}${paths.booking[lang]}?service=individuel`);
          const t = texts[lang].flow.unavailable;
          await see.text(page.locator('.booking-closed h3'), t.heading);
          expect(await page.locator('.booking-closed p').innerText()).toContain(practice.phone);
          expect(await page.locator('.booking-closed a.tel').getAttribute('href')).toBe(`tel:${practice.phoneE164}`);
          expect(await page.locator('.booking-closed a.button').getAttribute('href')).toBe(paths.contact[lang]);
          expect(await page.locator('input[name=start]').count()).toBe(0);
        }
        log.expectClean();
      },
    );
  }
});
