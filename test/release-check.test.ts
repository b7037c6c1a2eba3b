import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILT_SERVER, ROOT } from '../scripts/builtServer';
import { makeOpenpgpKey } from './support/keys';
import { freePort, useRedis } from './support/redis';

// The release phase (issues 48 and 51): the Procfile's `release:` runs the built check of the
// configuration, the mail key and Redis (a PING) before a release takes traffic. A wrong variable,
// or a Redis that does not answer as configured, fails the release with one line naming the
// variable, and the old release keeps serving; a good one says what the release will run with,
// never a secret.

const production = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtps://site:hemmeligt-kodeord@smtp.example.dk:465',
  BASE_URL: 'https://www.example.dk',
};

function check(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BUILT_SERVER, '--check'],
      { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 30_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

test('the Procfile runs the built check as its release phase', () => {
  const procfile = readFileSync(path.join(ROOT, 'Procfile'), 'utf8');
  expect(procfile).toMatch(/^release: node dist\/server\.js --check$/m);
  expect(procfile).toMatch(/^web: node dist\/server\.js$/m);
});

test('a wrong variable fails the release with one line naming it, and nothing listens', async () => {
  const result = await check({ ...production, SMTP_URL: '' });
  expect(result.code).toBe(1);
  expect(result.stderr.trim()).toBe(
    'Configuration error: SMTP_URL must be set in production: contact messages cannot be delivered without it',
  );
  expect(result.stdout).toBe('');
});

test('a private key where the public one belongs fails the release, its text never echoed', async () => {
  const { privateKey } = await makeOpenpgpKey();
  const result = await check({ ...production, MAIL_OPENPGP_KEY: privateKey });
  expect(result.code).toBe(1);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(/^Configuration error: MAIL_OPENPGP_KEY holds a private key/);
  expect(result.stderr).not.toContain('PRIVATE KEY BLOCK');
});

test('a good configuration passes with one line saying what the release runs with, no secret in it', async () => {
  const { publicKey } = await makeOpenpgpKey();
  const result = await check({ ...production, MAIL_OPENPGP_KEY: publicKey });
  expect(result.code).toBe(0);
  expect(result.stderr).toBe('');
  expect(result.stdout).toMatch(
    /^Configuration ok: NODE_ENV=production, mail to smtps:\/\/smtp\.example\.dk:465, encrypted with OpenPGP to [0-9A-F]+ \(expires never\), booking off, no editor, no Redis, 1 worker\(s\)\n$/,
  );
  expect(result.stdout).not.toContain('hemmeligt');
});

describe('Redis in the release phase', () => {
  const redis = useRedis({ password: 'redis-kodeord' });

  test('a Redis that answers: the line says so, its password never', async () => {
    const result = await check({ ...production, REDIS_URL: redis.url });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/, Redis at redis:\/\/127\.0\.0\.1:\d+ answered, 1 worker\(s\)\n$/);
    expect(result.stdout).not.toContain('redis-kodeord');
  });

  test('a Redis that does not answer, or refuses the password, fails the release with one line naming REDIS_URL', async () => {
    const closed = await check({ ...production, REDIS_URL: `redis://:redis-kodeord@127.0.0.1:${await freePort()}` });
    expect(closed.code).toBe(1);
    expect(closed.stdout).toBe('');
    expect(closed.stderr.trim()).toMatch(
      /^Configuration error: REDIS_URL names a Redis that does not answer: Redis at redis:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
    );
    const wrong = await check({ ...production, REDIS_URL: redis.url.replace('redis-kodeord', 'forkert-kodeord') });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim().split('\n')).toHaveLength(1);
    expect(wrong.stderr).toMatch(
      /^Configuration error: REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:\d+ cannot be used as configured: Redis refused the password/,
    );
    for (const { stderr } of [closed, wrong]) expect(stderr).not.toMatch(/kodeord/);
  });
});

test('production behind a Heroku-style router (DYNO set) without TRUST_PROXY fails the release, naming it', async () => {
  const result = await check({ ...production, DYNO: 'release.7' });
  expect(result.code).toBe(1);
  expect(result.stderr.trim()).toMatch(
    /^Configuration error: TRUST_PROXY must be 1 or more in production behind a Heroku-style router \(DYNO is set\)/,
  );
  expect((await check({ ...production, DYNO: 'release.7', TRUST_PROXY: '1' })).code).toBe(0);
});
