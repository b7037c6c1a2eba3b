import type { Logger } from 'pino';
import { storeHealth } from './health';
import type { StoreRedis } from './redis';

// Which of the practitioner's answer links (server/booking/decision/) have been used, so that a
// second press, on any worker or machine and after any restart, sends nothing, and the link's page
// can say which answer was given. A mark is a hash of the link's random id and the answer given
// ('confirm' or 'decline'): nothing about the visitor or the request. It lives until the time the
// caller names (for as long as the session lies ahead, decision 0028), and no longer.
//
// With REDIS_URL the marks live in Redis (one script: the first press wins on every machine, and a
// mark outlives every process), else in this process's memory (development, tests). A Redis that
// does not answer does not let the press through: "exactly one mail" cannot be vouched for, so the
// practitioner is asked to press again in a few minutes.

export interface UsedLinks {
  /** For the start-up line; never a secret. */
  describe: string;
  /**
   * Marks the link `id` as used for `answer` until `until`, unless it was already: then the
   * answer it was used for. Throws when the store does not answer.
   */
  claim(
    id: string,
    answer: string,
    until: Date,
    now: Date,
  ): Promise<{ first: true } | { first: false; answer: string }>;
  /** The answer the link was used for, or null. Throws when the store does not answer. */
  peek(id: string, now: Date): Promise<string | null>;
  /** Takes the mark back (the mail could not be sent, so the practitioner may press again). */
  unclaim(id: string, answer: string): Promise<void>;
}

export const USED_KEY_PREFIX = 'psykolog-aalborg:booking:used:';

function memoryStore(): UsedLinks {
  const marks = new Map<string, { answer: string; expires: number }>();
  const prune = (now: number) => {
    for (const [id, mark] of marks) if (mark.expires <= now) marks.delete(id);
  };
  return {
    describe: 'memory',
    async claim(id, answer, until, now) {
      prune(now.getTime());
      const known = marks.get(id);
      if (known) return { first: false, answer: known.answer };
      marks.set(id, { answer, expires: until.getTime() });
      return { first: true };
    },
    async peek(id, now) {
      prune(now.getTime());
      return marks.get(id)?.answer ?? null;
    },
    async unclaim(id, answer) {
      if (marks.get(id)?.answer === answer) marks.delete(id);
    },
  };
}

/** KEYS[1]: the mark. ARGV: answer, ttl ms. The answer already given, or nil when this press is the first. */
const CLAIM_SCRIPT = `
local known = redis.call('GET', KEYS[1])
if known then return known end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false
`;
/** KEYS[1]: the mark. ARGV: answer. Only a mark of this answer goes. */
const UNCLAIM_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

function redisStore(redis: StoreRedis, logger: Logger): UsedLinks {
  const health = storeHealth(
    logger,
    redis,
    'answer links',
    'the practitioner\'s presses are refused ("try again in a few minutes") and nothing is sent',
    { guarded: true },
  );
  const { client } = redis;
  const key = (id: string) => `${USED_KEY_PREFIX}${id}`;
  return {
    describe: `redis ${redis.where}`,
    async claim(id, answer, until, now) {
      const ttl = Math.max(1, until.getTime() - now.getTime());
      const known = (await health.ask(() => client.eval(CLAIM_SCRIPT, 1, key(id), answer, ttl))) as string | null;
      return known === null ? { first: true } : { first: false, answer: known };
    },
    peek: (id) => health.ask(() => client.get(key(id))),
    async unclaim(id, answer) {
      await health.ask(() => client.eval(UNCLAIM_SCRIPT, 1, key(id), answer)).catch(() => undefined);
    },
  };
}

/** The store for this process: in `redis` (the composition root's one client), or in memory without one. */
export function createUsedLinks(logger: Logger, redis: StoreRedis | null): UsedLinks {
  return redis ? redisStore(redis, logger) : memoryStore();
}
