import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { eventually } from './support/eventually';
import { startTestServer, visitorMessage, type LogLine } from './support/builtServer';
import { type SmtpOptions, useSmtp } from './support/smtp';

// A deploy while visitors' messages are on their way: the built server, SIGTERM while the SMTP
// server holds the messages. In the slow suite (`npm run test:slow`). What the visitor and the
// practice notice: every message in flight is delivered and told "sent", no message arrives that
// its sender was told had failed, and nothing is taken on a connection after the stop
// (server/process/drain.ts), so that the new release answers it instead.

describe('graceful shutdown', () => {
  // A server for each test, holding each message as long as the test says (read on each message).
  const options: SmtpOptions = {};
  const smtp = useSmtp(options, 'test');

  test('SIGTERM while the mail server holds its reply 12 s: the post is delivered once and told "sent", the process exits 0', async () => {
    options.delayMs = 12_000;
    const { child, port, output, exited } = await startTestServer({ SMTP_URL: smtp.url });
    try {
      const reply = fetch(`http://127.0.0.1:${port}/api/contact.php`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(visitorMessage),
      });
      // The signal comes while the SMTP server holds the message (its data has begun to arrive).
      await eventually(() => expect(smtp.started).toBe(1), 10_000);
      child.kill('SIGTERM');
      const res = await reply;
      expect(res.status).toBe(200);
      expect(res.headers.get('connection')).toBe('close');
      expect(await res.json()).toEqual({ success: true });
      expect(await exited).toBe(0);
      expect(smtp.received).toHaveLength(1);
      expect(output()).toContain('shutting down');
    } finally {
      child.kill('SIGKILL');
    }
  }, 40_000);

  test('a keep-alive client posting every 50 ms across SIGTERM: every answer after it says Connection: close, nothing is taken on an old connection, nothing delivered that failed', async () => {
    options.delayMs = 300;
    const server = await startTestServer({ SMTP_URL: smtp.url, CONTACT_RATE_LIMIT: '10000', CONTACT_SITE_LIMIT: '0' });
    const agent = new Agent({ keepAlive: true });
    interface Post {
      id: string;
      /** When a connection was given to it (the client's clock): it is written at once on a kept one. */
      sentAt?: number;
      reused?: boolean;
      status?: number;
      connection?: string;
      error?: string;
    }
    const posts: Post[] = [];
    const sockets = new WeakMap<Socket, number>();
    const post = (n: number) =>
      new Promise<void>((resolve) => {
        const entry: Post = { id: `deploy-${n}` };
        posts.push(entry);
        const body = JSON.stringify({ ...visitorMessage, message: `Hej, besked ${entry.id} her.` });
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: '/api/contact.php',
            agent,
            headers: { 'Content-Type': 'application/json', 'X-Request-Id': entry.id },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              entry.status = res.statusCode;
              entry.connection = String(res.headers.connection);
              resolve();
            });
          },
        );
        req.on('socket', (socket: Socket) => {
          entry.sentAt = Date.now();
          entry.reused = sockets.has(socket);
          sockets.set(socket, n);
        });
        req.on('error', (err: NodeJS.ErrnoException) => {
          entry.error = err.code ?? err.message;
          resolve();
        });
        req.end(body);
      });

    let stop = false;
    const inFlight: Promise<void>[] = [];
    const traffic = (async () => {
      for (let n = 0; !stop; n++) {
        inFlight.push(post(n));
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    try {
      // Connections are kept and reused before the deploy.
      await eventually(
        () => expect(posts.filter((p) => p.status === 200 && p.reused).length).toBeGreaterThan(10),
        15_000,
      );
      server.child.kill('SIGTERM');
      const stopLine = await server.waitForLine((l) => String(l.msg).startsWith('shutting down'));
      const stoppedAt = stopLine.time as number;
      expect(await server.exited).toBe(0);
      // Posts go on after the exit too: those the old release could have taken are all sent.
      const afterExit = posts.length;
      await eventually(() => expect(posts.length).toBeGreaterThan(afterExit + 5));
      stop = true;
      await traffic;
      await Promise.all(inFlight);

      const answered = posts.filter((p) => p.status !== undefined);
      const logged = (id: string) =>
        server.lines().find((l: LogLine) => (l.req as { id?: string } | undefined)?.id === id && l.res);
      // Every answer the server finished after the stop began said Connection: close.
      const answeredAfter = answered.filter((p) => ((logged(p.id)?.time as number | undefined) ?? 0) > stoppedAt);
      expect(answeredAfter.length).toBeGreaterThan(0);
      expect(answeredAfter.filter((p) => p.connection !== 'close')).toEqual([]);
      // Nothing sent after the stop began was taken: kept connections were closed, new ones refused.
      const sentAfter = posts.filter((p) => (p.sentAt ?? Number.POSITIVE_INFINITY) > stoppedAt);
      expect(sentAfter.length).toBeGreaterThan(5);
      expect(sentAfter.filter((p) => p.status !== undefined)).toEqual([]);
      // Told "sent" means delivered once; a post that failed (any way) was not delivered.
      const deliveries = (p: Post) => smtp.received.filter((m) => m.raw.includes(`besked ${p.id} her`)).length;
      for (const p of posts)
        expect({ id: p.id, delivered: deliveries(p) }).toEqual({ id: p.id, delivered: p.status === 200 ? 1 : 0 });
      expect(posts.filter((p) => p.status !== undefined && p.status !== 200)).toEqual([]);
    } finally {
      stop = true;
      agent.destroy();
      server.kill();
    }
  }, 60_000);
});
