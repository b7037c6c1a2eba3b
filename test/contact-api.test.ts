import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { phoneInText } from './support/texts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { practice } from '../content/practice';
import { makeApp } from './support/app';
import { movableClock } from './support/clock';
import { decodeHeader, parseMail, refusingSmtpUrl, useSmtp } from './support/smtp';

const valid = {
  name: 'Anna Hansen',
  email: 'anna@example.com',
  phone: '12 34 56 78',
  message: 'Hej, jeg vil gerne booke en samtale.',
  consent: true,
};
const post = (app: Parameters<typeof request>[0], body: unknown) =>
  request(app).post('/api/contact.php').set('Content-Type', 'application/json').send(JSON.stringify(body));

describe('POST /api/contact.php with a real SMTP server', () => {
  const smtp = useSmtp();

  const appFor = (env: Record<string, string> = {}) =>
    makeApp({
      env: { SMTP_URL: smtp.url, MAIL_TO: 'praksis@example.dk', MAIL_FROM: 'Hjemmesiden <web@example.dk>', ...env },
    });

  test('a valid message is delivered once, then answered with success', async () => {
    const { app } = appFor();
    const res = await post(app, { ...valid, name: 'Søren Ærø', message: 'Hej\nJeg har det svært for tiden.' })
      .expect(200)
      .expect('Content-Type', /json/);
    expect(res.body).toEqual({ success: true });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['praksis@example.dk']);
    expect(mail.from).toBe('web@example.dk');
    const { headers } = parseMail(mail.raw);
    expect(decodeHeader(headers.get('subject')![0]!)).toBe('Ny henvendelse fra Søren Ærø');
    expect(headers.get('reply-to')).toEqual(['anna@example.com']);
    expect(headers.get('from')![0]).toContain('web@example.dk');
    const text = (await simpleParser(mail.raw)).text ?? '';
    expect(text).toContain('Navn: Søren Ærø');
    expect(text).toContain('Email: anna@example.com');
    expect(text).toContain('Telefon: 12 34 56 78');
    // Danish local time, as the practitioner reads it (test/practice-mail.test.ts checks the hour).
    expect(text).toMatch(/Samtykke til persondatapolitikken: givet \d{1,2}\. [a-z]+ \d{4} kl\. \d\d\.\d\d\n/);
    expect(text).toContain('Hej\nJeg har det svært for tiden.');
  });

  test('MAIL_TO defaults to the practice email from content/', async () => {
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    await post(app, valid).expect(200);
    expect(smtp.received[0]!.to).toEqual([practice.email]);
  });

  test('CR/LF in the name adds no header to the mail', async () => {
    const { app } = appFor();
    await post(app, { ...valid, name: 'Anna\r\nBcc: victim@example.org\r\nX-Evil: 1' }).expect(200);
    const { headers } = parseMail(smtp.received[0]!.raw);
    expect(headers.has('bcc')).toBe(false);
    expect(headers.has('x-evil')).toBe(false);
    expect(smtp.received[0]!.to).toEqual(['praksis@example.dk']);
    expect(decodeHeader(headers.get('subject')![0]!)).toBe('Ny henvendelse fra Anna Bcc: victim@example.org X-Evil: 1');
  });

  test('invalid input is 400 with a Danish error per field, and nothing is sent', async () => {
    const { app } = appFor();
    const res = await post(app, {
      name: ' ',
      email: 'a b@c.d',
      phone: '+45 12345678',
      message: '',
      consent: false,
    }).expect(400);
    expect(res.body).toEqual({
      success: false,
      error: 'Tjek venligst de markerede felter.',
      fields: {
        name: 'Indtast venligst dit navn',
        email: 'Indtast venligst en gyldig email-adresse',
        phone: 'Indtast venligst et gyldigt dansk telefonnummer (8 cifre)',
        message: 'Skriv venligst en besked',
        consent: 'Du skal give samtykke for at kunne sende beskeden',
      },
    });
    await post(app, { ...valid, message: 'x'.repeat(10001) }).expect(400);
    await post(app, { ...valid, consent: 'yes' }).expect(400);
    await post(app, { ...valid, name: { first: 'Anna' } }).expect(400);
    expect(smtp.received).toHaveLength(0);
  });

  test('a filled honeypot is answered like success but nothing is sent', async () => {
    const { app, logs } = appFor();
    const res = await post(app, { ...valid, website: 'http://spam.example' }).expect(200);
    expect(res.body).toEqual({ success: true });
    expect(smtp.received).toHaveLength(0);
    expect(logs.lines.some((l) => l.outcome === 'spam')).toBe(true);
  });

  test('only JSON is taken (415), at most about 100 kB (413; a longer field within that is named, 400), and it must parse (400)', async () => {
    const { app } = appFor();
    const r415 = await request(app).post('/api/contact.php').set('Content-Type', 'text/plain').send('hej').expect(415);
    expect(r415.body).toEqual({ success: false, error: expect.any(String) });
    const long = await post(app, { ...valid, message: 'x'.repeat(17 * 1024) }).expect(400);
    expect(long.body.fields).toEqual({ message: 'Beskeden må højst være 10.000 tegn' });
    const big = { ...valid, message: 'x'.repeat(100 * 1024) };
    const r413 = await post(app, big).expect(413);
    expect(r413.body.success).toBe(false);
    const r400 = await request(app)
      .post('/api/contact.php')
      .set('Content-Type', 'application/json')
      .send('{"name":')
      .expect(400);
    expect(r400.body).toEqual({ success: false, error: 'Beskeden kunne ikke læses. Prøv venligst igen.' });
    expect(smtp.received).toHaveLength(0);
  });

  test('any other method is 405 with Allow: POST', async () => {
    const { app } = appFor();
    for (const method of ['get', 'put', 'delete', 'patch'] as const) {
      const res = await request(app)[method]('/api/contact.php').expect(405).expect('Allow', 'POST');
      expect(res.body.success).toBe(false);
    }
  });

  test('the sixth message in the window is 429 with the RateLimit headers and a Danish text', async () => {
    const { app, logs } = appFor();
    for (let i = 0; i < 5; i++) await post(app, valid).expect(200);
    const res = await post(app, valid).expect(429);
    expect(res.body).toEqual({
      success: false,
      error: `Du har sendt for mange beskeder. Prøv igen senere eller ring på ${phoneInText}.`,
    });
    expect(res.headers.ratelimit).toBeDefined();
    expect(res.headers['ratelimit-policy']).toBeDefined();
    expect(smtp.received).toHaveLength(5);
    expect(logs.lines.some((l) => l.outcome === 'rate-limited')).toBe(true);
  });

  test('CONTACT_RATE_LIMIT sets the limit', async () => {
    const { app } = appFor({ CONTACT_RATE_LIMIT: '2' });
    await post(app, valid).expect(200);
    await post(app, valid).expect(200);
    await post(app, valid).expect(429);
  });

  test('a forged X-Forwarded-For does not dodge the limit when no proxy is trusted', async () => {
    const { app } = appFor({ CONTACT_RATE_LIMIT: '2' });
    await post(app, valid).set('X-Forwarded-For', '203.0.113.1').expect(200);
    await post(app, valid).set('X-Forwarded-For', '203.0.113.2').expect(200);
    await post(app, valid).set('X-Forwarded-For', '203.0.113.3').expect(429);
  });

  test('behind one trusted proxy the limit is per visitor', async () => {
    const { app } = appFor({ CONTACT_RATE_LIMIT: '1', TRUST_PROXY: '1' });
    await post(app, valid).set('X-Forwarded-For', '203.0.113.1').expect(200);
    await post(app, valid).set('X-Forwarded-For', '203.0.113.1').expect(429);
    await post(app, valid).set('X-Forwarded-For', '203.0.113.2').expect(200);
  });
});

describe('what counts towards the limits', () => {
  const smtp = useSmtp();
  const refusing = useSmtp({ fail: true });
  const from = (ip: string, body: unknown = valid) => post(appOf.app, body).set('X-Forwarded-For', ip);
  let appOf: ReturnType<typeof makeApp>;

  test('a message refused for its fields, or posted from another site, uses up nothing: the visitor can still write', async () => {
    appOf = makeApp({ env: { SMTP_URL: smtp.url, CONTACT_RATE_LIMIT: '1', TRUST_PROXY: '1' } });
    for (let i = 0; i < 3; i++) await from('203.0.113.5', { ...valid, email: 'nope' }).expect(400);
    for (let i = 0; i < 3; i++) {
      await request(appOf.app)
        .post('/api/contact.php')
        .type('form')
        .set('Origin', 'https://evil.example')
        .set('X-Forwarded-For', '203.0.113.5')
        .send({ ...valid, consent: 'true' })
        .expect(403);
    }
    await from('203.0.113.5').expect(200);
    await from('203.0.113.5').expect(429);
    expect(smtp.received).toHaveLength(1);
  });

  test('the whole site takes CONTACT_SITE_LIMIT messages a window: then 503, try again or call, Retry-After; the operator is told once', async () => {
    appOf = makeApp({
      env: {
        SMTP_URL: smtp.url,
        CONTACT_RATE_LIMIT: '1',
        CONTACT_SITE_LIMIT: '2',
        // A minute: the test moves the clock on, well inside the visitor's own 15 minutes.
        CONTACT_SITE_WINDOW_MS: '60000',
        TRUST_PROXY: '1',
      },
    });
    await from('203.0.113.1').expect(200);
    await from('203.0.113.2').expect(200);
    const refused = await from('203.0.113.3').expect(503);
    expect(refused.body).toEqual({
      success: false,
      error: `Din besked kunne ikke sendes lige nu. Prøv igen om lidt eller ring på ${phoneInText}.`,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The site's count is nobody's business: the headers tell the visitor's own.
    expect(refused.headers.ratelimit).toMatch(/^limit=1,/);
    await from('203.0.113.4').expect(503);
    expect(smtp.received).toHaveLength(2);
    expect(appOf.logs.lines.filter((l) => /contact site limit reached/.test(String(l.msg)))).toHaveLength(1);
    // A new window, when Retry-After said: the visitor turned away has not used up their own one message.
    const clock = movableClock();
    try {
      clock.forward(retryAfter * 1000);
      await from('203.0.113.3').expect(200);
    } finally {
      clock.restore();
    }
    expect(smtp.received).toHaveLength(3);
  });

  test("a message the mail server refused counts towards the site's cap (a flood it rejects is no unlimited one), not the visitor's", async () => {
    appOf = makeApp({
      env: { SMTP_URL: refusing.url, CONTACT_RATE_LIMIT: '1', CONTACT_SITE_LIMIT: '2', TRUST_PROXY: '1' },
    });
    await from('203.0.113.1').expect(502);
    await from('203.0.113.1').expect(502);
    await from('203.0.113.1').expect(503);
  });

  test("a bot's post (the honeypot filled) counts against the bot, not towards the site's cap", async () => {
    appOf = makeApp({
      env: { SMTP_URL: smtp.url, CONTACT_RATE_LIMIT: '2', CONTACT_SITE_LIMIT: '1', TRUST_PROXY: '1' },
    });
    await from('203.0.113.66', { ...valid, website: 'http://spam.example' }).expect(200);
    await from('203.0.113.66', { ...valid, website: 'http://spam.example' }).expect(200);
    await from('203.0.113.66', { ...valid, website: 'http://spam.example' }).expect(429);
    await from('203.0.113.1').expect(200);
    expect(smtp.received).toHaveLength(1);
  });

  test('CONTACT_SITE_LIMIT=0: no cap on the whole site', async () => {
    appOf = makeApp({ env: { SMTP_URL: smtp.url, CONTACT_SITE_LIMIT: '0', TRUST_PROXY: '1' } });
    for (let i = 0; i < 4; i++) await from(`203.0.113.${10 + i}`).expect(200);
  });
});

describe('delivery failures never claim success', () => {
  const phoneText = `Din besked kunne ikke sendes lige nu. Prøv igen om lidt eller ring på ${phoneInText}.`;
  const refusing = useSmtp({ fail: true });

  test('SMTP server down: 502 and the Danish text', async () => {
    const { app, logs } = makeApp({ env: { SMTP_URL: await refusingSmtpUrl() } });
    const res = await post(app, valid).expect(502);
    expect(res.body).toEqual({ success: false, error: phoneText });
    expect(logs.lines.some((l) => l.outcome === 'delivery-failed')).toBe(true);
  });

  test('SMTP server refusing the message: 502', async () => {
    const { app } = makeApp({ env: { SMTP_URL: refusing.url } });
    const res = await post(app, valid).expect(502);
    expect(res.body.success).toBe(false);
  });

  // A server that never greets: test/smtp-greeting.slow.test.ts (the real 10 s timeout).

  test('a failed delivery does not use up the visitor’s quota', async () => {
    const { app } = makeApp({ env: { SMTP_URL: refusing.url, CONTACT_RATE_LIMIT: '1' } });
    await post(app, valid).expect(502);
    await post(app, valid).expect(502);
  });
});

describe('a mail server that keeps the message and hangs up before its reply (decision 0050)', () => {
  const silent = useSmtp({ storesAtOnce: true, hangUpAfterData: true });

  test('202, not success: "may have reached me, do not send it again", the phone; one copy; the log says unknown, nothing personal; the count stays', async () => {
    const { app, logs } = makeApp({ env: { SMTP_URL: silent.url, CONTACT_RATE_LIMIT: '1' } });
    const res = await post(app, valid).expect(202).expect('Content-Type', /json/);
    // The spec's client counts a reply as sent only when the status is ok AND success is true: it shows the error.
    expect(res.body).toEqual({
      success: false,
      error: `Din besked er måske nået frem til mig, men det kunne ikke bekræftes. Send den venligst ikke igen lige nu – ring på ${phoneInText}, hvis du vil være sikker på, at jeg har fået den.`,
    });
    expect(silent.received).toHaveLength(1);
    expect(logs.lines).toContainEqual(expect.objectContaining({ msg: 'contact form', outcome: 'unknown' }));
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        outcome: 'unknown',
        msg: expect.stringMatching(/^contact message: no reply/),
      }),
    );
    for (const personal of [valid.name, valid.email, valid.phone, valid.message])
      expect(logs.text()).not.toContain(personal);
    // It may have arrived: the visitor's count is not given back, so pressing again at once sends nothing more.
    await post(app, valid).expect(429);
    expect(silent.received).toHaveLength(1);
  });
});

describe('the outbox (no SMTP_URL, outside production)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('each message becomes a parseable .eml file, and the reply waits for it', async () => {
    const { app } = makeApp({ env: { OUTBOX_DIR: dir } });
    await post(app, valid).expect(200);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dir, files[0]!), 'utf8');
    const { headers } = parseMail(raw);
    expect(headers.get('subject')!.map(decodeHeader)).toEqual(['Ny henvendelse fra Anna Hansen']);
    expect(headers.get('to')).toEqual([practice.email]);
    expect((await simpleParser(raw)).text).toContain('Hej, jeg vil gerne booke en samtale.');
  });

  test('an outbox that cannot be written is a 502, not a success', async () => {
    const blocked = path.join(dir, 'file');
    await import('node:fs/promises').then((fs) => fs.writeFile(blocked, 'not a folder'));
    const { app } = makeApp({ env: { OUTBOX_DIR: blocked } });
    await post(app, valid).expect(502);
  });
});
