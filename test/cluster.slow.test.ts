import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from './support/eventually';
import { alive, postContact, send, startTestServer, visitorMessage, type BuiltServer } from './support/builtServer';
import { asOperator } from './support/operator';
import { useSmtp } from './support/smtp';
import { useRedis } from './support/redis';

// WEB_CONCURRENCY=2 on the built server, with the Redis several workers require (decision 0028):
// a primary and two workers on one port, as a Heroku-style dyno runs it. What a visitor or an operator would notice: the contact limit
// is per visitor (not per worker), a worker that dies is replaced while the other answers (its own
// requests fail at once, none is left hanging), and a deploy (SIGTERM) lets a message being sent
// finish.

const redis = useRedis();

const listeningPids = (server: BuiltServer) =>
  server
    .lines()
    .filter((l) => typeof l.port === 'number')
    .map((l) => l.pid as number);
let probes = 0;
/** GET / over a new connection; resolves with the pid of the worker whose request log line has its id. */
async function answeredBy(server: BuiltServer): Promise<number> {
  const id = `probe-${++probes}`;
  const answer = await send(server.port, 'GET', '/', { headers: { 'X-Request-Id': id } });
  expect(answer.status).toBe(200);
  const line = await server.waitForLine((l) => (l.req as { id?: string } | undefined)?.id === id, 5_000);
  return line.pid as number;
}

describe('WEB_CONCURRENCY=2', () => {
  let outbox: string;
  let server: BuiltServer;

  beforeAll(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), 'cluster-outbox-'));
    server = await startTestServer({
      WEB_CONCURRENCY: '2',
      REDIS_URL: redis.url,
      OUTBOX_DIR: outbox,
      CONTACT_RATE_LIMIT: '4',
      TRUST_PROXY: '1',
    });
    // Both workers listen before the tests count on them.
    await eventually(() => expect(new Set(listeningPids(server)).size).toBe(2), 10_000);
  }, 20_000);

  afterAll(async () => {
    server?.kill();
    await rm(outbox, { recursive: true, force: true });
  });

  test('the contact limit holds across the workers: both answer, the fifth post is refused', async () => {
    expect(JSON.parse((await send(server.port, 'GET', '/healthz', { headers: asOperator })).body)).toEqual({
      status: 'ok',
      rateLimit: 'redis',
    });
    // Which worker takes a connection is the kernel's choice: a visitor whose five posts all reached
    // one worker would prove nothing (that worker's own count refuses the fifth too), so another
    // visitor tries until one visitor's posts reached both workers.
    for (let visitor = 1; ; visitor++) {
      const statuses: number[] = [];
      const pids = new Set<number>();
      for (let i = 0; i < 5; i++) {
        const id = `limit-${visitor}-${i}`;
        const answer = await send(server.port, 'POST', '/api/contact.php', {
          json: visitorMessage,
          headers: { 'X-Forwarded-For': `203.0.113.${visitor}`, 'X-Request-Id': id },
        });
        statuses.push(answer.status);
        pids.add(
          (await server.waitForLine((l) => (l.req as { id?: string } | undefined)?.id === id, 5_000)).pid as number,
        );
      }
      // Per-worker counting would have let each worker take four.
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      if (pids.size === 2) break;
      expect(visitor).toBeLessThan(10);
    }
  });

  test('a worker killed with SIGKILL is replaced after a pause (longer when it dies young again); the other one answers meanwhile', async () => {
    const [victim, survivor] = listeningPids(server) as [number, number];
    process.kill(victim, 'SIGKILL');
    const died = await server.waitForLine((l) => l.worker === victim && /died/.test(String(l.msg)));
    expect(died).toMatchObject({ signal: 'SIGKILL', restartInMs: 500 });
    // The replacement waits out its back-off: these are answered by the survivor alone.
    for (let i = 0; i < 4; i++) expect(await answeredBy(server)).toBe(survivor);

    const replacement = await server.waitForLine(
      (l) => typeof l.port === 'number' && l.pid !== victim && l.pid !== survivor,
    );
    expect(alive(victim)).toBe(false);
    // Connections go to the workers in turn: the new one answers too.
    await eventually(async () => expect(await answeredBy(server)).toBe(replacement.pid));

    // Dying young again: the pause before the next one doubles (a crash loop does not spin the CPU).
    process.kill(replacement.pid as number, 'SIGKILL');
    const again = await server.waitForLine((l) => l.worker === replacement.pid && /died/.test(String(l.msg)));
    expect(again).toMatchObject({ signal: 'SIGKILL', restartInMs: 1000 });
    expect(await answeredBy(server)).toBe(survivor);
  });
});

test('workers killed under traffic leave no visitor waiting: each request is answered or fails at once', async () => {
  const server = await startTestServer({ WEB_CONCURRENCY: '2', REDIS_URL: redis.url });
  let stop = false;
  const outcomes: { ok: boolean; ms: number }[] = [];
  // Visitors one after another on 12 connections at a time, each request on a connection of its own.
  const visitor = async () => {
    while (!stop) {
      const started = Date.now();
      const answered = await Promise.race([
        send(server.port, 'GET', '/').then(
          (a) => a.status === 200,
          () => false,
        ),
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 4_000)),
      ]);
      outcomes.push({ ok: answered === true, ms: Date.now() - started });
      if (answered === 'hung') return;
    }
  };
  try {
    await eventually(() => expect(new Set(listeningPids(server)).size).toBe(2), 10_000);
    const traffic = Array.from({ length: 12 }, visitor);
    // Two kills, the second once the first one's replacement listens (after 0.5 s).
    // Each kill, and the end, comes once the visitors have had 40 more answers (the traffic is on).
    const moreAnswers = async () => {
      const seen = outcomes.length;
      await eventually(() => expect(outcomes.length).toBeGreaterThanOrEqual(seen + 40), 10_000);
    };
    for (let kill = 0; kill < 2; kill++) {
      await moreAnswers();
      const known = listeningPids(server);
      process.kill(known.filter(alive).pop()!, 'SIGKILL');
      await server.waitForLine((l) => typeof l.port === 'number' && !known.includes(l.pid as number));
    }
    await moreAnswers();
    stop = true;
    await Promise.all(traffic);
    // Nobody waited: a request the killed worker had fails at once (the form then says "not sent").
    expect(outcomes.filter((o) => o.ms >= 4_000)).toEqual([]);
    expect(outcomes.filter((o) => !o.ok).length).toBeLessThan(outcomes.length / 10);
    expect(outcomes.length).toBeGreaterThan(100);
  } finally {
    stop = true;
    server.kill();
  }
}, 30_000);

describe('SIGTERM with WEB_CONCURRENCY=2 while a worker is sending a slow mail', () => {
  // A server for each test that holds each message 1.5 s (its count of messages begun starts at 0).
  const smtp = useSmtp({ delayMs: 1500 }, 'test');
  // Sent by the operator to the primary, or by a Heroku-style host to every process at once.
  test.each([
    ['the primary', false],
    ['the whole process group', true],
  ])('to %s: the mail is delivered, the visitor gets 200, every process exits 0', async (_to, group) => {
    const server = await startTestServer(
      { WEB_CONCURRENCY: '2', REDIS_URL: redis.url, SMTP_URL: smtp.url },
      { detached: group },
    );
    try {
      await eventually(() => expect(new Set(listeningPids(server)).size).toBe(2), 10_000);
      const workers = listeningPids(server);
      const reply = postContact(server.port);
      await eventually(() => expect(smtp.started).toBe(1));
      if (group) process.kill(-server.child.pid!, 'SIGTERM');
      else server.child.kill('SIGTERM');

      const answer = await reply;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ success: true });
      expect(await server.exited).toBe(0);
      expect(smtp.received).toHaveLength(1);
      const stopped = server.lines().filter((l) => /^worker \d+ stopped/.test(String(l.msg)));
      expect(stopped.map((l) => [l.worker, l.code]).sort()).toEqual(workers.map((pid) => [pid, 0]).sort());
      for (const pid of workers) expect(alive(pid)).toBe(false);
    } finally {
      server.kill();
    }
  });
});

test('WEB_CONCURRENCY=2 on a port in use: start-up stops with the reason, no restarting for ever', async () => {
  const taken = createServer().listen(0, '127.0.0.1');
  await once(taken, 'listening');
  const { port } = taken.address() as { port: number };
  try {
    const server = startTestServer({ WEB_CONCURRENCY: '2', REDIS_URL: redis.url, PORT: String(port) });
    await expect(server).rejects.toThrow(/exited with code 1[\s\S]*Cannot listen on port \d+: .*EADDRINUSE/);
  } finally {
    taken.close();
  }
});
