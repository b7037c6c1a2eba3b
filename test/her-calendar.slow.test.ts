import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { CALENDAR_KEY_PREFIX } from '../server/store/calendarQueue';
import { asOperator } from './support/app';
import { startDropProxy } from './support/delayProxy';
import { bookingAt, eventIn, herCalendarApp, press, requestLink, SUBSCRIPTION_TOKEN } from './support/herCalendar';
import { describeRadicale, useRadicale } from './support/radicale';
import { describeRedis, useRedis } from './support/redis';
import { useSmtp } from './support/smtp';
import { eventually } from './support/eventually';
import { bookingApp } from './support/booking';
import { describeBrowser, launchBrowser } from './e2e/harness';
import { HOUR_MS, MINUTE_MS } from '../views/days';

// Her calendar under faults (issue 54): real servers on loopback (Debian's Radicale, redis-server,
// an SMTP server), the faults injected: a reply lost after Radicale stored the event, Radicale
// away for three retries, a restart of the site with a write queued, the same UID under another
// name (Radicale's 409, a Xandikos-shaped 207 with an inner 412), her own edit and deletion, a
// refused login; the subscription address as calendar apps and Chromium fetch it. The clock is
// the test's: retries are due when it says so, never waited for.

const smtp = useSmtp();
/** Tuesday 12 January 2027, 09.00 in Aalborg, and a session two days later at 10.00. */
const CLOCK = new Date('2027-01-12T08:00:00Z');
const SESSION = new Date('2027-01-14T09:00:00Z');

/** Her mails about her calendar (not the client's confirmations): their subjects and texts. */
async function herMails() {
  const mails = await Promise.all(
    smtp.received.filter((m) => m.to.includes('praksis@example.dk')).map((m) => simpleParser(m.raw)),
  );
  return mails.map((m) => ({ subject: m.subject ?? '', text: m.text ?? '' }));
}

describeRadicale('her calendar when things go wrong', () => {
  const radicale = useRadicale();
  let clock = CLOCK;
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * MINUTE_MS);
  };
  const site = (caldavUrl = radicale().calendarUrl, env: Record<string, string> = {}) =>
    herCalendarApp({
      smtpUrl: smtp.url,
      caldav: { url: caldavUrl, user: radicale().user, password: radicale().password },
      now: () => clock,
      env,
    });
  afterEach(async () => {
    clock = CLOCK;
    await radicale().start();
    for (const object of await radicale().objects()) await radicale().remove(object.name);
  });

  test('the reply to the create is lost after Radicale stored the event: the retry finds it (412, read back) and it stays one event', async () => {
    const proxy = await startDropProxy(radicale().port);
    try {
      const { app, herCalendar } = site(radicale().calendarUrl.replace(`:${radicale().port}/`, `:${proxy.port}/`));
      proxy.dropNextReply();
      await press(app, (await requestLink(SESSION, clock)).token, 'confirm').expect(200);
      await herCalendar.idle();
      expect(proxy.dropped()).toBe(1);
      expect(await radicale().objects()).toHaveLength(1);
      later(1);
      expect(await herCalendar.look()).toBe(1);
      const objects = await radicale().objects();
      expect(objects).toHaveLength(1);
      expect((await herCalendar.health()).writing).toBe('ok');
      // Written once: nothing more is due.
      later(600);
      expect(await herCalendar.look()).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  test('Radicale away for three retries, then back: the next retry writes one event', async () => {
    const { app, herCalendar, logs } = site();
    await radicale().stop();
    await press(app, (await requestLink(SESSION, clock)).token, 'confirm').expect(200);
    await herCalendar.idle();
    for (const wait of [1, 5, 30]) {
      later(wait);
      expect(await herCalendar.look()).toBe(1);
    }
    expect((await herCalendar.health()).writing).toMatch(/^retrying \(no reply \(ECONNREFUSED\)\)$/);
    expect(logs.lines.filter((l) => l.level === 40 && /her calendar/.test(String(l.msg)))).toHaveLength(4);
    await radicale().start();
    later(120);
    expect(await herCalendar.look()).toBe(1);
    expect(await radicale().objects()).toHaveLength(1);
    expect((await herCalendar.health()).writing).toBe('ok');
  });

  test('an event with the same UID under another name (Radicale 409): a conflict, never written; she is mailed once', async () => {
    const { app, herCalendar } = site();
    const link = await requestLink(SESSION, clock);
    const uid = await herCalendar.uidOf(link.id);
    // Her own copy of the event, imported under a name of its own.
    const copy = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//her//app//DA\r\nBEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20270101T000000Z\r\nDTSTART:20270114T090000Z\r\nDTEND:20270114T095000Z\r\nSUMMARY:Karen\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
    await radicale().put('her-copy.ics', copy);
    await press(app, link.token, 'confirm').expect(200);
    await herCalendar.idle();
    expect((await radicale().objects()).map((o) => o.name)).toEqual(['her-copy.ics']);
    later(600);
    expect(await herCalendar.look()).toBe(0);
    const mails = await herMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('samme id (UID)');
  });

  test('her edit before a cancel: the event is not deleted, and she is mailed once what the site would have done', async () => {
    const { app, herCalendar } = site();
    const link = await requestLink(SESSION, clock);
    await press(app, link.token, 'confirm').expect(200);
    await herCalendar.idle();
    const [written] = await radicale().objects();
    // She adds a note to the title in her calendar app: the ETag changes.
    await radicale().put(written!.name, written!.text.replace(/^SUMMARY:(.*)$/m, 'SUMMARY:$1 (husk kvittering)'));
    await press(app, link.token, 'release').expect(200);
    await herCalendar.idle();
    later(600);
    await herCalendar.look();
    const objects = await radicale().objects();
    expect(objects.map((o) => o.name)).toEqual([written?.name]);
    expect(objects[0]?.text).toContain('husk kvittering');
    const mails = await herMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Din kalender: Individuel terapi torsdag 14. januar kl. 10.00');
    expect(mails[0]?.text).toContain('er aflyst. Du har selv ændret aftalen i din kalender');
  });

  test('she deleted the event herself: a move is not written again (said in the log), and the time stays as her feed shows', async () => {
    const { herCalendar, logs } = site();
    await herCalendar.confirmed(bookingAt('booked', SESSION));
    await herCalendar.idle();
    const [written] = await radicale().objects();
    await radicale().remove(written!.name);
    const moved = new Date(SESSION.getTime() + HOUR_MS);
    await herCalendar.moved(bookingAt('moved', moved), 'booked');
    await herCalendar.idle();
    expect(await radicale().objects()).toEqual([]);
    expect(logs.text()).toContain('she deleted the session there herself: it is not written again');
    later(600);
    expect(await herCalendar.look()).toBe(0);
    expect(await radicale().objects()).toEqual([]);
  });

  test('a Xandikos-shaped server: a 207 Multi-Status holding 412 no-uid-conflict is a conflict, never written', async () => {
    const xandikos = await standIn();
    try {
      const { app, herCalendar } = site(`${xandikos.origin}/sara/praksis/`);
      await press(app, (await requestLink(SESSION, clock)).token, 'confirm').expect(200);
      await herCalendar.idle();
      expect(xandikos.puts).toBe(1);
      expect((await herCalendar.health()).writing).not.toBe('ok');
      later(600);
      expect(await herCalendar.look()).toBe(0);
      expect(xandikos.puts).toBe(1);
      expect((await herMails()).map((m) => m.text)).toEqual([expect.stringContaining('samme id (UID)')]);
    } finally {
      await xandikos.close();
    }
  });

  test('the subscription address: the sessions not yet over, each once, under the CalDAV UIDs; a session past: gone', async () => {
    const { herCalendar, app } = site();
    const couple = { service: 'par', format: 'online', phone: '+98 912 345 6789', minutes: 75 } as const;
    const soon = new Date(CLOCK.getTime() + 3 * HOUR_MS);
    await herCalendar.confirmed(bookingAt('soon', soon, couple));
    await herCalendar.confirmed(bookingAt('later', SESSION, couple));
    await herCalendar.moved(bookingAt('later-moved', new Date(SESSION.getTime() + HOUR_MS), couple), 'later');
    await herCalendar.idle();
    const fetchFeed = async () =>
      eventIn((await request(app).get(`/kalender/${SUBSCRIPTION_TOKEN}.ics`).expect(200)).text);
    const feed = await fetchFeed();
    expect(feed.events.map((e) => [e.uid, e.startDate.toJSDate().toISOString()])).toEqual([
      [await herCalendar.uidOf('soon'), soon.toISOString()],
      [await herCalendar.uidOf('later'), '2027-01-14T10:00:00.000Z'],
    ]);
    const written = (await radicale().objects()).flatMap((o) => eventIn(o.text).events.map((e) => e.uid)).sort();
    expect(feed.events.map((e) => e.uid).sort()).toEqual(written);
    expect(feed.calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(feed.events[0]?.description).toContain('+98 912 345 6789');
    // The first session ends: it is gone from the address.
    later(5 * 60);
    expect((await fetchFeed()).events.map((e) => e.uid)).toEqual([await herCalendar.uidOf('later')]);
  });
});

test('the subscription address alone (no CalDAV): a confirmed session listed, a cancelled one gone, nothing written anywhere', async () => {
  const { app, services } = bookingApp({
    smtpUrl: smtp.url,
    now: () => CLOCK,
    env: { CALENDAR_SUBSCRIPTION_TOKEN: SUBSCRIPTION_TOKEN, CALENDAR_PROVIDER: 'Google' },
  });
  const herCalendar = services.herCalendar as NonNullable<typeof services.herCalendar>;
  await herCalendar.confirmed(bookingAt('listed', SESSION));
  await herCalendar.confirmed(bookingAt('cancelled', new Date(SESSION.getTime() + 120 * MINUTE_MS)));
  await herCalendar.cancelled('cancelled');
  await herCalendar.idle();
  expect(await herCalendar.look()).toBe(0);
  const feed = eventIn((await request(app).get(`/kalender/${SUBSCRIPTION_TOKEN}.ics`).expect(200)).text);
  expect(feed.events.map((e) => e.uid)).toEqual([await herCalendar.uidOf('listed')]);
  expect(await herCalendar.health()).toMatchObject({ caldav: null, subscription: true, waiting: 0 });
});

describeRedis('her calendar refuses the login', () => {
  const redis = useRedis();
  describeRadicale('with Radicale asking for a login', () => {
    const radicale = useRadicale({ login: { user: 'sara', password: 'the-right-one' } });

    test('401: one mail to her however often it is tried, one error line saying what to check, /healthz 503; a restart with a new password writes at once', async () => {
      let clock = CLOCK;
      const site = (password: string) =>
        herCalendarApp({
          smtpUrl: smtp.url,
          caldav: { url: radicale().calendarUrl, user: 'sara', password },
          now: () => clock,
          env: { REDIS_URL: redis.url },
        });
      const old = site('an-old-app-password');
      await old.services.ready;
      await press(old.app, (await requestLink(SESSION, clock)).token, 'confirm').expect(200);
      await old.herCalendar.idle();
      for (const wait of [1, 5, 30, 120, 360]) {
        clock = new Date(clock.getTime() + wait * MINUTE_MS);
        expect(await old.herCalendar.look()).toBe(1);
      }
      const mails = await herMails();
      expect(mails.map((m) => m.subject)).toEqual(['Hjemmesiden kan ikke længere skrive i din kalender']);
      const errors = old.logs.lines.filter((l) => l.level === 50);
      expect(errors.map((l) => l.msg)).toEqual([expect.stringContaining('check CALDAV_USERNAME and CALDAV_PASSWORD')]);
      expect(old.logs.text()).not.toContain('an-old-app-password');
      const health = await request(old.app).get('/healthz').set(asOperator).expect(503);
      expect(health.body.problem).toMatch(/^her calendar refuses the login/);
      expect(health.body.herCalendar).toMatchObject({ writing: 'refused-login (401)', waiting: 1 });
      // Without the token: nothing of it.
      expect((await request(old.app).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
      await old.services.close();
      // The operator sets a new app password: the restart tries it at once, not at the next retry hours later.
      const fixed = site('the-right-one');
      fixed.services.start();
      await eventually(async () => expect(await radicale().objects()).toHaveLength(1));
      await request(fixed.app).get('/healthz').set(asOperator).expect(200);
    });
  });
});

describeRedis('her calendar in Redis', () => {
  const redis = useRedis();
  describeRadicale('with Radicale', () => {
    const radicale = useRadicale();

    test('a write queued before a restart is done after it; what Redis keeps is sealed and lives until the session ends', async () => {
      let clock = CLOCK;
      const env = { REDIS_URL: redis.url };
      const caldav = { url: radicale().calendarUrl, user: radicale().user, password: radicale().password };
      const first = herCalendarApp({ smtpUrl: smtp.url, caldav, now: () => clock, env });
      await first.services.ready;
      await radicale().stop();
      await press(first.app, (await requestLink(SESSION, clock)).token, 'confirm').expect(200);
      await first.herCalendar.idle();
      await first.services.close();
      const client = new Redis(redis.url);
      try {
        const keys = await client.keys(`${CALENDAR_KEY_PREFIX}*`);
        const stored = (await Promise.all(keys.map((k) => client.dumpBuffer(k))))
          .map((d) => d?.toString('latin1'))
          .join();
        expect(stored).not.toMatch(/Karen|Blixen|87 65|karen@/);
        const entry = keys.find((k) => k.includes(':entry:')) as string;
        const expiresAt = await client.pexpiretime(entry);
        expect(expiresAt).toBe(SESSION.getTime() + 50 * MINUTE_MS);
      } finally {
        client.disconnect();
      }
      await radicale().start();
      clock = new Date(clock.getTime() + MINUTE_MS);
      const second = herCalendarApp({ smtpUrl: smtp.url, caldav, now: () => clock, env });
      await second.services.ready;
      second.services.start();
      await second.herCalendar.idle();
      const { events } = eventIn((await radicale().objects())[0]?.text ?? '');
      expect(events.map((e) => e.summary)).toEqual(['Individuel terapi – Karen Blixen']);
    });
  });
});

describeBrowser('the subscription address in Chromium', () => {
  const radicale = useRadicale();

  test('Chromium downloads it as text/calendar, and ical.js reads what it downloaded', async () => {
    const { app, herCalendar } = herCalendarApp({
      smtpUrl: smtp.url,
      caldav: { url: radicale().calendarUrl, user: radicale().user, password: radicale().password },
      now: () => CLOCK,
    });
    await herCalendar.confirmed(bookingAt('seen', SESSION));
    await herCalendar.idle();
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ acceptDownloads: true });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kalender/${SUBSCRIPTION_TOKEN}.ics`;
      const responded = page.waitForResponse(url);
      const downloaded = page.waitForEvent('download');
      await page.goto(url).catch(() => undefined);
      const response = await responded;
      expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe('aftaler.ics');
      const text = readFileSync(await download.path(), 'utf8');
      expect(eventIn(text).events.map((e) => e.uid)).toEqual([await herCalendar.uidOf('seen')]);
    } finally {
      await browser.close();
      server.close();
    }
  }, 60_000);
});

/** A stand-in for Xandikos 0.2.8: a create of a UID it has elsewhere answered 207 with an inner 412 and no-uid-conflict. */
async function standIn() {
  let puts = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    if (req.method === 'PUT') {
      puts++;
      res.writeHead(207, { 'content-type': 'text/xml; charset=utf-8' });
      return void res.end(
        `<?xml version="1.0" encoding="utf-8"?>\n<ns0:multistatus xmlns:ns0="DAV:" xmlns:ns1="urn:ietf:params:xml:ns:caldav"><ns0:response><ns0:href>${req.url}</ns0:href><ns0:status>HTTP/1.1 412 Precondition Failed</ns0:status><ns0:error><ns1:no-uid-conflict><ns0:href>/sara/praksis/other.ics</ns0:href></ns1:no-uid-conflict></ns0:error></ns0:response></ns0:multistatus>`,
      );
    }
    res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get puts() {
      return puts;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
