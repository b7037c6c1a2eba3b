import {
  MemoryStore,
  type IncrementResponse,
  type Logger as RateLimitLogger,
  type Options as RateLimitOptions,
  type Store,
} from 'express-rate-limit';
import type { Logger } from 'pino';
import { storeHealth, type StoreHealth, type StoreState } from './health';
import type { StoreRedis } from './redis';

// Where the forms' rate limits count, so that each is one limit however many processes serve
// the site: with REDIS_URL in Redis (every worker on every machine), else in this process's
// memory (one process: WEB_CONCURRENCY above 1 needs Redis, server/process/config/redis.ts). Two counts
// per form: per visitor, and the whole site's (server/forms/pipeline.ts).
// While Redis fails, every form (the contact form too) counts in this process's memory instead,
// the visitor's and the site's limit alike, each worker its share of the limit (the limit over
// WEB_CONCURRENCY), also for one window after Redis answers again, and the shared count resumes
// then (decisions 0027 and 0041): a flood gets no more while Redis is away, and nobody is refused
// for it who is within their share.

export interface RateLimitStore {
  /**
   * A new count for express-rate-limit (one per limiter, as it insists), named: each name has
   * keys of its own (a form's two names are in its FormDefinition's `counters`).
   */
  counter(name: string): Store;
  /** express-rate-limit's errors into our log; a failing store becomes the throttled warning. */
  logger: RateLimitLogger;
  /** For the start-up line; never a secret. */
  describe: string;
  /** What /healthz reports. */
  state(): StoreState;
}

/** A count's keys in the site's own part of a Redis that may be shared: each holds a visitor IP (or 'site') for one window. */
export const counterKeyPrefix = (name: string) => `psykolog-aalborg:rl:${name}:`;

/**
 * Redis, and while it fails this process's own memory as a worker's share. Every hit is counted
 * here too (what this process served in its own window), so that while Redis fails, and for one
 * window after (a Redis that restarted empty has forgotten the hits before), the count is at
 * least this process's own times the workers on the machine: each worker lets a visitor have its
 * share of the limit, not the whole limit each (docs/under-fire.md has the measured figure).
 */
class WorkerShareWhileFailing implements Store {
  private readonly own = new MemoryStore();
  /** Keys whose last hit Redis counted, so that a refund goes where the count went. */
  private readonly sharedNow = new Set<string>();
  private windowMs = 0;
  readonly localKeys = false;
  constructor(
    private readonly shared: Store,
    private readonly failed: (err: unknown) => void,
    private readonly workers: number,
    /** When this process last saw Redis fail (-Infinity: never). */
    private readonly failedAt: () => number,
  ) {}
  async init(options: RateLimitOptions) {
    this.windowMs = options.windowMs;
    this.own.init(options);
    await this.shared.init?.(options);
  }
  async increment(key: string): Promise<IncrementResponse> {
    const own = await this.own.increment(key);
    let counted: IncrementResponse | null = null;
    try {
      counted = await this.shared.increment(key);
      this.sharedNow.add(key);
    } catch (err) {
      this.failed(err);
      this.sharedNow.delete(key);
    }
    if (counted && Date.now() - this.failedAt() > this.windowMs) return counted;
    const asShare = { totalHits: own.totalHits * this.workers, resetTime: own.resetTime };
    return counted && counted.totalHits >= asShare.totalHits ? counted : asShare;
  }
  async decrement(key: string) {
    await this.own.decrement(key);
    if (this.sharedNow.has(key)) await this.shared.decrement(key);
  }
  async resetKey(key: string) {
    await this.own.resetKey(key);
    await this.shared.resetKey(key);
  }
}

const codeOf = (err: unknown) => String((err as { code?: unknown } | null)?.code ?? '').slice(0, 64);

/** express-rate-limit's own checks (ERR_ERL_*) are configuration errors; anything else came from the store. */
function rateLimitLogger(logger: Logger, storeFailed: (err: unknown) => void): RateLimitLogger {
  const isCheck = (err: unknown) => codeOf(err).startsWith('ERR_ERL_');
  return {
    error(err, _message) {
      // A check's message can quote what a client sent (an X-Forwarded-For value): its code only.
      if (isCheck(err)) logger.error({ code: codeOf(err) }, `express-rate-limit: ${codeOf(err)}`);
      else storeFailed(err);
    },
    warn(err, message) {
      logger.warn({ code: codeOf(err) }, message ?? 'express-rate-limit');
    },
  };
}

/**
 * One count in Redis, on the process's one client: the first hit of a window sets the key to 1
 * with the window as its time to live, every later hit adds one (the same script rate-limit-redis
 * runs). Sent whole with each hit (EVAL), as the other stores' scripts are: nothing to load first,
 * so counting resumes by itself when Redis is back, restarted or not.
 */
const INCREMENT_SCRIPT = `
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then
  redis.call('SET', KEYS[1], 1, 'PX', ARGV[1])
  return { 1, tonumber(ARGV[1]) }
end
return { redis.call('INCR', KEYS[1]), ttl }`;

class RedisCount implements Store {
  private windowMs = 0;
  readonly localKeys = false;
  constructor(
    private readonly client: StoreRedis['client'],
    readonly prefix: string,
    private readonly health: StoreHealth,
  ) {}
  init(options: RateLimitOptions) {
    this.windowMs = options.windowMs;
  }
  async increment(key: string): Promise<IncrementResponse> {
    const [totalHits, ttl] = (await this.client.eval(INCREMENT_SCRIPT, 1, this.prefix + key, this.windowMs)) as [
      number,
      number,
    ];
    // A Redis that is connected but did not answer (commands timed out) answers again.
    this.health.recovered();
    return { totalHits, resetTime: new Date(Date.now() + ttl) };
  }
  async decrement(key: string) {
    await this.client.decr(this.prefix + key);
  }
  async resetKey(key: string) {
    await this.client.del(this.prefix + key);
  }
}

function redisStore(redis: StoreRedis, logger: Logger, workers: number): RateLimitStore {
  const health = storeHealth(
    logger,
    redis,
    'form limits',
    "each process counts every form's limits (the visitor's and the site's) in its own memory, a worker's share of each",
  );
  let failedAt = Number.NEGATIVE_INFINITY;
  redis.watch(
    () => {
      failedAt = Date.now();
    },
    () => undefined,
  );
  const failed = (err: unknown) => {
    failedAt = Date.now();
    health.failed(redis.reason(err));
  };
  return {
    counter: (name) =>
      new WorkerShareWhileFailing(
        new RedisCount(redis.client, counterKeyPrefix(name), health),
        failed,
        workers,
        () => failedAt,
      ),
    logger: rateLimitLogger(logger, failed),
    describe: `redis ${redis.where}`,
    state: health.state,
  };
}

/**
 * The store for this process: in `redis` (the composition root's one client), or in memory without
 * one. `workers`: WEB_CONCURRENCY, the processes on this machine that share a limit.
 */
export function createRateLimitStore(logger: Logger, redis: StoreRedis | null, workers: number): RateLimitStore {
  if (redis) return redisStore(redis, logger, workers);
  return {
    counter: () => new MemoryStore(),
    logger: rateLimitLogger(logger, (err) => logger.warn({ reason: String(err) }, 'form limit store failed')),
    describe: 'memory',
    state: () => 'memory',
  };
}
