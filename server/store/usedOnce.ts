import type { StoreRedis } from './redis';

// Keys that may be used once within a time: her editor login's states (server/editorLogin/), so
// that GitHub is asked at most once for a code, whichever worker or machine the window's post
// reaches. With REDIS_URL in Redis (SET NX with the time to live), else in this process's memory.
// A Redis that does not answer leaves the key to this process's memory: a replay that reaches
// another process then asks GitHub once more, and GitHub refuses a code's second use itself.

export interface UsedOnce {
  /** true the first time `key` is claimed within `ttlMs`; false while an earlier claim stands. */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

const PREFIX = 'psykolog-aalborg:once:';

/** In memory: a Map in the order claimed, so that the lapsed ones are dropped from its front (one time to live per caller). */
function memoryOnce(): UsedOnce {
  const until = new Map<string, number>();
  return {
    async claim(key, ttlMs) {
      const now = Date.now();
      for (const [old, expires] of until) {
        if (expires > now) break;
        until.delete(old);
      }
      if ((until.get(key) ?? 0) > now) return false;
      until.set(key, now + ttlMs);
      return true;
    },
  };
}

export function createUsedOnce(redis: StoreRedis | null): UsedOnce {
  const memory = memoryOnce();
  if (!redis) return memory;
  return {
    async claim(key, ttlMs) {
      const local = await memory.claim(key, ttlMs);
      try {
        return local && (await redis.client.set(PREFIX + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
      } catch {
        return local;
      }
    },
  };
}
