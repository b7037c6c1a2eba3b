import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { bookingAnswer } from '../content/bookingAnswer';
import { listCalendars } from '../scripts/caldavCalendars';
import { createBookingCalendar } from '../server/booking/calendar';
import { ownUidPattern } from '../server/booking/herCalendar';
import { ConfigError, loadConfig } from '../server/process/config';
import { captureLogs } from './support/app';
import { bookingConfig } from './support/booking';
import { bookingAt, eventIn, herCalendarApp, press, requestLink, SUBSCRIPTION_TOKEN } from './support/herCalendar';
import { describeRadicale, useRadicale } from './support/radicale';
import { describeRedis, freePort, useRedis } from './support/redis';
import { useSmtp } from './support/smtp';
import {
  answerLinksIn,
  confirmed,
  lastMail,
  manageApp,
  manageLinkIn,
  pressAnswer,
  pressManage,
  SESSIONS,
  useManageClock,
} from './support/manage';
import type { HerCalendar } from '../server/booking/herCalendar';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../views/days';

// Her calendar keeps itself (issue 54, server/booking/herCalendar/): a confirmed session is written
// into her calendar over CalDAV (Debian's Radicale on loopback, the calendar made by MKCOL) and
// served at the private subscription address; a release deletes it; a move rewrites it. One case
// per capability here (the queue's retries on a real Redis); the faults (a lost reply, a server away, a refused login, her own edits,
// UID conflicts, a restart) are in her-calendar.slow.test.ts.

const smtp = useSmtp();
/** Wednesday 24 March 2027, 13.00 in Aalborg: four days before the change to summer time. */
const CLOCK = new Date('2027-03-24T12:00:00Z');
/** Sunday 28 March 2027 at 10.00 Danish summer time (the clocks went forward at 02.00): 08.00 UTC. */
const DST_SESSION = new Date('2027-03-28T08:00:00Z');

describeRadicale('her calendar over CalDAV', () => {
  const radicale = useRadicale();
  let clock = CLOCK;
  const site = () =>
    herCalendarApp({
      smtpUrl: smtp.url,
      caldav: { url: radicale().calendarUrl, user: radicale().user, password: radicale().password },
      now: () => clock,
    });
  afterEach(async () => {
    clock = CLOCK;
    for (const object of await radicale().objects()) await radicale().remove(object.name);
  });

  test('confirmed: one event named by the booking, in Danish time with its VTIMEZONE, no client e-mail; the same UID at the subscription address; released: gone', async () => {
    const { app, herCalendar, logs } = site();
    const link = await requestLink(DST_SESSION, clock);
    // Her page after the press says the site writes it: she adds nothing herself.
    expect((await press(app, link.token, 'confirm').expect(200)).text).toContain(
      bookingAnswer.done.confirm.calendarWritten,
    );
    await herCalendar.idle();
    const [object, ...more] = await radicale().objects();
    expect(more).toEqual([]);
    const uid = await herCalendar.uidOf(link.id);
    expect(object?.name).toBe(`${uid.split('@')[0]}.ics`);
    const { zones, events } = eventIn(object?.text ?? '');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Copenhagen']);
    expect(events.map((e) => e.uid)).toEqual([uid]);
    const [event] = events;
    // Written as 10.00 in Copenhagen, never floating: every calendar reads 08.00 UTC.
    expect(object?.text).toMatch(/^DTSTART;TZID=Europe\/Copenhagen:20270328T100000\r?$/m);
    expect(event?.startDate.toJSDate().toISOString()).toBe('2027-03-28T08:00:00.000Z');
    expect(event?.endDate.toJSDate().toISOString()).toBe('2027-03-28T08:50:00.000Z');
    expect(event?.summary).toBe('Individuel terapi – Karen Blixen');
    expect(event?.description).toContain('Telefon: 87 65 43 21');
    expect(event?.location).toContain('Aalborg');
    // Nothing a calendar server could mail the client with, and nothing of the client's mail.
    expect(object?.text).not.toMatch(/ATTENDEE|ORGANIZER|karen@example\.com|METHOD/);

    const feed = await request(app).get(`/kalender/${SUBSCRIPTION_TOKEN}.ics`).expect(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('no-store');
    expect(feed.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(eventIn(feed.text).events.map((e) => [e.uid, e.startDate.toJSDate().toISOString()])).toEqual([
      [uid, '2027-03-28T08:00:00.000Z'],
    ]);
    // Another token is any unknown address: the site's 404, the same bytes, nothing said.
    const wrong = await request(app)
      .get(`/kalender/${SUBSCRIPTION_TOKEN.replace('0', '1')}.ics`)
      .expect(404);
    const unknown = await request(app).get('/kalender/no-such-page').expect(404);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.headers['content-type']).not.toMatch(/calendar/);
    // The token is in no log line: the path is logged as its prefix.
    expect(logs.text()).not.toContain(SUBSCRIPTION_TOKEN);
    expect(logs.lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^GET \/kalender\/… 200 /)]),
    );

    expect((await press(app, link.token, 'release').expect(200)).text).toContain(
      bookingAnswer.done.release.calendarWritten,
    );
    await herCalendar.idle();
    expect(await radicale().objects()).toEqual([]);
    expect(eventIn((await request(app).get(`/kalender/${SUBSCRIPTION_TOKEN}.ics`)).text).events).toEqual([]);
  });

  test('moved (what the client’s confirmed move calls): the one event rewritten at the new time, under its name; cancelled by the move’s id: gone', async () => {
    // Through the module's API, as the client's own link (issue 53) will call it: 29 March 2026 at
    // 10.00, the first morning of summer time, reads back as 08.00 UTC.
    clock = new Date('2026-03-25T12:00:00Z');
    const { herCalendar } = site();
    await herCalendar.confirmed(bookingAt('the-booking', new Date('2026-03-29T08:00:00Z')));
    await herCalendar.idle();
    const [before] = await radicale().objects();
    expect(eventIn(before?.text ?? '').events.map((e) => e.startDate.toJSDate().toISOString())).toEqual([
      '2026-03-29T08:00:00.000Z',
    ]);
    await herCalendar.moved(bookingAt('the-move', new Date('2026-03-29T08:30:00Z')), 'the-booking');
    await herCalendar.idle();
    const objects = await radicale().objects();
    expect(objects.map((o) => o.name)).toEqual([before?.name]);
    expect(eventIn(objects[0]?.text ?? '').events.map((e) => [e.uid, e.startDate.toJSDate().toISOString()])).toEqual([
      [await herCalendar.uidOf('the-booking'), '2026-03-29T08:30:00.000Z'],
    ]);
    expect(objects[0]?.text).toMatch(/^DTSTART;TZID=Europe\/Copenhagen:20260329T103000\r?$/m);
    expect(await herCalendar.uidOf('the-move')).toBe(await herCalendar.uidOf('the-booking'));
    await herCalendar.cancelled('the-move');
    await herCalendar.idle();
    expect(await radicale().objects()).toEqual([]);
  });

  describe('the client’s own link (server/booking/manage/)', () => {
    useManageClock();

    test('her confirmed move rewrites the one event at the new time, the phone kept; the client’s cancel then deletes it', async () => {
      const env = { CALDAV_URL: radicale().calendarUrl, CALDAV_USERNAME: 'sara', CALDAV_PASSWORD: 'app-password' };
      const w = manageApp(smtp, { env });
      const herCalendar = w.services.herCalendar as HerCalendar;
      const { manage } = await confirmed(smtp, w.app, SESSIONS.afternoon);
      await herCalendar.idle();
      const [first] = await radicale().objects();
      const to = '2026-03-12T10:00+01:00';
      await pressManage(w.app, manage, 'move', { start: to }).expect(200);
      await pressAnswer(w.app, answerLinksIn((await lastMail(smtp)).text ?? '').confirm, 'confirm').expect(200);
      const moved = manageLinkIn((await lastMail(smtp)).text ?? '');
      await herCalendar.idle();
      const objects = await radicale().objects();
      expect(objects.map((o) => o.name)).toEqual([first?.name]);
      const [event] = eventIn(objects[0]?.text ?? '').events;
      expect(event?.uid).toBe(eventIn(first?.text ?? '').events[0]?.uid);
      expect(event?.startDate.toJSDate()).toEqual(new Date(to));
      expect(event?.description).toContain('Telefon: 87 65 43 21');
      await pressManage(w.app, moved, 'cancel').expect(200);
      await herCalendar.idle();
      expect(await radicale().objects()).toEqual([]);
    });
  });

  test('npm run caldav:calendars finds her calendar collection from the server’s address and the login', async () => {
    const origin = new URL(radicale().calendarUrl).origin;
    expect(await listCalendars(new URL(`${origin}/`), radicale().user, radicale().password)).toEqual([
      { name: 'Praksis', url: radicale().calendarUrl },
    ]);
  });

  test('her feed: the event the site wrote comes back there, known by its UID: busy for everything but a move of its own booking', async () => {
    clock = new Date();
    const start = new Date(Math.ceil(clock.getTime() / HOUR_MS) * HOUR_MS + 5 * DAY_MS);
    const { app, herCalendar, config } = site();
    const link = await requestLink(start, clock);
    await press(app, link.token, 'confirm').expect(200);
    await herCalendar.idle();
    // Her feed is her calendar itself: Radicale serves the collection as one iCalendar file.
    const { logger } = captureLogs();
    const feedConfig = bookingConfig(smtp.url, { BOOKING_CALENDAR_URL: radicale().calendarUrl }).booking;
    const feed = createBookingCalendar(feedConfig!, logger, { ownUids: ownUidPattern(config.baseUrl) });
    await feed.refresh();
    const later = {
      start: new Date(start.getTime() + 30 * MINUTE_MS),
      end: new Date(start.getTime() + 80 * MINUTE_MS),
    };
    expect(feed.busyDuring(later, clock)).toBe(true);
    expect(feed.busyDuring(later, clock, await herCalendar.uidOf(link.id))).toBe(false);
    expect(feed.busyDuring(later, clock, 'another@localhost')).toBe(true);
  });
});

describeRedis('the queue in Redis', () => {
  const redis = useRedis();

  test('a write that fails is tried again after 1, 5 and 30 minutes, 2 hours, then every 6 hours until the session (the clock moved, not waited for)', async () => {
    let clock = new Date('2027-03-01T09:00:00Z');
    const closed = await freePort();
    const { app, herCalendar, logs, services } = herCalendarApp({
      smtpUrl: smtp.url,
      caldav: { url: `http://127.0.0.1:${closed}/sara/praksis/`, user: 'sara', password: 'app-password' },
      now: () => clock,
      env: { REDIS_URL: redis.url },
    });
    await services.ready;
    const session = new Date('2027-03-02T09:00:00Z');
    await press(app, (await requestLink(session, clock)).token, 'confirm').expect(200);
    await herCalendar.idle();
    const tries: string[] = [];
    const minutes = [0.5, 0.5, 4, 1, 29, 1, 119, 1, 359, 1, 359, 1, 359, 1, 359, 1, 359, 1];
    for (const m of minutes) {
      clock = new Date(clock.getTime() + m * MINUTE_MS);
      if ((await herCalendar.look()) > 0) tries.push(clock.toISOString().slice(11, 16));
    }
    // After the first try at 09.00: 09.01, 09.06, 09.36, 11.36, then 17.36, 23.36, 05.36; the next (11.36) would be
    // past the session (09.00 to 09.50): given up.
    expect(tries).toEqual(['09:01', '09:06', '09:36', '11:36', '17:36', '23:36', '05:36']);
    expect(logs.text()).toContain('before the session ended');
    expect(logs.text()).not.toContain('app-password');
    expect((await herCalendar.health()).writing).toMatch(/^retrying \(no reply \(ECONNREFUSED\)\)/);
  });
});

test('the configuration: CalDAV takes all three variables and no password in the address; the subscription names its provider; neither without booking', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'production', ...env });
    } catch (err) {
      if (err instanceof ConfigError) return err.message;
      throw err;
    }
    return 'accepted';
  };
  const booking = {
    BASE_URL: 'https://www.example.dk',
    SMTP_URL: 'smtps://u:p@smtp.example.dk',
    REDIS_URL: 'redis://127.0.0.1:6379',
    BOOKING_CALENDAR_URL: 'https://calendar.example.com/feed.ics',
    BOOKING_SECRET: randomBytes(32).toString('hex'),
  };
  const caldav = {
    CALDAV_URL: 'https://caldav.fastmail.com/dav/calendars/user/sara@example.dk/praksis',
    CALDAV_USERNAME: 'sara@example.dk',
    CALDAV_PASSWORD: 's3cret-app-pw',
  };
  const { BOOKING_CALENDAR_URL: _, BOOKING_SECRET: __, ...noBooking } = booking;
  expect(refusal({ ...noBooking, ...caldav })).toMatch(/^CALDAV_URL only applies to online booking/);
  expect(refusal({ ...booking, CALDAV_URL: caldav.CALDAV_URL })).toMatch(/^CALDAV_USERNAME must be set/);
  const withPassword = refusal({
    ...booking,
    ...caldav,
    CALDAV_URL: 'https://sara:s3cret-app-pw@caldav.example.com/cal/',
  });
  expect(withPassword).toMatch(/^CALDAV_URL must be the bare address/);
  expect(withPassword).not.toContain('s3cret');
  expect(refusal({ ...booking, ...caldav, CALDAV_URL: 'http://caldav.example.com/cal/' })).toMatch(
    /^CALDAV_URL must be the https:/,
  );
  expect(refusal({ ...booking, CALENDAR_SUBSCRIPTION_TOKEN: SUBSCRIPTION_TOKEN })).toMatch(
    /^CALENDAR_PROVIDER must be set/,
  );
  expect(refusal({ ...booking, CALENDAR_SUBSCRIPTION_TOKEN: 'short', CALENDAR_PROVIDER: 'Google' })).toMatch(
    /^CALENDAR_SUBSCRIPTION_TOKEN must be 32/,
  );
  const both = loadConfig({
    NODE_ENV: 'production',
    ...booking,
    ...caldav,
    CALENDAR_SUBSCRIPTION_TOKEN: SUBSCRIPTION_TOKEN,
  });
  expect(both.herCalendar?.caldav?.url.href).toBe(`${caldav.CALDAV_URL}/`);
  expect(both.herCalendar?.provider).toBe('Fastmail');
  expect(both.herCalendar?.subscriptionTokens).toEqual([SUBSCRIPTION_TOKEN]);
  expect(loadConfig({ NODE_ENV: 'production', ...booking }).herCalendar).toBeNull();
});
