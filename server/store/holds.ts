import cluster from 'node:cluster';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { bookableServices, bookingRules, serviceMinutes, type BookableService } from '../../content/booking';
import type { Config } from '../process/config';
import { answerWorkers, askPrimary } from './primaryChannel';
import { connectRedis, type StoreRedis } from './redis';

// Times requested through the booking page and not yet confirmed, so that no second visitor can
// request the same time (or one that overlaps it, buffer included) on any worker or machine.
// A hold is the service and its start and end, and whom it is for as a keyed hash of their
// address (visitorId: no IP address is stored), so that one visitor holds at most
// BOOKING_HOLDS_PER_VISITOR times at once (decision 0014).
// It lapses by itself when the practitioner's answer is due (server/booking/answerWindow.ts: the
// end of the confirmation window in working days), unless she answers first with the links in her
// mail (server/booking/decision/): confirmed, it is kept until the session begins (keep), whether
// or not she puts it in her calendar, and counts no longer against the visitor's holds or the
// unconfirmed share; declined, it goes at once (release). Only Redis keeps it through a restart.
//
// Where holds live, as the contact rate limit's counts do (server/store/rateLimit.ts): with
// REDIS_URL in Redis, for every worker on every machine; else, with several workers, in the
// cluster primary (startHoldsPrimary, called by server/process/cluster.ts); else in this process.
// In Redis a hold is taken with SET NX PX, once per slice of time it covers (its session plus the
// buffer after it, in slices of the booking grid's common measure), all or none in one script, so
// two overlapping holds share a slice and can never both be taken. A sorted set lists the live
// holds for the page (its score is each hold's expiry).
//
// While the shared store (Redis, the primary) fails, this process holds in its own memory, caps and
// all, so that no bot gets more while it is away; the log says at most once a minute that holds
// are per process, and once when they are shared again.

interface Hold {
  service: BookableService;
  start: Date;
  end: Date;
  /** Whom it is for: visitorId(the pipeline's visitor key), never an address. */
  visitor: string;
}

/**
 * What a request may give its hold besides the time (issue 39): its own id, so that the answer
 * links sealed before the hold can name it, and the sealed request itself, so that the due-day
 * reminder (claimReminders) can give the practitioner her links again.
 */
interface Sealed {
  id?: string;
  sealed?: string;
}

/** An unconfirmed hold whose answer is due, as claimReminders gives it (claimed: reminded once). */
export interface DueHold {
  service: BookableService;
  start: Date;
  end: Date;
  /** The request as its answer links carry it, if it rode with the hold. */
  sealed: string | null;
}

/** A held time without its service: what the calendar counts as busy. */
export type HeldTime = Pick<Hold, 'start' | 'end'>;

type HoldOutcome =
  /** `id`: the hold's own, for keep() and release() later (the practitioner's answer link carries it). */
  | { outcome: 'held'; id: string; release: () => Promise<void> }
  | { outcome: 'taken' }
  /** The visitor holds as many times as they may (BOOKING_HOLDS_PER_VISITOR): a request is already waiting. */
  | { outcome: 'waiting' };

type HoldsState = 'memory' | 'cluster' | 'redis' | 'redis-unavailable';

export interface HoldStore {
  /** For the start-up line; never a secret. */
  describe: string;
  /** Holds the time until the store's `until(now)` unless a live hold overlaps it (with the booking buffer between them) or the visitor has their holds. */
  hold(hold: Hold & Sealed, now: Date): Promise<HoldOutcome>;
  /**
   * The practitioner confirmed: the hold `id` stays until `until` (the session's start), taken anew
   * should it have lapsed (slices another hold took meanwhile stay that one's), and is no longer
   * the visitor's nor unconfirmed. false: the store did not answer.
   */
  keep(id: string, hold: Hold, until: Date, now: Date): Promise<boolean>;
  /** The practitioner declined: the hold `id` goes at once, and the time is offered again. */
  release(id: string, hold: Hold): Promise<void>;
  /** The live holds, as busy intervals for the calendar (this process's own while the shared store fails). */
  list(now: Date): Promise<HeldInterval[]>;
  /**
   * The unconfirmed live holds lapsing by `until`, each claimed for its reminder as it is given,
   * so that one process on one machine reminds of it, once (issue 39: the due-day reminder).
   */
  claimReminders(until: Date, now: Date): Promise<DueHold[]>;
  state(): HoldsState;
  /** Resolves when the store can answer, or after at most a second. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export const HOLDS_KEY_PREFIX = 'psykolog-aalborg:booking:';

/**
 * Whom a hold is for, as stored: an HMAC of the visitor key (an IP address or a /56) with a
 * secret that never leaves the processes (BOOKING_VISITOR_SECRET, shared by the cluster primary
 * with its workers), so that neither Redis nor the primary's memory holds an address.
 */
export function visitorHasher(secret: string | null): (visitorKey: string) => string {
  const key = secret ?? randomBytes(32).toString('hex');
  return (visitorKey) => createHmac('sha256', key).update(visitorKey).digest('base64url').slice(0, 22);
}
/** How long a worker waits for the primary's answer before going on unheld. */
const PRIMARY_TIMEOUT_MS = 1_000;
const WARN_EVERY_MS = 60_000;

const bufferMs = () => bookingRules.bufferMinutes * 60_000;

/** Two holds conflict when either starts before the other's end plus the buffer. */
export function overlaps(a: HeldTime, b: HeldTime, buffer = bufferMs()): boolean {
  return a.start.getTime() < b.end.getTime() + buffer && b.start.getTime() < a.end.getTime() + buffer;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The slice of time Redis holds are counted in: the largest that divides the grid, the buffer and
 * every service's length, so that slices cover a hold exactly and two holds share one exactly
 * when they conflict (overlaps above).
 */
function sliceMs(): number {
  const minutes = [
    bookingRules.stepMinutes,
    bookingRules.bufferMinutes,
    ...bookableServices.map(serviceMinutes),
  ].filter((m) => m > 0);
  return minutes.reduce(gcd) * 60_000;
}

// ---------------------------------------------------------------------------------------------
// In one process's memory: this process's own holds, or the cluster primary's for all workers.

/** A live hold as the calendar and the share rule see it (whom it is for stays in the store). */
interface HeldInterval extends HeldTime {
  service: BookableService;
  /** Kept for a confirmed session: not counted in the unconfirmed share (server/booking/share.ts). */
  confirmed?: true;
}

interface Held extends Hold {
  token: string;
  expires: number;
  confirmed?: true;
  sealed?: string;
  reminded?: true;
}

/** Whom a confirmed hold is for: nobody who could request again, so it counts against no visitor. */
const CONFIRMED = '';

class MemoryHolds {
  private readonly held = new Map<string, Held>();

  /** The hold's token, or why not. */
  hold(hold: Hold & Sealed, ttlMs: number, now: number, perVisitor: number): string | 'taken' | 'waiting' {
    this.prune(now);
    let mine = 0;
    for (const other of this.held.values()) if (other.visitor === hold.visitor) mine++;
    if (mine >= perVisitor) return 'waiting';
    for (const other of this.held.values()) if (overlaps(hold, other)) return 'taken';
    const { id, ...rest } = hold;
    const token = id ?? randomUUID();
    this.held.set(token, { ...rest, token, expires: now + ttlMs });
    return token;
  }

  claimReminders(until: number, now: number): DueHold[] {
    this.prune(now);
    const due: DueHold[] = [];
    for (const h of this.held.values())
      if (!h.confirmed && !h.reminded && h.expires <= until) {
        h.reminded = true;
        due.push({ service: h.service, start: h.start, end: h.end, sealed: h.sealed ?? null });
      }
    return due;
  }

  /** The practitioner's decision overrides any overlap: her confirmed time is kept whatever else is held. */
  keep(token: string, hold: Hold, expires: number, now: number): void {
    this.prune(now);
    this.held.set(token, { ...hold, visitor: CONFIRMED, token, expires, confirmed: true });
  }

  release(token: string): void {
    this.held.delete(token);
  }

  list(now: number): HeldInterval[] {
    this.prune(now);
    return [...this.held.values()]
      .map(({ service, start, end, confirmed }) => ({ service, start, end, ...(confirmed ? { confirmed } : {}) }))
      .sort((a, b) => a.start.getTime() - b.start.getTime());
  }

  private prune(now: number) {
    for (const [token, h] of this.held) if (h.expires <= now) this.held.delete(token);
  }
}

/** "Not enforced" at most once a minute while the store fails; "enforced again" once it answers. */
function unenforcedWarning(logger: Logger, store: string) {
  let lastWarned = -Infinity;
  let failing = false;
  return {
    failed(reason: string) {
      if (Date.now() - lastWarned >= WARN_EVERY_MS) {
        lastWarned = Date.now();
        logger.warn(
          { holds: store, reason },
          `booking holds per process: ${reason}; this process holds times (caps and all) on its own until the ${store} store answers again`,
        );
      }
      failing = true;
    },
    recovered() {
      if (!failing) return;
      failing = false;
      logger.info({ holds: store }, `booking holds shared again: the ${store} store answers`);
    },
    get failing() {
      return failing;
    },
  };
}

/** Holds in this process's memory: a hold's outcome. */
function holdIn(holds: MemoryHolds, hold: Hold & Sealed, ttlMs: number, now: Date, perVisitor: number): HoldOutcome {
  const token = holds.hold(hold, ttlMs, now.getTime(), perVisitor);
  if (token === 'taken' || token === 'waiting') return { outcome: token };
  return { outcome: 'held', id: token, release: async () => holds.release(token) };
}

function memoryStore(ttl: Ttl, perVisitor: number): HoldStore {
  const holds = new MemoryHolds();
  return {
    describe: 'memory',
    hold: async (hold, now) => holdIn(holds, hold, ttl(now), now, perVisitor),
    async keep(id, hold, until, now) {
      holds.keep(id, hold, until.getTime(), now.getTime());
      return true;
    },
    release: async (id) => holds.release(id),
    list: async (now) => holds.list(now.getTime()),
    claimReminders: async (until, now) => holds.claimReminders(until.getTime(), now.getTime()),
    state: () => 'memory',
    ready: Promise.resolve(),
    close: async () => undefined,
  };
}

/** The shared store's holds and those this process took while it failed (until they lapse), in time order. */
function withLocal(shared: HeldInterval[], local: HeldInterval[]): HeldInterval[] {
  return local.length ? [...shared, ...local].sort((a, b) => a.start.getTime() - b.start.getTime()) : shared;
}

// ---------------------------------------------------------------------------------------------
// The cluster primary's, asked over the workers' IPC channel.

/** The messages' marker, so that other traffic on the channel (the rate limit's) is left alone. */
const CHANNEL = 'psykolog-aalborg:booking-holds';

type Request =
  | {
      op: 'hold';
      service: BookableService;
      start: number;
      end: number;
      visitor: string;
      ttlMs: number;
      now: number;
      perVisitor: number;
      /** The id the answer links name (Sealed); the cluster back-end keeps no sealed request (it goes: issue 37). */
      id?: string;
    }
  | { op: 'release'; token: string }
  | {
      op: 'keep';
      token: string;
      service: BookableService;
      start: number;
      end: number;
      expires: number;
      now: number;
    }
  | { op: 'list'; now: number };
type Reply = { token?: string; intervals?: [BookableService, number, number, boolean][] };

/** In the primary, without Redis: keeps every worker's holds in one place. */
export function startHoldsPrimary(): void {
  const holds = new MemoryHolds();
  answerWorkers<Request, Reply>(CHANNEL, (request) => {
    const reply: Reply = {};
    if (request.op === 'hold')
      reply.token = holds.hold(
        {
          service: request.service,
          start: new Date(request.start),
          end: new Date(request.end),
          visitor: request.visitor,
          ...(request.id ? { id: request.id } : {}),
        },
        request.ttlMs,
        request.now,
        request.perVisitor,
      );
    else if (request.op === 'release') holds.release(request.token);
    else if (request.op === 'keep')
      holds.keep(
        request.token,
        { service: request.service, start: new Date(request.start), end: new Date(request.end), visitor: CONFIRMED },
        request.expires,
        request.now,
      );
    else
      reply.intervals = holds
        .list(request.now)
        .map((i) => [i.service, i.start.getTime(), i.end.getTime(), i.confirmed === true]);
    return reply;
  });
}

function clusterStore(ttl: Ttl, perVisitor: number, logger: Logger): HoldStore {
  const warning = unenforcedWarning(logger, 'cluster');
  // While the primary does not answer.
  const local = new MemoryHolds();
  const { ask, close } = askPrimary<Request, Reply>(CHANNEL, PRIMARY_TIMEOUT_MS);

  return {
    describe: 'cluster (held by the primary for all workers)',
    async hold(hold, now) {
      try {
        const { token } = await ask({
          op: 'hold',
          service: hold.service,
          start: hold.start.getTime(),
          end: hold.end.getTime(),
          visitor: hold.visitor,
          ...(hold.id ? { id: hold.id } : {}),
          ttlMs: ttl(now),
          now: now.getTime(),
          perVisitor,
        });
        warning.recovered();
        if (!token) throw new Error('the cluster primary gave no answer');
        if (token === 'taken' || token === 'waiting') return { outcome: token };
        return {
          outcome: 'held',
          id: token,
          release: () =>
            ask({ op: 'release', token }).then(
              () => undefined,
              () => undefined,
            ),
        };
      } catch (err) {
        warning.failed((err as Error).message);
        return holdIn(local, hold, ttl(now), now, perVisitor);
      }
    },
    async keep(id, hold, until, now) {
      try {
        await ask({
          op: 'keep',
          token: id,
          service: hold.service,
          start: hold.start.getTime(),
          end: hold.end.getTime(),
          expires: until.getTime(),
          now: now.getTime(),
        });
        warning.recovered();
        return true;
      } catch (err) {
        warning.failed((err as Error).message);
        return false;
      }
    },
    async release(id) {
      try {
        await ask({ op: 'release', token: id });
      } catch (err) {
        // It lapses by itself; meanwhile the time is not offered.
        warning.failed((err as Error).message);
      }
    },
    async list(now) {
      try {
        const { intervals = [] } = await ask({ op: 'list', now: now.getTime() });
        warning.recovered();
        return withLocal(
          intervals.map(([service, start, end, confirmed]) => ({
            service,
            start: new Date(start),
            end: new Date(end),
            ...(confirmed ? { confirmed: true as const } : {}),
          })),
          local.list(now.getTime()),
        );
      } catch (err) {
        warning.failed((err as Error).message);
        return local.list(now.getTime());
      }
    },
    // The cluster back-end goes (issue 37): reminders need Redis or one process.
    claimReminders: async () => [],
    state: () => 'cluster',
    ready: Promise.resolve(),
    async close() {
      close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Redis: every worker on every machine.

/**
 * KEYS[1]: the list of holds; KEYS[2]: the visitor's holds. ARGV: token, ttl ms, now ms, the
 * list's entry, the slices' key prefix, first and last slice, the holds a visitor may have. The
 * visitor's live holds counted first (2: as many as they may have); then every slice SET NX PX,
 * or (one is taken) none: those set here are deleted again before the script returns 0. Redis
 * runs a script whole, so two scripts never interleave: the count and the hold are one step.
 */
const HOLD_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[8]) then return 2 end
local taken = {}
for slice = tonumber(ARGV[6]), tonumber(ARGV[7]) do
  local key = ARGV[5] .. slice
  if redis.call('SET', key, ARGV[1], 'NX', 'PX', ARGV[2]) then
    taken[#taken + 1] = key
  else
    for _, k in ipairs(taken) do redis.call('DEL', k) end
    return 0
  end
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
redis.call('ZADD', KEYS[1], tonumber(ARGV[3]) + tonumber(ARGV[2]), ARGV[4])
-- The list lives as long as its longest entry (a confirmed session's may be weeks).
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
redis.call('ZADD', KEYS[2], tonumber(ARGV[3]) + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1
`;

/**
 * A confirmed hold kept until its session. KEYS[1]: the list; KEYS[2]: the visitor's holds. ARGV:
 * token, ttl ms, now ms, the list's entry as it was, as it is now (marked confirmed), prefix,
 * first and last slice. Each slice that is free or this hold's is (re)set for the ttl; one another
 * hold took after this one lapsed stays that one's. The hold is the visitor's no longer.
 */
const KEEP_SCRIPT = `
for slice = tonumber(ARGV[7]), tonumber(ARGV[8]) do
  local key = ARGV[6] .. slice
  local owner = redis.call('GET', key)
  if not owner or owner == ARGV[1] then redis.call('SET', key, ARGV[1], 'PX', ARGV[2]) end
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
redis.call('ZREM', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[1], tonumber(ARGV[3]) + tonumber(ARGV[2]), ARGV[5])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
`;

/** KEYS[1]: the list; KEYS[2]: the visitor's. ARGV: token, the list's entry, prefix, first and last slice. Only this hold's own slices go, and its entry, confirmed or not. */
const RELEASE_SCRIPT = `
for slice = tonumber(ARGV[4]), tonumber(ARGV[5]) do
  local key = ARGV[3] .. slice
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
redis.call('ZREM', KEYS[1], ARGV[2], ARGV[2] .. '|confirmed')
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
`;

function redisStore(
  config: Config & { redisUrl: string },
  ttl: Ttl,
  perVisitor: number,
  logger: Logger,
  shared?: StoreRedis,
): HoldStore {
  const warning = unenforcedWarning(logger, 'redis');
  // The worker's one connection; a test without one gets its own, closed with the store.
  const redis = shared ?? connectRedis(config);
  redis.watch(
    (reason) => warning.failed(reason),
    () => warning.recovered(),
  );
  const { client, where, fail: failed } = redis;
  // While Redis does not answer.
  const local = new MemoryHolds();

  const list = `${HOLDS_KEY_PREFIX}holds`;
  const slicePrefix = `${HOLDS_KEY_PREFIX}slice:`;
  const visitorKey = (visitor: string) => `${HOLDS_KEY_PREFIX}visitor:${visitor}`;
  const slice = sliceMs();
  const slices = (hold: Hold): [number, number] => [
    Math.floor(hold.start.getTime() / slice),
    Math.ceil((hold.end.getTime() + bufferMs()) / slice) - 1,
  ];

  const sealedKey = (token: string) => `${HOLDS_KEY_PREFIX}sealed:${token}`;
  const remindedKey = (token: string) => `${HOLDS_KEY_PREFIX}reminded:${token}`;
  const entryOf = (token: string, hold: Hold) =>
    `${token}|${hold.service}|${hold.start.getTime()}|${hold.end.getTime()}`;
  async function release(token: string, hold: Hold) {
    const [first, last] = slices(hold);
    const keys = [list, visitorKey(hold.visitor)];
    try {
      await client.eval(RELEASE_SCRIPT, 2, ...keys, token, entryOf(token, hold), slicePrefix, first, last);
    } catch (err) {
      // It lapses by itself; meanwhile the time is not offered.
      failed((err as Error).message);
    }
  }

  return {
    describe: `redis ${where}`,
    async hold(hold, now) {
      const token = hold.id ?? randomUUID();
      const entry = entryOf(token, hold);
      const [first, last] = slices(hold);
      const keys = [list, visitorKey(hold.visitor)];
      try {
        const ok = await client.eval(
          HOLD_SCRIPT,
          2,
          ...keys,
          token,
          ttl(now),
          now.getTime(),
          entry,
          slicePrefix,
          first,
          last,
          perVisitor,
        );
        warning.recovered();
        if (ok === 2) return { outcome: 'waiting' };
        if (ok !== 1) return { outcome: 'taken' };
        // The sealed request beside the hold, as long as it lives (for the due-day reminder's links).
        if (hold.sealed) await client.set(sealedKey(token), hold.sealed, 'PX', ttl(now)).catch(() => undefined);
        return { outcome: 'held', id: token, release: () => release(token, hold) };
      } catch (err) {
        failed((err as Error).message);
        return holdIn(local, hold, ttl(now), now, perVisitor);
      }
    },
    async keep(id, hold, until, now) {
      const ttl = until.getTime() - now.getTime();
      if (ttl <= 0) return true;
      const [first, last] = slices(hold);
      const entry = entryOf(id, hold);
      try {
        await client.eval(
          KEEP_SCRIPT,
          2,
          list,
          visitorKey(hold.visitor),
          id,
          ttl,
          now.getTime(),
          entry,
          `${entry}|confirmed`,
          slicePrefix,
          first,
          last,
        );
        warning.recovered();
        return true;
      } catch (err) {
        failed((err as Error).message);
        return false;
      }
    },
    release,
    async list(now) {
      try {
        const entries = await client.zrangebyscore(list, `(${now.getTime()}`, '+inf');
        warning.recovered();
        // The set is ordered by expiry; the holds come back in time order, as the memory store gives them.
        const held = entries
          .flatMap((entry) => {
            const [, service, start, end, confirmed] = entry.split('|');
            return service && start && end
              ? [
                  {
                    service: service as BookableService,
                    start: new Date(Number(start)),
                    end: new Date(Number(end)),
                    ...(confirmed ? { confirmed: true as const } : {}),
                  },
                ]
              : [];
          })
          .sort((a, b) => a.start.getTime() - b.start.getTime());
        return withLocal(held, local.list(now.getTime()));
      } catch (err) {
        failed((err as Error).message);
        return local.list(now.getTime());
      }
    },
    async claimReminders(until, now) {
      const entries = await client.zrangebyscore(list, `(${now.getTime()}`, until.getTime());
      const due: DueHold[] = [];
      for (const entry of entries) {
        const [token, service, start, end, confirmed] = entry.split('|');
        if (!token || !service || !start || !end || confirmed) continue;
        // Claimed first, on every worker and machine at once (SET NX), kept a day past the hold.
        const ttlMs = until.getTime() - now.getTime() + 86_400_000;
        if ((await client.set(remindedKey(token), '1', 'PX', ttlMs, 'NX')) !== 'OK') continue;
        due.push({
          service: service as BookableService,
          start: new Date(Number(start)),
          end: new Date(Number(end)),
          sealed: await client.get(sealedKey(token)),
        });
      }
      return due;
    },
    state: () => (client.status === 'ready' && !warning.failing ? 'redis' : 'redis-unavailable'),
    ready: redis.ready,
    close: shared ? async () => undefined : redis.close,
  };
}

/** How long a hold taken at `now` lasts, in ms (at least one). */
type Ttl = (now: Date) => number;

/**
 * The store for this process, from REDIS_URL and whether it is a cluster worker; a hold taken at
 * `now` lasts until `until(now)`. `redis`: the worker's one connection.
 */
export function createHoldStore(
  config: Config,
  until: (now: Date) => Date,
  logger: Logger,
  redis?: StoreRedis,
): HoldStore {
  if (!config.booking) throw new Error("holds are online booking's, and BOOKING_CALENDAR_URL is not set");
  const ttl: Ttl = (now) => Math.max(1, until(now).getTime() - now.getTime());
  const perVisitor = config.booking.holdsPerVisitor;
  if (config.redisUrl) return redisStore({ ...config, redisUrl: config.redisUrl }, ttl, perVisitor, logger, redis);
  if (cluster.isWorker) return clusterStore(ttl, perVisitor, logger);
  return memoryStore(ttl, perVisitor);
}
