import { SAMPLE_FEED } from './booking';
import { eventually } from './eventually';
import { send, startTestServer, type BuiltServer, type LogLine } from './builtServer';

// The built server with two workers (WEB_CONCURRENCY=2, as a dyno may run it) and booking on with
// the sample feed, for the tests of what happens when both answer at once
// (booking-race.test.ts, booking-answer-race.slow.test.ts).

/** The workers that have said they listen (their pids). */
const listening = (server: BuiltServer) =>
  new Set(
    server
      .lines()
      .filter((l) => typeof l.port === 'number')
      .map((l) => l.pid as number),
  );

/**
 * Started with `env` beyond booking's (one visitor may ask many times here: the caps have tests
 * of their own), once both workers listen and each has read the feed (a thread of its own per read).
 */
export async function startTwoWorkers(env: Record<string, string>): Promise<BuiltServer> {
  const server = await startTestServer({
    WEB_CONCURRENCY: '2',
    BOOKING_CALENDAR_URL: SAMPLE_FEED,
    BOOKING_RATE_LIMIT: '1000',
    BOOKING_SITE_LIMIT: '0',
    BOOKING_HOLDS_PER_VISITOR: '100',
    ...env,
  });
  await eventually(() => expect(listening(server).size).toBe(2), 10_000);
  await server.waitForLine(() => server.lines().filter((l) => /^booking on/.test(String(l.msg))).length >= 2, 30_000);
  return server;
}

let round = 0;
/**
 * The posts at once, each over its own connection (the kernel hands them to either worker): their
 * statuses and bodies, and from the log line `msg` of each, which worker answered and the outcome.
 * `from`: each post's visitor as the router names it (X-Forwarded-For, for a server with TRUST_PROXY=1).
 */
export async function postsAtOnce(
  server: BuiltServer,
  path: string,
  bodies: Record<string, unknown>[],
  msg: string,
  from?: (i: number) => string,
) {
  round += 1;
  const ids = bodies.map((_, i) => `at-once-${round}-${i}`);
  const headersOf = (i: number) => ({
    'X-Request-Id': ids[i] as string,
    ...(from ? { 'X-Forwarded-For': from(i) } : {}),
  });
  const answers = await Promise.all(
    bodies.map((json, i) => send(server.port, 'POST', path, { json, headers: headersOf(i) })),
  );
  const lines = await Promise.all(
    ids.map((id) =>
      server.waitForLine((l: LogLine) => l.msg === msg && (l.req as { id?: string } | undefined)?.id === id, 10_000),
    ),
  );
  return {
    statuses: answers.map((a) => a.status),
    bodies: answers.map((a) => a.body),
    pids: new Set(lines.map((l) => l.pid as number)),
    outcomes: lines.map((l) => l.outcome),
  };
}
