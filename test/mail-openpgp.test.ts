import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { loadMailKey, type MailKey } from '../server/mail/key';
import { asOperator, makeApp } from './support/app';
import {
  expectNothingOfTheMessage,
  gpgDecrypt,
  makeOpenpgpKey,
  type OpenpgpPair,
  privateMessage,
} from './support/keys';
import { parseMail, useSmtp } from './support/smtp';
import { DAY_MS } from '../views/days';

// MAIL_OPENPGP_KEY: every mail to the practice is OpenPGP/MIME, encrypted to the practice's key
// before it leaves the server, and GnuPG itself decrypts it into the whole mail.

const smtp = useSmtp();
let pair: OpenpgpPair;
let key: MailKey;
let soon: { pair: OpenpgpPair; key: MailKey };

beforeAll(async () => {
  // Made once for the file: a key that lasts, and one that expires in 10 days.
  const [long, short] = await Promise.all([makeOpenpgpKey(), makeOpenpgpKey({ expiresInS: (10 * DAY_MS) / 1000 })]);
  pair = long;
  key = (await loadMailKey({ mailKey: { variable: 'MAIL_OPENPGP_KEY', text: long.publicKey } }))!;
  soon = {
    pair: short,
    key: (await loadMailKey({ mailKey: { variable: 'MAIL_OPENPGP_KEY', text: short.publicKey } }))!,
  };
});

const env = () => ({ SMTP_URL: smtp.url, MAIL_TO: 'praksis@example.dk', MAIL_FROM: 'Hjemmesiden <web@example.dk>' });

/** What anyone between the server and the practitioner's mail program can read, and what the practitioner reads. */
async function received(raw: string) {
  const { headers, body } = parseMail(raw);
  const armored = /-----BEGIN PGP MESSAGE-----[\s\S]+?-----END PGP MESSAGE-----/.exec(body)?.[0] ?? '';
  const inner = await gpgDecrypt(pair.privateKey, armored);
  return { headers, body, inner, parsed: await simpleParser(inner) };
}

function expectNothingReadable(raw: string) {
  expectNothingOfTheMessage(raw);
  expect(raw).not.toMatch(/=?utf-8\?/i); // not even an encoded word: nothing outside but the neutral subject and the addresses
}

test('a JSON post: multipart/encrypted outside with a neutral subject; GnuPG decrypts the whole mail', async () => {
  const { app } = makeApp({ env: env(), key });
  await request(app)
    .post('/api/contact.php')
    .set('Content-Type', 'application/json')
    .send(JSON.stringify({ ...privateMessage, lang: 'en' }))
    .expect(200);
  expect(smtp.received).toHaveLength(1);
  const mail = smtp.received[0]!;
  expect(mail.to).toEqual(['praksis@example.dk']);
  const { headers, inner, parsed } = await received(mail.raw);

  expect(headers.get('content-type')![0]).toMatch(
    /^multipart\/encrypted; protocol="application\/pgp-encrypted"; boundary=/,
  );
  expect(mail.raw).toMatch(/Content-Type: application\/pgp-encrypted\r\n(?:.*\r\n)*?\r\nVersion: 1/);
  expect(headers.get('subject')).toEqual(['Ny henvendelse via hjemmesiden']);
  expect(headers.get('reply-to')).toEqual(['karen@example.com']);
  expect(headers.get('from')![0]).toContain('web@example.dk');
  expect(headers.get('message-id')![0]).toMatch(/^<.+@example\.dk>$/);
  expect(headers.has('date')).toBe(true);
  expectNothingReadable(mail.raw);

  // Inside: the protected headers (the real subject) and every field.
  expect(inner).toMatch(/Content-Type: multipart\/alternative;[^\r\n]*(\r\n\s+[^\r\n]*)*protected-headers="?v1"?/);
  expect(parsed.subject).toBe('Ny henvendelse fra Karen Blixen (engelsk side)');
  expect(parsed.messageId).toBe(headers.get('message-id')![0]);
  expect(parsed.replyTo?.text).toContain('karen@example.com');
  const text = parsed.text ?? '';
  expect(text).toContain('Sprog: engelsk');
  expect(text).toContain('Navn: Karen Blixen');
  expect(text).toContain('Email: karen@example.com');
  expect(text).toContain('Telefon: 87 65 43 21');
  expect(text).toMatch(/Samtykke til persondatapolitikken: givet \d{1,2}\. [a-z]+ \d{4} kl\. \d\d\.\d\d/);
  expect(text).toContain(`Besked:\n${privateMessage.message}`);
  expect(parsed.html).toContain('<a href="tel:+4587654321">87 65 43 21</a>');
});

test('the form without JavaScript: the same encrypted mail, and the thank-you redirect', async () => {
  smtp.received.length = 0;
  const { app } = makeApp({ env: env(), key });
  await request(app)
    .post('/api/contact.php')
    .type('form')
    .set('Origin', 'http://localhost:3000')
    .send({ ...privateMessage, consent: 'true' })
    .expect(303);
  const raw = smtp.received[0]!.raw;
  expect(parseMail(raw).headers.get('content-type')![0]).toMatch(/^multipart\/encrypted/);
  expectNothingReadable(raw);
  const { parsed } = await received(raw);
  expect(parsed.subject).toBe('Ny henvendelse fra Karen Blixen');
  expect(parsed.text).toContain(`Besked:\n${privateMessage.message}`);
});

test('a name with CR/LF or letters that need encoding stays inside; Reply-To is the address alone, outside and in', async () => {
  smtp.received.length = 0;
  const { app } = makeApp({ env: env(), key });
  const name = 'Søren Ærø\r\nBcc: victim@example.org';
  await request(app)
    .post('/api/contact.php')
    .set('Content-Type', 'application/json')
    .send(JSON.stringify({ ...privateMessage, name }))
    .expect(200);
  expect(smtp.received[0]!.to).toEqual(['praksis@example.dk']);
  const { headers, parsed } = await received(smtp.received[0]!.raw);
  expect(headers.get('reply-to')).toEqual(['karen@example.com']);
  expect(headers.has('bcc')).toBe(false);
  expect(smtp.received[0]!.raw).not.toMatch(/victim|S=C3=B8ren|Søren/);
  expect(parsed.subject).toBe('Ny henvendelse fra Søren Ærø Bcc: victim@example.org');
  expect(parsed.headers.has('bcc')).toBe(false);
  expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'karen@example.com' }]);
});

test('the outbox (no SMTP_URL) writes the encrypted mail', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  try {
    const { app } = makeApp({ env: { OUTBOX_DIR: dir }, key });
    await request(app)
      .post('/api/contact.php')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(privateMessage))
      .expect(200);
    const [file] = await readdir(dir);
    const raw = await readFile(path.join(dir, file!), 'utf8');
    expect(parseMail(raw).headers.get('content-type')![0]).toMatch(/^multipart\/encrypted/);
    expectNothingReadable(raw);
    expect((await received(raw)).parsed.text).toContain(privateMessage.message);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

describe('a key that expires', () => {
  test('within 30 days: /healthz/mail says so, and mail is still delivered', async () => {
    smtp.received.length = 0;
    const { app } = makeApp({ env: env(), key: soon.key });
    const expires = soon.key.expires!.toISOString().slice(0, 10);
    await request(app).get('/healthz/mail').set(asOperator).expect(200, { mail: 'ok', key: 'expires-soon', expires });
    await request(app)
      .post('/api/contact.php')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(privateMessage))
      .expect(200);
    expect(smtp.received).toHaveLength(1);
  });

  test('expired by the time of delivery: 502, the text kept, nothing sent, a log line with the code', async () => {
    smtp.received.length = 0;
    const later = new Date(Date.now() + 11 * DAY_MS);
    const { app, logs } = makeApp({ env: env(), key: soon.key, now: () => later });
    const res = await request(app)
      .post('/api/contact.php')
      .type('form')
      .set('Origin', 'http://localhost:3000')
      .send({ ...privateMessage, consent: 'true' })
      .expect(502);
    // The page again, with what the visitor wrote still in the form.
    expect(res.text).toContain('Siden foråret har jeg haft angst.');
    expect(smtp.received).toHaveLength(0);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ code: 'EKEYEXPIRED', msg: 'contact message not delivered' }),
    );
    expect(logs.text()).not.toContain('Blixen');
    await request(app).get('/healthz/mail').set(asOperator).expect(503, { mail: 'failing', code: 'EKEYEXPIRED' });
  });
});
