import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer } from './support/builtServer';
import { asOperator } from './support/operator';
import { expectRefused, type RefusalCase, refusedByServer, refusedInProcess, startupKeys } from './support/refusals';
import { useSmtp } from './support/smtp';
import { DAY_MS } from '../views/days';

// The practice's key or certificate is checked once at start-up by the built server
// (`node dist/server.js`): a bad one stops it with one line naming the variable, never the key.

let dir: string;
let soon: Awaited<ReturnType<typeof startupKeys>>['soon'];
let refusals: RefusalCase[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mail-key-'));
  ({ soon, refusals } = await startupKeys(dir));
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));
const smtp = useSmtp();

test('bad keys stop start-up, each with one line naming the variable and the reason, never the key', async () => {
  // By start-up's own checks in this process; each through the built server: startup.slow.test.ts.
  for (const [env, message] of refusals) expectRefused(await refusedInProcess(env), message);
  // One through the built server: a private key where the public one belongs.
  const [env, message] = refusals.find(([e]) => e.MAIL_OPENPGP_KEY?.includes('PRIVATE')) as RefusalCase;
  expectRefused(await refusedByServer(env), message);
}, 40_000);

test('a key that expires within 30 days: the start-up line names fingerprint and expiry, a warning, and /healthz/mail says so', async () => {
  const server = await startTestServer({ SMTP_URL: smtp.url, MAIL_OPENPGP_KEY: soon.publicKey });
  try {
    const line = await server.waitForLine((l) => /^contact mail encrypted/.test(String(l.msg)));
    const expires = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
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
  }
}, 30_000);

test('a certificate from a file: the start-up line, and a warning for RSA below 3072 bits; /healthz/mail plain ok', async () => {
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
  }
}, 30_000);
