import { Redis } from 'ioredis';

// The one way the stores (the forms' limits, booking's holds, the used answer links) talk to
// Redis: one client per process, made by the composition root (server/process/services.ts) and
// handed to every store; a request never waits for a Redis that is away, the client dials again
// by itself, and no message carries the password.

const REDIS_TIMEOUT_MS = 1_000;

export interface StoreRedis {
  client: Redis;
  /** host:port, for the start-up line. */
  where: string;
  /** Resolves when connected, when the first attempt failed, or after the timeout: never holds up start-up. */
  ready: Promise<void>;
  /** A failure as a log line may show it: where Redis is, never the password. */
  reason(err: unknown): string;
  /** A store's reaction to the connection failing (a reason, as `reason` gives it) and to Redis answering again. */
  watch(failed: (reason: string) => void, recovered: () => void): void;
  close(): Promise<void>;
}

/** The connection; its failures go to every store that watches it. */
export function connectRedis(options: { redisUrl: string; redisTlsRejectUnauthorized: boolean }): StoreRedis {
  const url = new URL(options.redisUrl);
  const where = `${url.protocol}//${url.hostname}:${url.port || 6379}`;
  const password = decodeURIComponent(url.password);
  // A reason may quote the server or the URL: never with the password in it.
  const scrub = (text: string) => (password ? text.split(password).join('***') : text);
  const reason = (err: unknown) => scrub(`Redis at ${where}: ${err instanceof Error ? err.message : String(err)}`);
  const watchers: { failed: (reason: string) => void; recovered: () => void }[] = [];
  const fail = (err: unknown) => {
    const text = reason(err);
    for (const w of watchers) w.failed(text);
  };

  const client = new Redis(options.redisUrl, {
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    // A Redis that takes the connection but stops answering is dropped and dialled again.
    socketTimeout: REDIS_TIMEOUT_MS,
    // While Redis is away a command fails at once (and the store's policy applies) instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnects for ever, at most every 2 s, so the stores resume without a restart.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    // At shutdown nothing is pending: do not hold the process for a reply to the goodbye.
    disconnectTimeout: 200,
    ...(url.protocol === 'rediss:' ? { tls: { rejectUnauthorized: options.redisTlsRejectUnauthorized } } : {}),
  });
  let closing = false;
  // Without an 'error' listener a lost connection would be printed unthrottled.
  client.on('error', (err: Error) => fail(err));
  client.on('close', () => {
    if (!closing) fail('connection closed');
  });
  client.on('ready', () => {
    for (const w of watchers) w.recovered();
  });

  return {
    client,
    where,
    reason,
    watch: (failed, recovered) => {
      watchers.push({ failed, recovered });
    },
    ready: new Promise((resolve) => {
      client.once('ready', () => resolve());
      client.once('error', () => resolve());
      setTimeout(resolve, REDIS_TIMEOUT_MS).unref();
    }),
    async close() {
      closing = true;
      client.disconnect();
    },
  };
}
