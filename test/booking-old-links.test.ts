import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { bookingApp, postJson, requestFor } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { useSmtp } from './support/smtp';
import { HOUR_MS } from '../views/days';

// Old links answer nothing (issue 45 point 4): once a session has begun, its request's links,
// confirm, decline or release, send nothing and say so, however often they are pressed and from
// however many addresses; those presses count against their senders' addresses only, so that the
// practitioner's own press on a fresh request goes through at once.

const smtp = useSmtp();

const BASE = 'http://localhost:3000';
const CLOCK = '2027-01-05T19:00:00Z';
/** The session that will have begun, another request for a time near it, and a fresh one after. */
const OLD = '2027-01-07T10:00+01:00';
const OLD_UNANSWERED = '2027-01-07T13:00+01:00';
const FRESH = '2027-01-12T10:00+01:00';
/** Times enough that three requests stay within the unconfirmed share (a quarter). */
const OTHERS = Array.from(
  { length: 16 },
  (_, i) => `2027-01-${String(13 + (i % 8)).padStart(2, '0')}T${i < 8 ? '09' : '14'}:00+01:00`,
);

const tokenIn = async (raw: Buffer | string) =>
  /Bekræft tiden: \S+\?t=(\S+)/.exec((await simpleParser(raw)).text ?? '')?.[1] as string;

const press = (app: Parameters<typeof request>[0], t: string, answer: string, ip = '203.0.113.50') =>
  request(app)
    .post('/booking/svar')
    .type('form')
    .set('Origin', BASE)
    .set('X-Forwarded-For', ip)
    .send({ t, answer, message: 'Tekst som afsenderen valgte' });

test('a session begun: its links send nothing; 220 presses of one from 11 addresses leave her press on a fresh request working', async () => {
  let clock = new Date(CLOCK);
  const { app } = bookingApp({
    smtpUrl: smtp.url,
    calendar: fakeCalendar([OLD, OLD_UNANSWERED, FRESH, ...OTHERS]),
    now: () => clock,
    env: { TRUST_PROXY: '1' },
  });
  const requested = async (start: string) => {
    await postJson(app, requestFor('individuel', start, { email: 'klient@example.com' })).expect(200);
    return tokenIn(smtp.received.at(-1)!.raw);
  };
  const confirmed = await requested(OLD);
  await press(app, confirmed, 'confirm').expect(200);
  const unanswered = await requested(OLD_UNANSWERED);
  smtp.received.length = 0;

  // An hour after both sessions began.
  clock = new Date(Date.parse(OLD_UNANSWERED) + HOUR_MS);
  for (const [t, answer] of [
    [confirmed, 'decline'],
    [confirmed, 'release'],
    [confirmed, 'confirm'],
    [unanswered, 'decline'],
    [unanswered, 'confirm'],
  ] as const) {
    const res = await press(app, t, answer).expect(410);
    expect(res.text).toContain('Tiden er passeret');
  }
  for (const path of ['/booking/bekraeft', '/booking/afvis'])
    expect((await request(app).get(`${path}?t=${unanswered}`).expect(410)).text).toContain('Samtalen er begyndt');
  expect(smtp.received).toHaveLength(0);

  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // 20 presses from each of 11 addresses (each address's limit), at once: each refused, nothing sent.
    const flood = Array.from({ length: 220 }, (_, i) => press(url, unanswered, 'decline', `198.51.100.${i % 11}`));
    const statuses = (await Promise.all(flood)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 410)).toEqual([]);
    expect(smtp.received).toHaveLength(0);
    // Her press on a fresh request, at once: the site's 200 presses are all still hers.
    const fresh = await requested(FRESH);
    smtp.received.length = 0;
    expect((await press(url, fresh, 'confirm', '203.0.113.7').expect(200)).text).toContain('Tiden er bekræftet');
    expect(smtp.received).toHaveLength(1);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
