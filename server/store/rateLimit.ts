import cluster from 'node:cluster';
import { ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store';
import {
  MemoryStore,
  type IncrementResponse,
  type Logger as RateLimitLogger,
  type Options as RateLimitOptions,
  type Store,
} from 'express-rate-limit';
import type { Logger } from 'pino';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Config } from '../process/config';
import { connectRedis } from './redis';

// Where the contact form's rate limits count, so that each is one limit however many processes
// serve the site: with REDIS_URL in Redis (every worker on every machine), else with several
// workers in the cluster primary (server/process/cluster.ts), else in this process's memory. Two
// counts: per visitor, and the whole site's deliveries (server/contact/endpoint.ts).
// A store that fails never blocks a message: server/contact/endpoint.ts lets the post through
// (passOnStoreError), because someone in distress must always be able to write. The log then
// says so at most once a minute, and /healthz says how the limit is stored right now.

type RateLimitState = 'memory' | 'cluster' | 'redis' | 'redis-unavailable';

export interface RateLimitStore {
  /** For express-rate-limit: the count per visitor. */
  store: Store;
  /** For express-rate-limit: the count of the whole site (one key). */
  siteStore: Store;
  /** express-rate-limit's errors into our log; a failing store becomes the throttled warning. */
  logger: RateLimitLogger;
  /** For the start-up line; never a secret. */
  describe: string;
  /** Resolves when the store can count, or after at most a second: start-up waits for it. */
  ready: Promise<void>;
  /** What /healthz reports. */
  state(): RateLimitState;
  close(): Promise<void>;
}

/** The site's own keys in a Redis that may be shared; each holds a visitor IP for one window. */
export const REDIS_KEY_PREFIX = 'psykolog-aalborg:rl:contact:';
/** The one key of the whole site's count. */
export const REDIS_SITE_KEY_PREFIX = 'psykolog-aalborg:rl:site:';
/** A failing store is logged at most once a minute (and once when it counts again). */
const WARN_EVERY_MS = 60_000;

/** "Not enforced" at most once a minute while the store fails; "enforced again" once it answers. */
function unenforcedWarning(logger: Logger, store: string) {
  let lastWarned = -Infinity;
  const warning = {
    failing: false,
    failed(reason: string) {
      if (Date.now() - lastWarned >= WARN_EVERY_MS) {
        lastWarned = Date.now();
        logger.warn(
          { rateLimit: store, reason },
          `contact rate limit not enforced: ${reason}; messages are let through until the ${store} store answers again`,
        );
      }
      warning.failing = true;
    },
    recovered() {
      if (!warning.failing) return;
      warning.failing = false;
      logger.info({ rateLimit: store }, `contact rate limit enforced again: the ${store} store answers`);
    },
  };
  return warning;
}

/** express-rate-limit's own checks (ERR_ERL_*) are configuration errors; anything else came from the store. */
function rateLimitLogger(logger: Logger, storeFailed: (reason: string) => void): RateLimitLogger {
  const isCheck = (err: unknown) => String((err as { code?: unknown } | null)?.code ?? '').startsWith('ERR_ERL_');
  return {
    error(err, message) {
      if (isCheck(err)) logger.error({ err }, message ?? 'express-rate-limit');
      else storeFailed(err instanceof Error ? err.message : String(err));
    },
    warn(err, message) {
      logger.warn({ err }, message ?? 'express-rate-limit');
    },
  };
}

/**
 * rate-limit-redis loads its Lua script once, in init(): had Redis been down then, every later
 * count would fail on that one rejected load until a restart. This loads it again after any
 * failure, so counting resumes by itself when Redis is back (NOSCRIPT after a Redis restart is
 * handled by rate-limit-redis itself).
 */
class ReloadingRedisStore extends RedisStore {
  private scriptLoaded = false;
  /** Called after each count that Redis answered. */
  onCounted: () => void = () => undefined;

  override async init(options: RateLimitOptions): Promise<void> {
    this.windowMs = options.windowMs;
    // A failure here is reported by the client's 'error' event; the first count tries again.
    await this.loadScript().catch(() => undefined);
  }

  override async increment(key: string): Promise<IncrementResponse> {
    try {
      if (!this.scriptLoaded) await this.loadScript();
      const counted = await super.increment(key);
      this.onCounted();
      return counted;
    } catch (err) {
      this.scriptLoaded = false;
      throw err;
    }
  }

  private async loadScript(): Promise<void> {
    this.incrementScriptSha = this.loadIncrementScript();
    await this.incrementScriptSha;
    this.scriptLoaded = true;
  }
}

function redisStore(config: Config & { redisUrl: string }, logger: Logger): RateLimitStore {
  const warning = unenforcedWarning(logger, 'redis');
  const redis = connectRedis(
    config,
    (reason) => warning.failed(reason),
    () => warning.recovered(),
  );
  const { client, where, fail: failed } = redis;

  const storeFor = (prefix: string) => {
    const store = new ReloadingRedisStore({
      prefix,
      sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>,
    });
    // A Redis that is connected but does not answer (commands time out) is unavailable too.
    store.onCounted = () => warning.recovered();
    return store;
  };

  return {
    store: storeFor(REDIS_KEY_PREFIX),
    siteStore: storeFor(REDIS_SITE_KEY_PREFIX),
    logger: rateLimitLogger(logger, failed),
    describe: `redis ${where}`,
    ready: redis.ready,
    state: () => (client.status === 'ready' && !warning.failing ? 'redis' : 'redis-unavailable'),
    close: redis.close,
  };
}

/** The store for this process, from REDIS_URL and whether it is a cluster worker. */
export function createRateLimitStore(config: Config, logger: Logger): RateLimitStore {
  if (config.redisUrl) return redisStore({ ...config, redisUrl: config.redisUrl }, logger);
  if (cluster.isWorker) {
    const warning = unenforcedWarning(logger, 'cluster');
    return {
      store: new ClusterMemoryStoreWorker({ prefix: 'contact' }),
      siteStore: new ClusterMemoryStoreWorker({ prefix: 'site' }),
      logger: rateLimitLogger(logger, (reason) => warning.failed(reason)),
      describe: 'cluster (counted by the primary for all workers)',
      ready: Promise.resolve(),
      state: () => 'cluster',
      close: async () => undefined,
    };
  }
  return {
    store: new MemoryStore(),
    siteStore: new MemoryStore(),
    logger: rateLimitLogger(logger, (reason) => logger.warn({ reason }, 'contact rate limit store failed')),
    describe: 'memory',
    ready: Promise.resolve(),
    state: () => 'memory',
    close: async () => undefined,
  };
}
