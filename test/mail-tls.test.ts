import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createMailer } from '../server/mail/transport';
import { createMailHealth, RECHECK_MS } from '../server/mail/health';
import { appWith, asOperator, captureLogs, makeApp, testConfig } from './support/app';
import { eventually } from './support/eventually';
import { startSmtp, type TestSmtp } from './support/smtp';
import { testCert } from './support/tls';

// A contact message is health data: it leaves the server only over TLS 1.2 or newer, to a
// server whose certificate is verified, or not at all (Datatilsynet's forced TLS).

const valid = {
  name: 'Anna Hansen',
  email: 'anna@example.com',
  phone: '',
  message: 'Jeg har brug for hjælp.',
  consent: true,
};
const post = (app: Parameters<typeof request>[0]) =>
  request(app).post('/api/contact.php').set('Content-Type', 'application/json').send(JSON.stringify(valid));
const DELIVERY_ERROR = /^Din besked kunne ikke sendes lige nu\./;
const TLS_1_2_OR_NEWER = /^TLSv1\.[23]$/;

describe('contact messages travel only over TLS 1.2 or newer', () => {
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  test('smtp:// upgrades with STARTTLS before MAIL FROM, and the message arrives', async () => {
    smtp = await startSmtp({ tls: 'starttls' });
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    await post(app).expect(200, { success: true });
    expect(smtp.received).toHaveLength(1);
    const [session] = smtp.sessions();
    expect(session?.tlsProtocol).toMatch(TLS_1_2_OR_NEWER);
    expect(session?.mailFromOver).toMatch(TLS_1_2_OR_NEWER);
  });

  test('smtps:// speaks TLS from the first byte, and the message arrives', async () => {
    smtp = await startSmtp({ tls: 'implicit' });
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    await post(app).expect(200, { success: true });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.sessions()[0]?.mailFromOver).toMatch(TLS_1_2_OR_NEWER);
  });

  test('in production, a server without STARTTLS gets no MAIL FROM and no DATA; the visitor gets the 502 text', async () => {
    smtp = await startSmtp({ tls: 'none' });
    const { app, logs } = makeApp({ env: { NODE_ENV: 'production', SMTP_URL: smtp.url } });
    const res = await post(app).expect(502);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(DELIVERY_ERROR) });
    expect(smtp.sessions().length).toBeGreaterThan(0);
    for (const session of smtp.sessions()) expect(session).toEqual({ data: false });
    expect(smtp.received).toHaveLength(0);
    const line = logs.lines.find((l) => l.msg === 'contact message not delivered');
    expect(line).toMatchObject({ code: 'ETLS' });
    expect(logs.text()).not.toMatch(/anna|example\.com|hjælp/i);
  });

  test.each(['starttls', 'implicit'] as const)(
    'a certificate the server does not trust (%s): 502, nothing sent',
    async (tls) => {
      smtp = await startSmtp({ tls });
      const config = testConfig({ SMTP_URL: smtp.url });
      const { logger, logs } = captureLogs();
      // Only the system's CAs: the tests' certificate is unknown to them.
      const app = appWith({ config, logger, mailer: createMailer(config) });
      await request(app).post('/api/contact.php').send(valid).expect(502);
      for (const session of smtp.sessions()) expect(session.mailFromOver).toBeUndefined();
      expect(smtp.received).toHaveLength(0);
      expect(logs.lines.find((l) => l.msg === 'contact message not delivered')?.code).toBe(
        'DEPTH_ZERO_SELF_SIGNED_CERT',
      );
      // A certificate problem is not passing: no second attempt.
      expect(smtp.connections()).toBe(1);
    },
  );

  test('SMTP_INSECURE=1 lets a developer use a plain local test server (outside production)', async () => {
    smtp = await startSmtp({ tls: 'none' });
    const { app } = makeApp({ env: { SMTP_URL: smtp.url, SMTP_INSECURE: '1' } });
    await post(app).expect(200);
    expect(smtp.sessions()[0]?.mailFromOver).toBe('plain');
    expect(smtp.received).toHaveLength(1);
  });
});

describe('a failed delivery is tried once more only when that can help', () => {
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  test('a 421 on the first attempt, then success: one mail, 200', async () => {
    smtp = await startSmtp({ dataReplies: [421] });
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    await post(app).expect(200, { success: true });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.sessions().filter((s) => s.data)).toHaveLength(2);
  });

  test('a 550 is final: 502 at once, after one attempt', async () => {
    smtp = await startSmtp({ dataReplies: [550] });
    const { app, logs } = makeApp({ env: { SMTP_URL: smtp.url } });
    const res = await post(app).expect(502);
    expect(res.body.error).toMatch(DELIVERY_ERROR);
    expect(smtp.connections()).toBe(1);
    expect(smtp.received).toHaveLength(0);
    expect(logs.lines.find((l) => l.msg === 'contact message not delivered')).toMatchObject({ responseCode: 550 });
  });

  test('a 451 twice: two attempts, then 502', async () => {
    smtp = await startSmtp({ fail: true });
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    await post(app).expect(502);
    expect(smtp.sessions().filter((s) => s.data)).toHaveLength(2);
  });
});

describe('GET /healthz/mail, for an uptime monitor', () => {
  test('503 with the code while the SMTP server is down, 200 once it is back and checked; at most one check per 5 minutes', async () => {
    const first = await startSmtp();
    const port = first.port;
    await first.close();

    let now = 1_000_000;
    const config = testConfig({ SMTP_URL: `smtp://localhost:${port}` });
    const { logger, logs } = captureLogs();
    const mailer = createMailer(config, { ca: testCert() });
    const mailHealth = createMailHealth(mailer, logger, () => now);
    const app = appWith({ config, logger, mailer, mailHealth });

    const down = await request(app).get('/healthz/mail').set(asOperator).expect(503);
    expect(down.body).toEqual({ mail: 'failing', code: 'ECONNREFUSED' });
    expect(down.headers['cache-control']).toBe('no-store');

    const smtp = await startSmtp({ port });
    try {
      // Back, but not checked again yet: repeated calls answer from the last known state.
      for (let i = 0; i < 5; i++) await request(app).get('/healthz/mail').set(asOperator).expect(503);
      expect(smtp.connections()).toBe(0);

      // Five minutes on, the next call starts one check; the calls meanwhile start none.
      now += RECHECK_MS;
      await request(app).get('/healthz/mail').set(asOperator).expect(503);
      await eventually(() => request(app).get('/healthz/mail').set(asOperator).expect(200), 5_000, 20);
      await request(app).get('/healthz/mail').set(asOperator).expect(200, { mail: 'ok' });
      expect(smtp.connections()).toBe(1);

      // Nothing about the server's address or account reaches the monitor, nor any request line the log.
      expect(logs.lines.filter((l) => (l.req as { path?: string } | undefined)?.path === '/healthz/mail')).toHaveLength(
        0,
      );
    } finally {
      await smtp.close();
    }
  });

  test('a failed delivery turns it to 503, a delivered message back to 200', async () => {
    const smtp = await startSmtp({ dataReplies: [550] });
    try {
      const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
      await request(app).get('/healthz/mail').set(asOperator).expect(200, { mail: 'ok' });
      await post(app).expect(502);
      await request(app).get('/healthz/mail').set(asOperator).expect(503, { mail: 'failing', code: 'EMESSAGE' });
      // Anyone (a public uptime check) learns that it fails, not how.
      await request(app).get('/healthz/mail').expect(503, { mail: 'failing' });
      await post(app).expect(200);
      await request(app).get('/healthz/mail').set(asOperator).expect(200, { mail: 'ok' });
    } finally {
      await smtp.close();
    }
  });
});

describe('the outbox holds health data: only its owner may read it', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-parent-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('the folder is created 0700 and each message file 0600', async () => {
    const outbox = path.join(dir, 'var', 'outbox');
    const { app } = makeApp({ env: { OUTBOX_DIR: outbox } });
    await post(app).expect(200);
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    const [file] = await readdir(outbox);
    expect((await stat(path.join(outbox, file!))).mode & 0o777).toBe(0o600);
  });
});
