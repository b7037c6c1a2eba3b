import ICAL from 'ical.js';
import request from 'supertest';
import type { BookableService } from '../../content/booking';
import { sealRequest } from '../../server/booking/decision/token';
import type { CalendarBooking, HerCalendar } from '../../server/booking/herCalendar';
import { bookingApp, TEST_BOOKING_SECRET } from './booking';
import { fakeCalendar } from './fakeCalendar';
import { DAY_MS, MINUTE_MS } from '../../views/days';

// What the tests of her calendar (server/booking/herCalendar/) share: the app with CalDAV and the
// subscription address configured, a confirmed request's link as her request mail carries it,
// and a calendar object read back with ical.js as a calendar app reads it.

const BASE = 'http://localhost:3000';
/** The tests' subscription token (CALENDAR_SUBSCRIPTION_TOKEN). */
export const SUBSCRIPTION_TOKEN = 'subscription-token-of-the-tests-0123456789abcdef';

/** The app with booking on, her calendar at `caldavUrl` (and its login), and the subscription address. */
export function herCalendarApp(options: {
  smtpUrl: string;
  caldav: { url: string; user: string; password: string };
  now: () => Date;
  starts?: string[];
  env?: Record<string, string>;
}) {
  const made = bookingApp({
    smtpUrl: options.smtpUrl,
    calendar: fakeCalendar(options.starts ?? []),
    now: options.now,
    env: {
      CALDAV_URL: options.caldav.url,
      CALDAV_USERNAME: options.caldav.user,
      CALDAV_PASSWORD: options.caldav.password,
      CALENDAR_SUBSCRIPTION_TOKEN: SUBSCRIPTION_TOKEN,
      ...options.env,
    },
  });
  const herCalendar = made.services.herCalendar as HerCalendar;
  return { ...made, herCalendar };
}

/** A request for `start` as her answer links carry it (sealed with the tests' secret), its link live at `now`. */
export async function requestLink(
  start: Date,
  now: Date,
  extra: { id?: string; service?: BookableService; format?: 'clinic' | 'online' } = {},
) {
  const service = extra.service ?? 'individuel';
  const minutes = service === 'individuel' ? 50 : 75;
  const id = extra.id ?? `request-${start.getTime()}`;
  const token = await sealRequest(
    {
      id,
      hold: `hold-${id}`,
      visitor: 'v',
      service,
      format: extra.format ?? 'clinic',
      start,
      end: new Date(start.getTime() + minutes * MINUTE_MS),
      name: 'Karen Blixen',
      email: 'karen@example.com',
      phone: '87 65 43 21',
      lang: 'da',
      expires: new Date(Math.min(now.getTime() + DAY_MS, start.getTime())),
    },
    Buffer.from(TEST_BOOKING_SECRET, 'hex'),
    BASE,
  );
  return { id, token, end: new Date(start.getTime() + minutes * MINUTE_MS) };
}

/** Her press on the link's page: confirm, or (once confirmed) release without telling the client. */
export const press = (app: Parameters<typeof request>[0], token: string, answer: 'confirm' | 'release') =>
  request(app).post('/booking/svar').type('form').set('Origin', BASE).send({ t: token, answer });

/** An object's event as a calendar app reads it (ical.js, the zone it defines registered). */
export function eventIn(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  return { calendar, zones, events };
}

/** A confirmed booking as the client's own actions hand it to her calendar: Karen's, `minutes` long from `start`. */
export const bookingAt = (
  id: string,
  start: Date,
  extra: Partial<CalendarBooking> & { minutes?: number } = {},
): CalendarBooking => {
  const { minutes = 50, ...rest } = extra;
  return {
    id,
    service: 'individuel',
    format: 'clinic',
    name: 'Karen Blixen',
    phone: '87 65 43 21',
    start,
    end: new Date(start.getTime() + minutes * MINUTE_MS),
    ...rest,
  };
};
