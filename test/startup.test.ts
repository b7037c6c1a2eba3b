import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { startTestServer } from './support/builtServer';
import { startSmtp } from './support/smtp';
import { testRefusals } from './support/startup';

// The built server as the Procfile runs it: `node dist/server.js`. One refusal of each kind
// here; their variations in test/startup-refusals.slow.test.ts.

describe('start-up refuses bad configuration with one line naming the variable', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtps://web:pw@smtp.example.dk' };
  testRefusals([
    // A number out of its range.
    [{ PORT: 'abc' }, /^Configuration error: PORT must be a whole number from 0 to 65535 \(got "abc"\)$/],
    // An address of the wrong kind, its password never echoed.
    [
      { REDIS_URL: 'http://:s3cret@cache.example.com:6379' },
      /^Configuration error: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL, like rediss:\/\/:password@/,
    ],
    // What production refuses, and what it requires.
    [
      { NODE_ENV: 'production', SMTP_URL: 'smtp://localhost:1025', SMTP_INSECURE: '1' },
      /^Configuration error: SMTP_INSECURE is refused in production/,
    ],
    [{ NODE_ENV: 'production' }, /^Configuration error: SMTP_URL must be set in production/],
    [
      {
        ...production,
        BOOKING_CALENDAR_URL: 'https://calendar.example.dk/feed.ics',
        BOOKING_SECRET: randomBytes(32).toString('hex'),
      },
      /^Configuration error: REDIS_URL must be set in production when booking is on: held and confirmed times and used answer links must outlive a restart/,
    ],
    [
      { ...production, EDITOR_REPO: 'praksis/hjemmeside' },
      /^Configuration error: ADMIN_HOST must be set in production when the editor is on \(EDITOR_REPO\)/,
    ],
    // A combination that cannot work.
    [
      { WEB_CONCURRENCY: '2' },
      /^Configuration error: REDIS_URL must be set when WEB_CONCURRENCY is above 1 \(got 2\): the workers share the forms' limits, held times and used answer links only through Redis/,
    ],
    // Behind a Heroku-style router without TRUST_PROXY.
    [
      { ...production, DYNO: 'web.1' },
      /^Configuration error: TRUST_PROXY must be 1 or more in production behind a Heroku-style router \(DYNO is set\)/,
    ],
    // A secret too plain to be random.
    [
      { HEALTHZ_TOKEN: 's3cret'.repeat(8) },
      /^Configuration error: HEALTHZ_TOKEN must be 32 to 256 letters, digits or \. _ ~ -, at least 8 of them different/,
    ],
  ]);
});

/** `node dist/server.js` (trusting the tests' certificate, as a private CA is trusted in production). */
async function startWithLog(env: Record<string, string>) {
  const server = await startTestServer(env);
  const msg = (pattern: RegExp) => server.waitForLine((l) => typeof l.msg === 'string' && pattern.test(l.msg));
  return { ...server, logLine: msg };
}

describe('the mail check at start-up: one log line within seconds', () => {
  test('a working SMTP server: mail ready, with host, port and the TLS version, at info', async () => {
    const smtp = await startSmtp({ auth: { user: 'web@example.dk', pass: 's3cret' } });
    const { child, output, logLine } = await startWithLog({
      SMTP_URL: smtp.url.replace('smtp://', 'smtp://web%40example.dk:s3cret@'),
    });
    try {
      const line = await logLine(/^mail ready/);
      expect(line).toMatchObject({
        level: 30,
        mail: `SMTP smtp://localhost:${smtp.port}`,
        tls: expect.stringMatching(/^TLSv1\.[23]$/),
      });
      expect(output()).not.toContain('s3cret');
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      await smtp.close();
    }
  });

  test('a refusing SMTP server: mail NOT ready with the code, at error, while pages are served', async () => {
    const smtp = await startSmtp();
    await smtp.close();
    const { child, port, logLine } = await startWithLog({ SMTP_URL: smtp.url });
    try {
      const line = await logLine(/^mail NOT ready/);
      expect(line).toMatchObject({ level: 50, code: 'ECONNREFUSED' });
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});

describe('graceful shutdown', () => {
  // SIGTERM during a slow mail send: test/graceful-shutdown.slow.test.ts.

  test('an idle server stops at once on SIGINT', async () => {
    const { child, lines, logLine } = await startWithLog({});
    child.kill('SIGINT');
    await logLine(/^stopped$/);
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    // At once: with nothing in flight it never waits out the grace (SHUTDOWN_GRACE_MS, worker.ts).
    const said = lines().map((l) => l.msg);
    expect(said).toContain('shutting down: finishing requests in flight, taking no new ones');
    expect(said.filter((m) => typeof m === 'string' && m.startsWith('requests still open'))).toEqual([]);
  });
});
