import cluster from 'node:cluster';
import type { Config } from '../process/config';
import { answerWorkers, askPrimary } from './primaryChannel';
import { connectRedis, type StoreRedis } from './redis';

// Which of the practitioner's answer links (server/booking/decision/) have been used, so that a
// second press, on any worker or machine, sends nothing. A mark is a hash of the link's random id
// and the answer given ('confirm' or 'decline'): nothing about the visitor or the request. It
// lives until the link expires, and no longer.
//
// Where the marks live, as booking's holds do (server/store/holds.ts): with REDIS_URL in Redis
// (one SET NX PX: the first press wins on every machine), else with several workers in the
// cluster primary (startUsedLinksPrimary, called by server/process/cluster.ts), else in this
// process. Unlike the holds, a store that fails does not let the press through: "exactly one
// mail" cannot be vouched for, so the practitioner is asked to press again in a moment.

export interface UsedLinks {
  /** For the start-up line; never a secret. */
  describe: string;
  /**
   * Marks the link `id` as used for `answer` until `expires`, unless it was already: then the
   * answer it was used for. Throws when the store does not answer.
   */
  claim(
    id: string,
    answer: string,
    expires: Date,
    now: Date,
  ): Promise<{ first: true } | { first: false; answer: string }>;
  /** The answer the link was used for, or null. Throws when the store does not answer. */
  peek(id: string, now: Date): Promise<string | null>;
  /** Takes the mark back (the mail could not be sent, so the practitioner may press again). */
  unclaim(id: string, answer: string): Promise<void>;
  ready: Promise<void>;
  close(): Promise<void>;
}

export const USED_KEY_PREFIX = 'psykolog-aalborg:booking:used:';
/** Longer than the holds' second: a press is rare and waits gladly, and a silent primary means no answer at all (it fails closed). */
const PRIMARY_TIMEOUT_MS = 3_000;

class MemoryMarks {
  private readonly marks = new Map<string, { answer: string; expires: number }>();

  claim(id: string, answer: string, expires: number, now: number): string | null {
    this.prune(now);
    const known = this.marks.get(id);
    if (known) return known.answer;
    this.marks.set(id, { answer, expires });
    return null;
  }

  peek(id: string, now: number): string | null {
    this.prune(now);
    return this.marks.get(id)?.answer ?? null;
  }

  unclaim(id: string, answer: string): void {
    if (this.marks.get(id)?.answer === answer) this.marks.delete(id);
  }

  private prune(now: number) {
    for (const [id, mark] of this.marks) if (mark.expires <= now) this.marks.delete(id);
  }
}

function memoryStore(marks = new MemoryMarks()): UsedLinks {
  return {
    describe: 'memory',
    async claim(id, answer, expires, now) {
      const known = marks.claim(id, answer, expires.getTime(), now.getTime());
      return known === null ? { first: true } : { first: false, answer: known };
    },
    peek: async (id, now) => marks.peek(id, now.getTime()),
    unclaim: async (id, answer) => marks.unclaim(id, answer),
    ready: Promise.resolve(),
    close: async () => undefined,
  };
}

// The cluster primary's, asked over the workers' IPC channel (its own marker, like the holds').
const CHANNEL = 'psykolog-aalborg:booking-used-links';

type Request =
  | { op: 'claim'; key: string; answer: string; expires: number; now: number }
  | { op: 'peek'; key: string; now: number }
  | { op: 'unclaim'; key: string; answer: string };
/** The answer already given (claim, peek), or null. */
type Reply = string | null;

/** In the primary, without Redis: keeps every worker's marks in one place. */
export function startUsedLinksPrimary(): void {
  const marks = new MemoryMarks();
  answerWorkers<Request, Reply>(CHANNEL, (request) => {
    if (request.op === 'claim') return marks.claim(request.key, request.answer, request.expires, request.now);
    if (request.op === 'peek') return marks.peek(request.key, request.now);
    marks.unclaim(request.key, request.answer);
    return null;
  });
}

function clusterStore(): UsedLinks {
  const { ask, close } = askPrimary<Request, Reply>(CHANNEL, PRIMARY_TIMEOUT_MS);
  return {
    describe: 'cluster (kept by the primary for all workers)',
    async claim(key, answer, expires, now) {
      const known = await ask({ op: 'claim', key, answer, expires: expires.getTime(), now: now.getTime() });
      return known === null ? { first: true } : { first: false, answer: known };
    },
    peek: (key, now) => ask({ op: 'peek', key, now: now.getTime() }),
    async unclaim(key, answer) {
      await ask({ op: 'unclaim', key, answer }).catch(() => undefined);
    },
    ready: Promise.resolve(),
    async close() {
      close();
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

function redisStore(config: Config & { redisUrl: string }, shared?: StoreRedis): UsedLinks {
  // The worker's one connection (its failures are logged by the stores that watch it); a test without one gets its own.
  const redis = shared ?? connectRedis(config);
  const { client, where } = redis;
  const key = (id: string) => `${USED_KEY_PREFIX}${id}`;
  return {
    describe: `redis ${where}`,
    async claim(id, answer, expires, now) {
      const ttl = Math.max(1, expires.getTime() - now.getTime());
      const known = (await client.eval(CLAIM_SCRIPT, 1, key(id), answer, ttl)) as string | null;
      return known === null ? { first: true } : { first: false, answer: known };
    },
    peek: (id) => client.get(key(id)),
    async unclaim(id, answer) {
      await client.eval(UNCLAIM_SCRIPT, 1, key(id), answer).catch(() => undefined);
    },
    ready: redis.ready,
    close: shared ? async () => undefined : redis.close,
  };
}

/** The store for this process, from REDIS_URL and whether it is a cluster worker. `redis`: the worker's one connection. */
export function createUsedLinks(config: Config, redis?: StoreRedis): UsedLinks {
  if (config.redisUrl) return redisStore({ ...config, redisUrl: config.redisUrl }, redis);
  if (cluster.isWorker) return clusterStore();
  return memoryStore();
}
