import { once } from 'node:events';
import { startTestServer } from './support/builtServer';
import { CONFIG_REFUSALS, expectRefused, refusedByServer, refusedInProcess } from './support/refusals';
import { refusingSmtpUrl, useSmtp } from './support/smtp';

// The built server as the Procfile runs it: `node dist/server.js`.

describe('start-up refuses bad configuration with one line naming the variable', () => {
  // Each case by start-up's own checks in this process; every case through the built server: startup.slow.test.ts.
  test.each(CONFIG_REFUSALS)('%j', async (env, message) => {
    expectRefused(await refusedInProcess(env), message);
  });

  test('the built server prints that line alone and exits 1 (a URL with a password, a bad number)', async () => {
    const cases = [CONFIG_REFUSALS.find(([env]) => env.REDIS_URL?.includes('s3cret')), CONFIG_REFUSALS[0]];
    const refused = await Promise.all(cases.map((c) => refusedByServer(c?.[0] ?? {})));
    for (const [i, refusal] of refused.entries()) expectRefused(refusal, cases[i]?.[1] as RegExp);
  }, 40_000);
});

/** `node dist/server.js` (trusting the tests' certificate, as a private CA is trusted in production). */
async function startWithLog(env: Record<string, string>) {
  const server = await startTestServer(env);
  const msg = (pattern: RegExp) => server.waitForLine((l) => typeof l.msg === 'string' && pattern.test(l.msg));
  return { ...server, logLine: msg };
}

describe('the mail check at start-up: one log line within seconds', () => {
  const smtp = useSmtp({ auth: { user: 'web@example.dk', pass: 's3cret' } });
  test('a working SMTP server: mail ready, with host, port and the TLS version, at info', async () => {
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
    }
  });

  test('a refusing SMTP server: mail NOT ready with the code, at error, while pages are served', async () => {
    const { child, port, logLine } = await startWithLog({ SMTP_URL: await refusingSmtpUrl() });
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
