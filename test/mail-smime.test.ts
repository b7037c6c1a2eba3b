import { simpleParser } from 'mailparser';
import request from 'supertest';
import { loadMailKey, type MailKey } from '../server/mail/key';
import { makeApp } from './support/app';
import {
  expectNothingOfTheMessage,
  makeSmimeCert,
  opensslDecrypt,
  privateMessage,
  type SmimePair,
} from './support/keys';
import { parseMail, useSmtp } from './support/smtp';

// MAIL_SMIME_CERT: every mail to the practice is S/MIME enveloped data (AES-256-CBC), and
// OpenSSL itself decrypts it into the whole mail.

const smtp = useSmtp();
let pair: SmimePair;
let key: MailKey;

beforeAll(async () => {
  pair = await makeSmimeCert();
  key = (await loadMailKey({ mailKey: { variable: 'MAIL_SMIME_CERT', text: pair.cert } }))!;
});

test.each(['json', 'form'] as const)(
  'a %s post: application/pkcs7-mime outside with a neutral subject; openssl cms -decrypt gives the whole mail',
  async (kind) => {
    smtp.received.length = 0;
    const { app } = makeApp({
      env: { SMTP_URL: smtp.url, MAIL_TO: 'praksis@example.dk', MAIL_FROM: 'Hjemmesiden <web@example.dk>' },
      key,
    });
    const post = request(app).post('/api/contact.php');
    if (kind === 'json')
      await post
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ ...privateMessage, lang: 'fa' }))
        .expect(200);
    else
      await post
        .type('form')
        .set('Origin', 'http://localhost:3000')
        .send({ ...privateMessage, consent: 'true', lang: 'fa' })
        .expect(303);
    const raw = smtp.received[0]!.raw;
    const { headers } = parseMail(raw);
    expect(headers.get('content-type')![0]).toMatch(
      /^application\/pkcs7-mime; smime-type=enveloped-data; name="?smime\.p7m"?$/,
    );
    expect(headers.get('content-transfer-encoding')).toEqual(['base64']);
    expect(headers.get('subject')).toEqual(['Ny henvendelse via hjemmesiden']);
    expect(headers.get('reply-to')).toEqual(['karen@example.com']);
    expectNothingOfTheMessage(raw);

    // AES-256-CBC content encryption, as OpenSSL reads the structure.
    const inner = await opensslDecrypt(pair, raw);
    expect(inner).toMatch(/protected-headers="?v1"?/);
    const parsed = await simpleParser(inner);
    expect(parsed.subject).toBe('Ny henvendelse fra Karen Blixen (persisk side)');
    expect(parsed.text).toContain('Sprog: persisk');
    expect(parsed.text).toContain('Navn: Karen Blixen');
    expect(parsed.text).toContain('Telefon: 87 65 43 21');
    expect(parsed.text).toMatch(/givet \d{1,2}\. [a-z]+ \d{4} kl\. \d\d\.\d\d/);
    expect(parsed.text).toContain(`Besked:\n${privateMessage.message}`);
    expect(parsed.html).toContain('href="tel:+4587654321"');
  },
);

test('the content is AES-256-CBC and the key travels RSA-encrypted to the certificate (rsaEncryption: what every S/MIME reader must read)', async () => {
  const { execFile } = await import('node:child_process');
  smtp.received.length = 0;
  const { app } = makeApp({ env: { SMTP_URL: smtp.url }, key });
  await request(app)
    .post('/api/contact.php')
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(privateMessage))
    .expect(200);
  const body = parseMail(smtp.received[0]!.raw).body.replace(/\s+/g, '');
  const structure = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      'openssl',
      ['cms', '-cmsout', '-print', '-inform', 'DER'],
      { encoding: 'buffer' },
      (err, stdout) => (err ? reject(err) : resolve(stdout.toString())),
    );
    child.stdin!.end(Buffer.from(body, 'base64'));
  });
  expect(structure).toMatch(/contentEncryptionAlgorithm:\s+algorithm: aes-256-cbc/);
  expect(structure).toMatch(/keyEncryptionAlgorithm:\s+algorithm: rsaEncryption/);
});

test.each(['P-256', 'P-384'] as const)(
  'a %s certificate: ECDH key agreement, and OpenSSL decrypts the whole mail',
  async (curve) => {
    const ecPair = await makeSmimeCert({ curve });
    const ecKey = (await loadMailKey({ mailKey: { variable: 'MAIL_SMIME_CERT', text: ecPair.cert } }))!;
    smtp.received.length = 0;
    const { app } = makeApp({ env: { SMTP_URL: smtp.url }, key: ecKey });
    await request(app)
      .post('/api/contact.php')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(privateMessage))
      .expect(200);
    const raw = smtp.received[0]!.raw;
    expectNothingOfTheMessage(raw);
    const parsed = await simpleParser(await opensslDecrypt(ecPair, raw));
    expect(parsed.text).toContain('Navn: Karen Blixen');
    expect(parsed.text).toContain(`Besked:\n${privateMessage.message}`);
  },
);
