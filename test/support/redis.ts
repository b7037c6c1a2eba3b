import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { connectRedis, type StoreRedis } from '../../server/store/redis';
import { testCertFile, testKeyFile } from './tls';

// A real Redis (Debian's redis-server) on a free loopback port, with no persistence, for the
// tests of the shared rate limit. It can be stopped and started again on the same port, as when
// the Redis a site uses goes away for a while.

/** Debian's redis-server; REDIS_SERVER_PATH may name another build. */
const REDIS_SERVER = process.env.REDIS_SERVER_PATH || '/usr/bin/redis-server';
const hasRedis = existsSync(REDIS_SERVER);

export async function freePort(): Promise<number> {
  const srv = createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as { port: number };
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

export interface RedisServer {
  port: number;
  /** redis://[:password@]127.0.0.1:port, or rediss:// with tls */
  url: string;
  /** Stops the server (its data goes with it). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Stops the process where it is (SIGSTOP): it answers nothing, and keeps its data. */
  pause(): void;
  /** Lets it run again (SIGCONT): what was sent meanwhile runs now. */
  resume(): void;
}

/** tls: with the run's self-signed certificate (true), or a certificate and key of the test's own. */
type RedisOptions = { password?: string; tls?: boolean | { certFile: string; keyFile: string } };

export async function startRedis(options: RedisOptions = {}): Promise<RedisServer> {
  let port = await freePort();
  let child: ChildProcess | null = null;
  // Should jest end without the test's cleanup, the server goes with it.
  process.once('exit', () => child?.kill('SIGKILL'));

  async function start() {
    const args = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()];
    if (options.tls) {
      // By default the run's self-signed certificate (test/support/tls.ts), as Heroku's Key-Value Store has one.
      const own = typeof options.tls === 'object' ? options.tls : null;
      args.push(
        '--port',
        '0',
        '--tls-port',
        String(port),
        '--tls-cert-file',
        own?.certFile ?? testCertFile(),
        '--tls-key-file',
        own?.keyFile ?? testKeyFile(),
        '--tls-auth-clients',
        'no',
      );
    } else {
      args.push('--port', String(port));
    }
    if (options.password) args.push('--requirepass', options.password);
    const proc = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start within 5 s:\n${output}`)), 5_000);
      proc.stdout?.on('data', (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with code ${code}:\n${output}`));
      });
    });
  }

  async function stop() {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    // SIGKILL: Redis goes away as a crashed or unreachable server does, at once.
    proc.kill('SIGKILL');
    await once(proc, 'exit');
  }

  // A free port may be taken before redis-server binds it (by another test's outgoing connection): another port then.
  for (let attempt = 1; ; attempt++) {
    try {
      await start();
      break;
    } catch (err) {
      if (attempt >= 5 || !/Address already in use/.test((err as Error).message)) throw err;
      port = await freePort();
    }
  }
  const auth = options.password ? `:${encodeURIComponent(options.password)}@` : '';
  // Should a test end while it is stopped, the kill still ends it.
  const signal = (name: NodeJS.Signals) => () => void child?.kill(name);
  return {
    port,
    url: `${options.tls ? 'rediss' : 'redis'}://${auth}127.0.0.1:${port}`,
    start,
    stop,
    pause: signal('SIGSTOP'),
    resume: signal('SIGCONT'),
  };
}

/**
 * `describe` for tests that need redis-server. Without it: on CI a failing test says so;
 * elsewhere the block is skipped with a loud message.
 */
export function describeRedis(name: string, fn: () => void): void {
  if (hasRedis) {
    describe(name, fn);
    return;
  }
  const how = `${REDIS_SERVER} is missing. Install it with \`apt-get install -y redis-server\`.`;
  if (process.env.CI) {
    describe(name, () => {
      test('redis-server is installed', () => {
        throw new Error(`Redis tests cannot run on CI: ${how}`);
      });
    });
    return;
  }
  process.stderr.write(`\n*** SKIPPED Redis tests "${name}": ${how} ***\n\n`);
  describe.skip(name, fn);
}

/**
 * One redis-server for the test file (call inside describeRedis): started before its tests and
 * stopped after them, with every store client `connect` made (as the composition root makes its
 * one, server/store/redis.ts) closed. `flush` empties it between tests that need a clean slate.
 */
export function useRedis(options: RedisOptions = {}) {
  let server: RedisServer | undefined;
  const clients: StoreRedis[] = [];
  beforeAll(async () => {
    server = await startRedis(options);
  }, 20_000);
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error('useRedis: the server is started in beforeAll');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    stop: () => started().stop(),
    start: () => started().start(),
    pause: () => started().pause(),
    resume: () => started().resume(),
    /** A store client as the composition root makes it, once connected (closed after the file); its lines go to `logger`. */
    async connect(logger: Logger = pino({ level: 'silent' })): Promise<StoreRedis> {
      const client = connectRedis({ redisUrl: started().url, redisTlsRejectUnauthorized: false }, logger);
      clients.push(client);
      await client.ready;
      return client;
    },
    async flush() {
      const client = new Redis(started().url);
      try {
        await client.flushall();
      } finally {
        client.disconnect();
      }
    },
  };
}

/**
 * The operator's re-arm after Redis lost its data, as docs/operations.md has it: `npm run
 * redis:rearm`, that is the built server's dist/rearm.js, with the site's REDIS_URL.
 */
export function rearmRedis(redisUrl: string): void {
  execFileSync(process.execPath, [path.resolve('dist/rearm.js')], {
    env: { ...process.env, NODE_ENV: 'test', REDIS_URL: redisUrl, BOOKING_CALENDAR_URL: '' },
  });
}
