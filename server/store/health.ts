import type { Logger } from 'pino';
import { RedisForgot } from './marker';
import type { StoreRedis } from './redis';
import { MINUTE_MS } from '../../views/days';

// The one way a store in Redis says that it fails and that it answers again: a warning at most
// once a minute per process while it lasts, naming the store and what the site does meanwhile
// (its policy), and one line when it answers again. Warn, never error: a Redis that is away is
// the operator's to fix, not the site's own failure (docs/operations.md), and /healthz says it too.
// A store that relies on what Redis remembers (booking's holds and used links) is `guarded`: each
// command first checks that Redis has not forgotten (marker.ts), whose error line is its own.
// While the settings keep Redis from connecting, redis.ts's one error line says so instead.

const WARN_EVERY_MS = MINUTE_MS;

/** What /healthz says of a store: in this process's memory, in Redis, Redis not answering, or Redis that lost its data. */
export type StoreState = 'memory' | 'redis' | 'redis-unavailable' | 'redis-forgot';

export interface StoreHealth {
  /** A command or the connection failed: warns (throttled). */
  failed(reason: string): void;
  /** A command was answered: says so once after a failure. */
  recovered(): void;
  /** Redis's state as this store last saw it. */
  state(): StoreState;
  /** A command of this store (after the marker's check when guarded): its answer, its failure told (and thrown on). */
  ask<T>(command: () => Promise<T>): Promise<T>;
}

/**
 * The health of `store` (e.g. "booking holds") on `redis`: connection failures and recoveries are
 * the store's too. `policy`: what the site does while it fails, as a sentence's end.
 */
export function storeHealth(
  logger: Logger,
  redis: StoreRedis,
  store: string,
  policy: string,
  options: { guarded?: boolean } = {},
): StoreHealth {
  let lastWarned = -Infinity;
  let failing = false;
  const health: StoreHealth = {
    failed(reason) {
      failing = true;
      if (redis.misconfigured() || Date.now() - lastWarned < WARN_EVERY_MS) return;
      lastWarned = Date.now();
      logger.warn({ store, reason }, `${store} unavailable: ${reason}; ${policy} until Redis answers again`);
    },
    recovered() {
      if (!failing) return;
      failing = false;
      // A new outage is told at once.
      lastWarned = -Infinity;
      logger.info({ store }, `${store} in Redis again: Redis answers`);
    },
    state: () =>
      options.guarded && redis.marker.lost()
        ? 'redis-forgot'
        : redis.client.status === 'ready' && !failing
          ? 'redis'
          : 'redis-unavailable',
    async ask(command) {
      try {
        if (options.guarded) await redis.marker.check();
        const answer = await command();
        health.recovered();
        return answer;
      } catch (err) {
        if (!(err instanceof RedisForgot)) health.failed(redis.reason(err));
        throw err;
      }
    },
  };
  redis.watch(health.failed, health.recovered);
  if (options.guarded) redis.marker.expect();
  return health;
}
