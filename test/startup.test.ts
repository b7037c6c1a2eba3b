import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { BUILT_SERVER } from '../scripts/builtServer';
import { startTestServer } from './support/builtServer';
import { startSmtp } from './support/smtp';

// The built server as the Procfile runs it: `node dist/server.js`.
const baseEnv = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'info' };

interface Refusal {
  status: number | null;
  stderr: string;
}

/** `node dist/server.js` with `env`, until it exits: its exit code and what it wrote to stderr. */
function refuses(env: Record<string, string>): Promise<Refusal> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BUILT_SERVER],
      { env: { ...baseEnv, ...env }, encoding: 'utf8', timeout: 30_000 },
      (err, _stdout, stderr) =>
        resolve({ status: err ? (typeof err.code === 'number' ? err.code : null) : 0, stderr: stderr.trim() }),
    );
  });
}

/** Runs `jobs` at most `limit` at a time; the results in order. */
function inTurns<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T>[] {
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

describe('start-up refuses bad configuration with one line naming the variable', () => {
  const cases: [Record<string, string>, RegExp][] = [
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
    [{ NODE_ENV: 'production' }, /SMTP_URL must be set in production/],
    [{ BASE_URL: 'www.example.dk' }, /BASE_URL must be an absolute http\(s\) URL/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY must be a whole number/],
    [{ MAIL_TO: 'nobody' }, /MAIL_TO must be an email address/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ CONTACT_RATE_LIMIT: '0' }, /CONTACT_RATE_LIMIT must be a whole number/],
    [
      { WEB_CONCURRENCY: '0' },
      /^Configuration error: WEB_CONCURRENCY must be a whole number from 1 to 64 \(got "0"\)$/,
    ],
    [{ WEB_CONCURRENCY: 'auto' }, /WEB_CONCURRENCY must be a whole number from 1 to 64/],
    [{ WEB_CONCURRENCY: '65' }, /WEB_CONCURRENCY must be a whole number from 1 to 64/],
    [
      { WEB_CONCURRENCY: '2' },
      /^Configuration error: REDIS_URL must be set when WEB_CONCURRENCY is above 1 \(got 2\): the workers share the forms' limits, held times and used answer links only through Redis/,
    ],
    [
      {
        NODE_ENV: 'production',
        SMTP_URL: 'smtps://web:pw@smtp.example.dk',
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
  ];
  // Each case is a process of its own that loads the whole bundle before it refuses: they run
  // two at a time from the first test on, and each test awaits its own. At load average 25 one
  // took over 10 s: each may take 30 s.
  let outcomes: Promise<Refusal>[] | undefined;
  const outcome = (i: number) => {
    outcomes ??= inTurns(
      cases.map(
        ([env]) =>
          () =>
            refuses(env),
      ),
      2,
    );
    return outcomes[i]!;
  };

  test.each(cases.map(([env, message], i) => [env, message, i] as const))(
    '%j',
    async (_env, message, i) => {
      const { status, stderr } = await outcome(i);
      expect(status).toBe(1);
      expect(stderr).toMatch(message);
      expect(stderr.split('\n')).toHaveLength(1);
      // A URL's password is never echoed.
      expect(stderr).not.toContain('s3cret');
    },
    40_000,
  );
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
