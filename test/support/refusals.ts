import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadMailKey } from '../../server/mail/key';
import { ConfigError, loadConfig } from '../../server/process/config';
import { BUILT_SERVER } from '../../scripts/builtServer';
import { makeOpenpgpKey, makeSmimeCert } from './keys';
import { DAY_MS } from '../../views/days';

// A start-up refused: `node dist/server.js` with a bad variable exits 1 after one line on stderr,
// `Configuration error: …` (server/process/index.ts). Its two checks (loadConfig, loadMailKey) run
// in the test's process too, giving the same line in milliseconds instead of a bundle's load: the
// fast suite checks every refusal there and a few through the process; the slow suite
// (startup.slow.test.ts) every one through the process.

export interface Refusal {
  status: number | null;
  stderr: string;
}

/** What the tests' built servers run with besides the case's variables. */
const BASE_ENV = { NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'info' };

/** `node dist/server.js` with `env` (and PATH only), until it exits: its exit code and what it wrote to stderr. */
export function refusedByServer(env: Record<string, string>): Promise<Refusal> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BUILT_SERVER],
      { env: { PATH: process.env.PATH ?? '', ...BASE_ENV, ...env }, encoding: 'utf8', timeout: 30_000 },
      (err, _stdout, stderr) =>
        resolve({ status: err ? (typeof err.code === 'number' ? err.code : null) : 0, stderr: stderr.trim() }),
    );
  });
}

/** The same checks in the test's process, as index.ts makes them: exit code 1 and its line, or 0. */
export async function refusedInProcess(env: Record<string, string>): Promise<Refusal> {
  try {
    await loadMailKey(loadConfig({ ...BASE_ENV, ...env }));
    return { status: 0, stderr: '' };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return { status: 1, stderr: `Configuration error: ${err.message}` };
  }
}

/** Runs `jobs` at most `limit` at a time; the results in order. */
export function inTurns<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T>[] {
  let running = 0;
  const waiting: (() => void)[] = [];
  return jobs.map(async (job) => {
    if (running >= limit) await new Promise<void>((go) => waiting.push(go));
    else running += 1;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  });
}

/** A variable's bad value and the line it is refused with. */
export type RefusalCase = [Record<string, string>, RegExp];

const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtps://web:pw@smtp.example.dk' };
const EDITOR = { ...PRODUCTION, EDITOR_REPO: 'praksis/hjemmeside', ADMIN_HOST: 'redaktion.example.dk' };
/** A secret too plain to be random. */
const PLAIN = 'ab'.repeat(32);

/** Bad configuration: each refused with one line naming the variable (never a URL's password, `s3cret`, nor a plain secret). */
export const CONFIG_REFUSALS: RefusalCase[] = [
  [{ PORT: 'abc' }, /^Configuration error: PORT must be a whole number from 0 to 65535 \(got "abc"\)$/],
  [{ PORT: '70000' }, /PORT must be a whole number/],
  [{ SMTP_URL: 'http://mail.example.dk' }, /^Configuration error: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
  [
    { SMTP_URL: 'smtp://mail.example.dk?tls.rejectUnauthorized=false' },
    /^Configuration error: SMTP_URL takes no path or query/,
  ],
  [
    { NODE_ENV: 'production', SMTP_URL: 'smtp://localhost:1025', SMTP_INSECURE: '1' },
    /^Configuration error: SMTP_INSECURE is refused in production/,
  ],
  [
    { SMTP_URL: 'smtp://localhost:1025', SMTP_INSECURE: 'yes' },
    /^Configuration error: SMTP_INSECURE must be 1 or unset/,
  ],
  [{ NODE_ENV: 'production' }, /^Configuration error: SMTP_URL must be set in production/],
  [{ BASE_URL: 'www.example.dk' }, /BASE_URL must be an absolute http\(s\) URL/],
  [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be a whole number/],
  [{ MAIL_TO: 'nobody' }, /MAIL_TO must be an email address/],
  [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
  [{ CONTACT_RATE_LIMIT: '0' }, /CONTACT_RATE_LIMIT must be a whole number/],
  [{ WEB_CONCURRENCY: '0' }, /^Configuration error: WEB_CONCURRENCY must be a whole number from 1 to 64 \(got "0"\)$/],
  [{ WEB_CONCURRENCY: 'auto' }, /WEB_CONCURRENCY must be a whole number from 1 to 64/],
  [{ WEB_CONCURRENCY: '65' }, /WEB_CONCURRENCY must be a whole number from 1 to 64/],
  [
    { WEB_CONCURRENCY: '2' },
    /^Configuration error: REDIS_URL must be set when WEB_CONCURRENCY is above 1 \(got 2\): the workers share the forms' limits, held times and used answer links only through Redis/,
  ],
  [
    {
      ...PRODUCTION,
      BOOKING_CALENDAR_URL: 'https://calendar.example.dk/feed.ics',
      BOOKING_SECRET: randomBytes(32).toString('hex'),
    },
    /^Configuration error: REDIS_URL must be set in production when booking is on: held and confirmed times and used answer links must outlive a restart/,
  ],
  [
    { REDIS_URL: 'http://:s3cret@cache.example.com:6379' },
    /^Configuration error: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL, like rediss:\/\/:password@/,
  ],
  [{ REDIS_URL: 'redis://:s3cret@' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
  [{ REDIS_URL: 'cache.example.com:6379' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
  [{ REDIS_URL: 'rediss://:s3cret%zz@cache.example.com:6379' }, /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
  [{ REDIS_TLS_REJECT_UNAUTHORIZED: 'false' }, /REDIS_TLS_REJECT_UNAUTHORIZED must be 1 .* or 0/],
  // Behind a Heroku-style router without TRUST_PROXY, or with it 0.
  [
    { ...PRODUCTION, DYNO: 'web.1' },
    /^Configuration error: TRUST_PROXY must be 1 or more in production behind a Heroku-style router \(DYNO is set\)/,
  ],
  [{ ...PRODUCTION, DYNO: 'web.1', TRUST_PROXY: '0' }, /^Configuration error: TRUST_PROXY must be 1 or more/],
  // The editor in production: each part it needs, and nothing of it without EDITOR_REPO.
  [
    { ...PRODUCTION, EDITOR_REPO: 'praksis/hjemmeside' },
    /^Configuration error: ADMIN_HOST must be set in production when the editor is on \(EDITOR_REPO\)/,
  ],
  [EDITOR, /^Configuration error: EDITOR_GITHUB_CLIENT_ID must be set in production when the editor is on/],
  [
    { ...EDITOR, EDITOR_GITHUB_CLIENT_ID: 'Iv23liTestClient0001' },
    /^Configuration error: EDITOR_GITHUB_CLIENT_SECRET must be set beside EDITOR_GITHUB_CLIENT_ID$/,
  ],
  [
    { ...PRODUCTION, ADMIN_HOST: 'redaktion.example.dk' },
    /^Configuration error: ADMIN_HOST only applies to the owner's editor, and EDITOR_REPO is not set$/,
  ],
  // Secrets too plain to be random, never echoed.
  [
    { HEALTHZ_TOKEN: 's3cret'.repeat(8) },
    /^Configuration error: HEALTHZ_TOKEN must be 32 to 256 letters, digits or \. _ ~ -, at least 8 of them different/,
  ],
  [
    { BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics', BOOKING_SECRET: PLAIN },
    /^Configuration error: BOOKING_SECRET is not random: its 32 bytes have only 1 different values/,
  ],
  [
    {
      BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics',
      BOOKING_SECRET: randomBytes(32).toString('hex'),
      BOOKING_VISITOR_SECRET: PLAIN,
    },
    /^Configuration error: BOOKING_VISITOR_SECRET must be 32 to 256 letters, digits or \. _ ~ -, at least 8 of them different/,
  ],
];

/** Checks a refusal: exit code 1, one line matching `message`, no password and no key in it. */
export function expectRefused({ status, stderr }: Refusal, message: RegExp): void {
  expect({ status, stderr }).toEqual({ status: 1, stderr: expect.stringMatching(message) });
  expect(stderr.split('\n')).toHaveLength(1);
  expect(stderr).not.toContain('s3cret');
  expect(stderr).not.toContain(PLAIN);
  expect(stderr).not.toMatch(/[A-Za-z0-9+/]{40}/);
}

/** A day in seconds, as OpenPGP counts a key's life. */
const DAY_S = DAY_MS / 1000;

/** The practice's keys and certificates the start-up tests give it, good and bad; `dir` gets a file that is no key and the certificate as a file. */
export async function startupKeys(dir: string) {
  const [good, soon, expired, weak, cert, weakCert] = await Promise.all([
    makeOpenpgpKey(),
    makeOpenpgpKey({ expiresInS: 10 * DAY_S }),
    makeOpenpgpKey({ createdAt: new Date(Date.now() - 10 * DAY_MS), expiresInS: DAY_S }),
    makeOpenpgpKey({ rsaBits: 1024 }),
    makeSmimeCert(),
    makeSmimeCert({ bits: 1024 }),
  ]);
  await writeFile(path.join(dir, 'not-a-key.asc'), 'This is my public key, I think.\n');
  await writeFile(path.join(dir, 'cert.pem'), cert.cert);
  /** Bad keys: each stops start-up with one line naming the variable and the reason, never the key. */
  const refusals: RefusalCase[] = [
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
  return { soon, refusals };
}
