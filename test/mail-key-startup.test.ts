import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestServer } from './support/builtServer';
import { asOperator } from './support/operator';
import { makeOpenpgpKey, makeSmimeCert, type OpenpgpPair, type SmimePair } from './support/keys';
import { startSmtp } from './support/smtp';

// The practice's key or certificate is checked once at start-up by the built server
// (`node dist/server.js`): a bad one stops it with one line naming the variable, never the key.

const SERVER = path.resolve(__dirname, '..', 'dist', 'server.js');
const run = promisify(execFile);

let dir: string;
let good: OpenpgpPair;
let soon: OpenpgpPair;
let expired: OpenpgpPair;
let weak: OpenpgpPair;
let cert: SmimePair;
let weakCert: SmimePair;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mail-key-'));
  const day = 24 * 3600;
  [good, soon, expired, weak, cert, weakCert] = await Promise.all([
    makeOpenpgpKey(),
    makeOpenpgpKey({ expiresInS: 10 * day }),
    makeOpenpgpKey({ createdAt: new Date(Date.now() - 10 * day * 1000), expiresInS: day }),
    makeOpenpgpKey({ rsaBits: 1024 }),
    makeSmimeCert(),
    makeSmimeCert({ bits: 1024 }),
  ]);
  await writeFile(path.join(dir, 'not-a-key.asc'), 'This is my public key, I think.\n');
  await writeFile(path.join(dir, 'cert.pem'), cert.cert);
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

async function refusal(env: Record<string, string>) {
  try {
    await run(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: '0', ...env },
      timeout: 40_000,
    });
    return { code: 0, stderr: '' };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr.trim() };
  }
}

test('bad keys stop start-up, each with one line naming the variable and the reason, never the key', async () => {
  const cases: [Record<string, string>, RegExp][] = [
    [
      { MAIL_OPENPGP_KEY: path.join(dir, 'not-a-key.asc') },
      /^Configuration error: MAIL_OPENPGP_KEY is not an ASCII-armoured OpenPGP public key/,
    ],
    [
      { MAIL_OPENPGP_KEY: path.join(dir, 'missing.asc') },
      /^Configuration error: MAIL_OPENPGP_KEY must be an ASCII-armoured OpenPGP public key or the path of a file/,
    ],
    [{ MAIL_OPENPGP_KEY: good.privateKey }, /^Configuration error: MAIL_OPENPGP_KEY holds a private key/],
    [
      { MAIL_OPENPGP_KEY: expired.publicKey },
      /^Configuration error: MAIL_OPENPGP_KEY has expired \(\d{4}-\d\d-\d\d\)$/,
    ],
    [
      { MAIL_OPENPGP_KEY: weak.publicKey },
      /^Configuration error: MAIL_OPENPGP_KEY is too weak: RSA 1024 bits \(at least 2048\)$/,
    ],
    [
      { MAIL_OPENPGP_KEY: good.publicKey, MAIL_SMIME_CERT: cert.cert },
      /^Configuration error: MAIL_OPENPGP_KEY and MAIL_SMIME_CERT are both set/,
    ],
    [{ MAIL_SMIME_CERT: cert.key }, /^Configuration error: MAIL_SMIME_CERT holds a private key/],
    [{ MAIL_SMIME_CERT: weakCert.cert }, /^Configuration error: MAIL_SMIME_CERT is too weak: RSA 1024 bits/],
    [{ MAIL_SMIME_CERT: good.publicKey }, /^Configuration error: MAIL_SMIME_CERT is not a PEM X\.509 certificate/],
  ];
  // In parallel: each is a process start of its own.
  const results = await Promise.all(cases.map(([env]) => refusal(env)));
  results.forEach(({ code, stderr }, i) => {
    const [env, message] = cases[i]!;
    expect({ env: Object.keys(env), code, stderr }).toEqual({
      env: Object.keys(env),
      code: 1,
      stderr: expect.stringMatching(message),
    });
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/[A-Za-z0-9+/]{40}/);
  });
}, 60_000);

test('a key that expires within 30 days: the start-up line names fingerprint and expiry, a warning, and /healthz/mail says so', async () => {
  const smtp = await startSmtp();
  const server = await startTestServer({ SMTP_URL: smtp.url, MAIL_OPENPGP_KEY: soon.publicKey });
  try {
    const line = await server.waitForLine((l) => /^contact mail encrypted/.test(String(l.msg)));
    const expires = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(line.msg).toMatch(new RegExp(`^contact mail encrypted with OpenPGP to [0-9A-F]{40}, expires ${expires}$`));
    expect(line).toMatchObject({ level: 30, key: { variable: 'MAIL_OPENPGP_KEY', expires } });
    const warning = await server.waitForLine((l) => /expires on/.test(String(l.msg)));
    expect(warning).toMatchObject({ level: 40 });
    await server.waitForLine((l) => /^mail ready/.test(String(l.msg)));
    const res = await fetch(`http://127.0.0.1:${server.port}/healthz/mail`, { headers: asOperator });
    expect([res.status, await res.json()]).toEqual([200, { mail: 'ok', key: 'expires-soon', expires }]);
    expect(server.output()).not.toContain('BEGIN PGP');
  } finally {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
    await smtp.close();
  }
}, 30_000);

test('a certificate from a file: the start-up line, and a warning for RSA below 3072 bits; /healthz/mail plain ok', async () => {
  const smtp = await startSmtp();
  const server = await startTestServer({ SMTP_URL: smtp.url, MAIL_SMIME_CERT: path.join(dir, 'cert.pem') });
  try {
    const line = await server.waitForLine((l) => /^contact mail encrypted/.test(String(l.msg)));
    expect(line.msg).toMatch(/^contact mail encrypted with S\/MIME to [0-9A-F]{64}, expires \d{4}-\d\d-\d\d$/);
    await server.waitForLine((l) => l.level === 40 && /RSA 2048 bits/.test(String(l.msg)));
    await server.waitForLine((l) => /^mail ready/.test(String(l.msg)));
    const res = await fetch(`http://127.0.0.1:${server.port}/healthz/mail`, { headers: asOperator });
    expect([res.status, await res.json()]).toEqual([200, { mail: 'ok' }]);
  } finally {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
    await smtp.close();
  }
}, 30_000);
