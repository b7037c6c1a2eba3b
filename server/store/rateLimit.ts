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
import { connectRedis, type StoreRedis } from './redis';

// Where the forms' rate limits count, so that each is one limit however many processes
// serve the site: with REDIS_URL in Redis (every worker on every machine), else with several
// workers in the cluster primary (server/process/cluster.ts), else in this process's memory. Two
// counts per form: per visitor, and the whole site's deliveries (server/forms/pipeline.ts).
// A store that fails never blocks a contact message: the pipeline lets the post through
// (passOnStoreError), because someone in distress must always be able to write; booking's counts
// go on per process meanwhile (CounterOptions). The log says so at most once a minute, and
// /healthz says how the limit is stored right now.

export type RateLimitState = 'memory' | 'cluster' | 'redis' | 'redis-unavailable';

/** How a form's count behaves while the shared store fails. */
export interface CounterOptions {
  /**
   * false (the contact form): the post goes through uncounted, so that someone in distress can
   * always write (decision 0003). true (booking): this process counts on its own meanwhile, so
   * that the limit still holds per process (decision 0014).
   */
  perProcessWhileFailing?: boolean;
}

export interface RateLimitStore {
  /**
   * A new count for express-rate-limit (one per limiter, as it insists), named: 'contact' and
   * 'site' are the contact form's visitor and site counts, any other name has keys of its own.
   */
  counter(name: string, options?: CounterOptions): Store;
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
/** A count's keys in Redis: the contact form's as they always were, any other form's under its name. */
export const redisPrefix = (name: string) =>
  name === 'contact' ? REDIS_KEY_PREFIX : name === 'site' ? REDIS_SITE_KEY_PREFIX : `psykolog-aalborg:rl:${name}:`;
const WARN_EVERY_MS = 60_000;

/**
 * The shared store, and while it fails this process's own memory: a form whose limit must hold
 * whatever happens (booking) is limited per process until the shared store answers again.
 */
class PerProcessWhileFailing implements Store {
  private readonly local = new MemoryStore();
  /** Keys counted here rather than in the shared store, so that a refund goes where the count went. */
  private readonly localNow = new Set<string>();
  readonly localKeys = false;
  constructor(
    private readonly shared: Store,
    private readonly failed: (reason: string) => void,
  ) {}
  async init(options: RateLimitOptions) {
    this.local.init(options);
    await this.shared.init?.(options);
  }
  async increment(key: string): Promise<IncrementResponse> {
    try {
      const counted = await this.shared.increment(key);
      this.localNow.delete(key);
      return counted;
    } catch (err) {
      this.failed(err instanceof Error ? err.message : String(err));
      this.localNow.add(key);
      return this.local.increment(key);
    }
  }
  async decrement(key: string) {
    if (this.localNow.has(key)) return this.local.decrement(key);
    await this.shared.decrement(key);
  }
  async resetKey(key: string) {
    this.local.resetKey(key);
    await this.shared.resetKey(key);
  }
}

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

const codeOf = (err: unknown) => String((err as { code?: unknown } | null)?.code ?? '').slice(0, 64);

/** express-rate-limit's own checks (ERR_ERL_*) are configuration errors; anything else came from the store. */
function rateLimitLogger(logger: Logger, storeFailed: (reason: string) => void): RateLimitLogger {
  const isCheck = (err: unknown) => codeOf(err).startsWith('ERR_ERL_');
  return {
    error(err, message) {
      // A check's message can quote what a client sent (an X-Forwarded-For value): its code only.
      if (isCheck(err)) logger.error({ code: codeOf(err) }, `express-rate-limit: ${codeOf(err)}`);
      else storeFailed(err instanceof Error ? err.message : String(err));
    },
    warn(err, message) {
      logger.warn({ code: codeOf(err) }, message ?? 'express-rate-limit');
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

function redisStore(config: Config & { redisUrl: string }, logger: Logger, shared?: StoreRedis): RateLimitStore {
  const warning = unenforcedWarning(logger, 'redis');
  // The worker's one connection; a test without one gets its own, closed with the store.
  const redis = shared ?? connectRedis(config);
  redis.watch(
    (reason) => warning.failed(reason),
    () => warning.recovered(),
  );
  const { client, where, fail: failed } = redis;

  const counter = (name: string, options: CounterOptions = {}) => {
    const store = new ReloadingRedisStore({
      prefix: redisPrefix(name),
      sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>,
    });
    // A Redis that is connected but does not answer (commands time out) is unavailable too.
    store.onCounted = () => warning.recovered();
    return options.perProcessWhileFailing ? new PerProcessWhileFailing(store, failed) : store;
  };

  return {
    counter,
    logger: rateLimitLogger(logger, failed),
    describe: `redis ${where}`,
    ready: redis.ready,
    state: () => (client.status === 'ready' && !warning.failing ? 'redis' : 'redis-unavailable'),
    close: shared ? async () => undefined : redis.close,
  };
}

/** The store for this process, from REDIS_URL and whether it is a cluster worker; `redis`: the worker's one connection. */
export function createRateLimitStore(config: Config, logger: Logger, redis?: StoreRedis): RateLimitStore {
  if (config.redisUrl) return redisStore({ ...config, redisUrl: config.redisUrl }, logger, redis);
  if (cluster.isWorker) {
    const warning = unenforcedWarning(logger, 'cluster');
    const failed = (reason: string) => warning.failed(reason);
    return {
      counter: (name, options = {}) => {
        const store = new ClusterMemoryStoreWorker({ prefix: name });
        return options.perProcessWhileFailing ? new PerProcessWhileFailing(store, failed) : store;
      },
      logger: rateLimitLogger(logger, failed),
      describe: 'cluster (counted by the primary for all workers)',
      ready: Promise.resolve(),
      state: () => 'cluster',
      close: async () => undefined,
    };
  }
  return {
    counter: () => new MemoryStore(),
    logger: rateLimitLogger(logger, (reason) => logger.warn({ reason }, 'contact rate limit store failed')),
    describe: 'memory',
    ready: Promise.resolve(),
    state: () => 'memory',
    close: async () => undefined,
  };
}
