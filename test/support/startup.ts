import { execFile } from 'node:child_process';
import { BUILT_SERVER } from '../../scripts/builtServer';

// Start-up's refusals of a bad configuration, each a process of its own: `node dist/server.js`
// as the Procfile runs it, with the case's variables, until it exits. One case of each kind runs
// in the fast suite (test/startup.test.ts), the variations in the slow one
// (test/startup-refusals.slow.test.ts); loadConfig's own tests check every message in-process.

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

/** A case: the variables, and the one line start-up must print. */
export type RefusalCase = [Record<string, string>, RegExp];

/**
 * One test per case: exit code 1, the line on stderr, one line only, and no secret of the case
 * (a URL's password, a too-plain secret) echoed.
 */
export function testRefusals(cases: RefusalCase[], secrets: string[] = ['s3cret']): void {
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
    return outcomes[i] as Promise<Refusal>;
  };
  test.each(cases.map(([env, message], i) => [env, message, i] as const))(
    '%j',
    async (_env, message, i) => {
      const { status, stderr } = await outcome(i);
      expect(status).toBe(1);
      expect(stderr).toMatch(message);
      expect(stderr.split('\n')).toHaveLength(1);
      for (const secret of secrets) expect(stderr).not.toContain(secret);
    },
    40_000,
  );
}
