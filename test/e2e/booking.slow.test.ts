import { langs } from '../../content/languages';
import { practice } from '../../content/practice';
import { paths } from '../../views/routes';
import { startFeedServer, type FeedServer } from '../support/feedServer';
import { describeBrowser, load, see, useBrowserSuite } from './harness';
import { answerTests } from './journeys/answer';
import { bookingTests, ONE_VISITOR_MANY_REQUESTS, texts, useBookingSuite } from './journeys/booking';

// The booking tests `npm test` leaves out (test/e2e/journeys/booking.ts marks them): the way in
// the other mode of each language, axe in both schemes at 320 px, days first, two visitors for one
// time, another time zone, Back and Forward; the practitioner's answer page at 390 x 664 and its
// Persian layouts (test/e2e/journeys/answer.ts); and the page with the calendar feed down.

describeBrowser('booking with JavaScript, without it, and in another time zone', () => {
  // TRUST_PROXY: "two visitors, one time" names its second visitor by X-Forwarded-For.
  const suite = useBookingSuite({ TRUST_PROXY: '1' });
  bookingTests(suite);
  describe("the practitioner's answer page", () => answerTests(suite));
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
          await see.text(page.locator('.booking-closed h2'), t.heading);
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
