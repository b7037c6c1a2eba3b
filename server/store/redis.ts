import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { checkDurability } from './durability';
import { dataMarker, type DataMarker } from './marker';
import { configProblem, plainPortBehindTls, type ConfigProblem } from './redisProblems';

// The one way the stores (the forms' limits, booking's holds, the used answer links) talk to
// Redis: one client per process, made by the composition root (server/process/services.ts) and
// handed to every store; a request never waits for a Redis that is away, the client dials again
// by itself, and no message carries the password. A setting that keeps it from connecting (the
// password, the certificate, the scheme) is told once at error level (redisProblems.ts); an
// outage is the stores' to warn of (health.ts).

const REDIS_TIMEOUT_MS = 1_000;

/** REDIS_URL and its TLS settings (server/process/config/redis.ts). */
export interface RedisConnection {
  redisUrl: string;
  redisTlsRejectUnauthorized: boolean;
  redisTlsCa?: string | null;
}

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
  /** The settings keep Redis from connecting (told once at error level): the stores do not warn of it as of an outage. */
  misconfigured(): boolean;
  /** Tells a Redis that lost its data (server/store/marker.ts): booking's stores check it before they rely on Redis. */
  marker: DataMarker;
  close(): Promise<void>;
}

/** The client's settings: no command waits for a Redis that is away, and the client dials again by itself. */
function clientOptions(settings: RedisConnection, tls: boolean, ca: string | null): RedisOptions {
  return {
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
    ...(tls ? { tls: { rejectUnauthorized: settings.redisTlsRejectUnauthorized, ...(ca ? { ca } : {}) } } : {}),
  };
}

/** Resolves when connected, when the first attempt failed, or after the timeout: never holds up start-up. */
const firstAnswer = (client: Redis) =>
  new Promise<void>((resolve) => {
    client.once('ready', () => resolve());
    client.once('error', () => resolve());
    setTimeout(resolve, REDIS_TIMEOUT_MS).unref();
  });

/** How the start-up line says the connection is made. */
function howConnected(settings: RedisConnection, tls: boolean, ca: string | null): string {
  if (!tls) return 'without TLS';
  if (!settings.redisTlsRejectUnauthorized)
    return 'over TLS, certificate NOT verified (REDIS_TLS_REJECT_UNAUTHORIZED=0)';
  return ca ? 'over TLS, certificate verified with REDIS_TLS_CA' : 'over TLS, certificate verified';
}

/** The connection; its failures go to every store that watches it. */
export function connectRedis(settings: RedisConnection, logger: Logger): StoreRedis {
  const url = new URL(settings.redisUrl);
  const tls = url.protocol === 'rediss:';
  const ca = settings.redisTlsCa ?? null;
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

  const client = new Redis(settings.redisUrl, clientOptions(settings, tls, ca));

  let closing = false;
  let handshaking = false;
  let connectedOnce = false;
  let problem: ConfigProblem | null = null;
  const misconfigured = (found: ConfigProblem) => {
    if (problem?.check === found.check) return;
    problem = found;
    logger.error(
      { redis: where, variable: found.variable },
      `Redis at ${where} cannot be used as configured: ${found.check}. Check ${found.variable}; booking is refused with the phone number and the forms' limits count per process until Redis answers`,
    );
  };
  client.on('connect', () => {
    handshaking = true;
  });
  // Without an 'error' listener a lost connection would be printed unthrottled.
  client.on('error', (err: Error) => {
    const found = configProblem(err, { tls, ca: ca !== null, handshaking });
    handshaking = false;
    if (found) misconfigured(found);
    if (found || !tls || (err as { code?: string }).code !== 'ETIMEDOUT') return fail(err);
    // A TLS handshake that timed out: told as an outage only if TCP did not reach the port either.
    void plainPortBehindTls(url.hostname, Number(url.port || 6379), REDIS_TIMEOUT_MS).then((problem) => {
      if (problem) misconfigured(problem);
      fail(err);
    });
  });
  client.on('close', () => {
    handshaking = false;
    if (!closing) fail('connection closed');
  });
  client.on('ready', () => {
    handshaking = false;
    if (problem) logger.info({ redis: where }, `Redis at ${where} answers: the configuration problem is solved`);
    problem = null;
    // The start-up line, and what Redis keeps and may evict (durability.ts).
    if (!connectedOnce) {
      logger.info({ redis: where, tls }, `Redis at ${where} connected ${howConnected(settings, tls, ca)}`);
      void checkDurability(client, where, logger);
    }
    connectedOnce = true;
    for (const w of watchers) w.recovered();
  });

  return {
    client,
    where,
    reason,
    watch: (failed, recovered) => {
      watchers.push({ failed, recovered });
    },
    misconfigured: () => problem !== null,
    marker: dataMarker(client, where, logger),
    ready: firstAnswer(client),
    async close() {
      closing = true;
      client.disconnect();
    },
  };
}
