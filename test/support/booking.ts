import type { AnswerRequest } from '../../server/booking/decision/token';
import { DateTime } from 'luxon';
import { PRACTICE_TIME_ZONE } from '../../content/practice';
import request from 'supertest';
import type { MailKey } from '../../server/mail/key';
import { createApp } from '../../server/http/app';
import { captureLogs, testConfig, testServices } from './app';
import { fakeCalendar, type FakeCalendar } from './fakeCalendar';
import { MINUTE_MS } from '../../views/days';

// What the booking tests share: times in the coming weeks (in Danish time, as the page writes
// them), an app with a calendar the test controls, the visitor's details, and a reader for the
// times a page offers.

/** The sample feed in the repository: BOOKING_CALENDAR_URL must name something readable to turn booking on. */
export const SAMPLE_FEED = 'docs/sample-calendar.ics';

/** 'YYYY-MM-DDTHH:MM+01:00' for `days` from today at `time`, Danish time. */
export function startIn(days: number, time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return DateTime.now()
    .setZone(PRACTICE_TIME_ZONE)
    .startOf('day')
    .plus({ days })
    .set({ hour, minute })
    .toISO({ suppressMilliseconds: true, suppressSeconds: true }) as string;
}

/** Times from the day after tomorrow for three weeks: mornings, and one afternoon time a day. */
export function comingStarts(): string[] {
  const starts: string[] = [];
  for (let day = 2; day < 23; day++)
    for (const time of ['09:00', '09:30', '11:00', '13:00']) starts.push(startIn(day, time));
  return starts;
}

export const visitor = {
  name: 'Karen Blixen',
  email: 'karen@example.com',
  phone: '87 65 43 21',
  message: 'Jeg sover dårligt.\nSiden foråret har jeg haft angst.',
};

export interface BookingAppOptions {
  smtpUrl: string;
  calendar?: FakeCalendar;
  env?: Record<string, string>;
  /** The clock the booking reads (the test moves it); the real one by default. */
  now?: () => Date;
  key?: MailKey;
}

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PRACTICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** A moment's date in Danish time, 'YYYY-MM-DD'. */
export const localDate = (d: Date) => dateFormat.format(d);

/** The tests' BOOKING_SECRET (32 random bytes, hex: a repeated pattern is refused). */
export const TEST_BOOKING_SECRET = '9a959e912d51847127edab639d9a3b29a3fd9149df276e84358f5a1dc6620959';

/** What every booking test's configuration has: the practice's mail, the sample calendar, the links' key. */
const BOOKING_ENV = {
  MAIL_TO: 'praksis@example.dk',
  MAIL_FROM: 'Hjemmesiden <web@example.dk>',
  BOOKING_CALENDAR_URL: SAMPLE_FEED,
  BOOKING_SECRET: TEST_BOOKING_SECRET,
};

/** The configuration with booking on, its mail to `smtpUrl`, and the test's own `env` on top. */
export const bookingConfig = (smtpUrl: string, env: Record<string, string> = {}) =>
  testConfig({ SMTP_URL: smtpUrl, ...BOOKING_ENV, ...env });

/**
 * The app with booking on, its calendar the test's, its mail to a real SMTP server on loopback,
 * built by the composition root (test/support/app.ts testServices): with REDIS_URL in `env`, its
 * limits, holds and used links in that Redis, as production keeps them.
 */
export function bookingApp(options: BookingAppOptions) {
  const config = bookingConfig(options.smtpUrl, {
    // One visitor (supertest's loopback address) asks many times here: the tests of the visitor's
    // limits and caps (test/form-pipeline.test.ts, test/booking-caps.test.ts) set their own.
    BOOKING_RATE_LIMIT: '1000',
    BOOKING_SITE_LIMIT: '0',
    BOOKING_HOLDS_PER_VISITOR: '100',
    ...options.env,
  });
  const { logger, logs } = captureLogs();
  const calendar = options.calendar ?? fakeCalendar(comingStarts());
  const services = testServices(config, logger, {
    calendar,
    mailerOptions: { key: options.key ?? null },
    ...(options.now ? { now: options.now } : {}),
  });
  const app = createApp({ ...services, config, logger });
  const holds = services.holds as NonNullable<typeof services.holds>;
  return { app, config, logs, calendar, holds, services, logger };
}

export type App = Parameters<typeof request>[0];

/** A request as the page's script sends it. */
export const postJson = (app: App, body: Record<string, unknown>) =>
  request(app).post('/api/booking').set('Content-Type', 'application/json').send(JSON.stringify(body));

/** The practitioner's button on her answer page, posted from the page itself: the link's token and what she pressed. */
export const pressAnswer = (app: App, t: string | null, answer: string, extra: Record<string, string> = {}) =>
  request(app)
    .post('/booking/svar')
    .type('form')
    .set('Origin', 'http://localhost:3000')
    .send({ t, answer, ...extra });

/** A request as the form without JavaScript sends it (from the site's own page). */
export const postForm = (app: App, body: Record<string, string>) =>
  request(app).post('/api/booking').type('form').set('Origin', 'http://localhost:3000').send(body);

/** The starts a page (or a JSON answer's HTML) offers, in its order. */
export const offeredStarts = (html: string) =>
  [...html.matchAll(/name="start" (?:checked="" )?value="([^"]+)"/g)].map((m) => m[1] as string);

/** A request body for `start` from the visitor. */
export const requestFor = (service: string, start: string, extra: Record<string, unknown> = {}) => ({
  service,
  format: 'clinic',
  start,
  ...visitor,
  consent: true,
  lang: 'da',
  ...extra,
});

/** A request as her answer links carry it: 50 minutes of individual therapy in the clinic at `start`, from `who`. */
export const answerRequestAt = (
  start: Date,
  who: Pick<AnswerRequest, 'name' | 'email' | 'lang'> = {
    name: 'Karen Blixen',
    email: 'karen@example.com',
    lang: 'da',
  },
): AnswerRequest => ({
  id: 'id',
  hold: 'h',
  visitor: 'v',
  service: 'individuel',
  format: 'clinic',
  start,
  end: new Date(start.getTime() + 50 * MINUTE_MS),
  ...who,
  expires: start,
});
