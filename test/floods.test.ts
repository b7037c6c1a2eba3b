import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { makeApp, type LogCapture } from './support/app';
import { bookingApp, comingStarts, postJson, requestFor } from './support/booking';
import { visitorMessage } from './support/builtServer';
import { fakeCalendar } from './support/fakeCalendar';
import { useSmtp } from './support/smtp';

// Floods as the third probe sent them, in process (the built server's are the *.slow tests): no
// flood of junk locks the practitioner out of her answer page, and no flood pages the operator:
// the refusals a flood causes are logged at warn or info with their outcome, never at error (50),
// which docs/operations.md keeps for the site's own failures.

const smtp = useSmtp();

const BASE = 'http://localhost:3000';
const errorsIn = (logs: LogCapture) => logs.lines.filter((l) => Number(l.level) >= 50);

/** The app on a port of its own, so that hundreds of requests at once share one server. */
async function listening(app: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
const closing = (server: Server) => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
};

const press = (url: string, t: string, ip: string) =>
  request(url)
    .post('/booking/svar')
    .type('form')
    .set('Origin', BASE)
    .set('X-Forwarded-For', ip)
    .send({ t, answer: 'confirm' });

describe('the answer page under a flood of junk', () => {
  test("220 junk presses from 11 addresses at once: each 400 or its sender's 429; then her press from a new address sends one mail", async () => {
    const starts = comingStarts();
    const { app, logs } = bookingApp({ smtpUrl: smtp.url, calendar: fakeCalendar(starts), env: { TRUST_PROXY: '1' } });
    await postJson(app, requestFor('individuel', starts[0] as string)).expect(200);
    const mail = await simpleParser(smtp.received[0]!.raw);
    const confirm = /Bekræft tiden: (\S+)/.exec(mail.text ?? '')?.[1] as string;
    const token = new URL(confirm).searchParams.get('t') as string;
    smtp.received.length = 0;

    const { server, url } = await listening(app);
    try {
      const flipped = token.slice(0, 60) + (token[60] === 'A' ? 'B' : 'A') + token.slice(61);
      const junk = Array.from({ length: 220 }, (_, i) =>
        press(url, i % 2 ? flipped : `guess${i}.a.b.c.d`, `198.51.100.${i % 11}`),
      );
      const statuses = (await Promise.all(junk)).map((r) => r.status);
      expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
      // Her press, from an address of her own, at once.
      const pressed = await press(url, token, '203.0.113.50').expect(200);
      expect(pressed.text).toContain('Tiden er bekræftet');
      expect(smtp.received).toHaveLength(1);
      expect(errorsIn(logs)).toEqual([]);
    } finally {
      await closing(server);
    }
  });

  test('reads of the page are limited per address like the presses: the 21st from one address is 429, another address is shown the page', async () => {
    const starts = comingStarts();
    const { app, logs } = bookingApp({ smtpUrl: smtp.url, calendar: fakeCalendar(starts), env: { TRUST_PROXY: '1' } });
    await postJson(app, requestFor('individuel', starts[0] as string)).expect(200);
    const confirm = new URL(
      /Bekræft tiden: (\S+)/.exec((await simpleParser(smtp.received[0]!.raw)).text ?? '')?.[1] as string,
    );
    const read = (ip: string) => request(app).get(`${confirm.pathname}${confirm.search}`).set('X-Forwarded-For', ip);
    for (let i = 0; i < 20; i++) await read('198.51.100.1').expect(200);
    const limited = await read('198.51.100.1').expect(429);
    expect(limited.text).toContain('For mange tryk på kort tid');
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.headers.ratelimit).toMatch(/^limit=20,/);
    await read('198.51.100.2').expect(200, /Bekræft tiden/);
    expect(errorsIn(logs)).toEqual([]);
  });
});

describe('refusals a flood causes are warnings, not errors', () => {
  test("the contact form's site cap: 503s, one warning per window, each refusal's request line at warn with its outcome", async () => {
    const { app, logs } = makeApp({
      env: { SMTP_URL: smtp.url, CONTACT_RATE_LIMIT: '5', CONTACT_SITE_LIMIT: '2', TRUST_PROXY: '1' },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await request(app).post('/api/contact.php').set('X-Forwarded-For', `198.51.100.${i}`).send(visitorMessage))
          .status,
      );
    expect(statuses).toEqual([200, 200, ...Array(10).fill(503)]);
    expect(errorsIn(logs)).toEqual([]);
    expect(logs.lines.filter((l) => l.level === 40 && l.refused === 'site-limited')).toHaveLength(10);
  });

  test("booking's held share full: 503s logged at warn with their outcome, nothing at error", async () => {
    const starts = comingStarts();
    const { app, logs } = bookingApp({ smtpUrl: smtp.url, calendar: fakeCalendar(starts), env: { TRUST_PROXY: '1' } });
    const statuses: number[] = [];
    // Each time from an address of its own, until a quarter of the times are held and three more are refused.
    for (const [i, start] of starts.entries()) {
      const res = await request(app)
        .post('/api/booking')
        .set('Content-Type', 'application/json')
        .set('X-Forwarded-For', `198.51.100.${i}`)
        .send(JSON.stringify(requestFor('par', start)));
      statuses.push(res.status);
      if (statuses.filter((s) => s === 503).length === 3) break;
    }
    expect(statuses).toContain(503);
    expect(logs.lines.filter((l) => l.outcome === 'held-share-full').length).toBeGreaterThan(0);
    expect(errorsIn(logs)).toEqual([]);
    expect(logs.lines.filter((l) => l.level === 40 && l.refused === 'held-share-full').length).toBeGreaterThan(0);
  });
});
