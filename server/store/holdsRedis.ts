import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { BookableService } from '../../content/booking';
import { DAY_MS } from '../../views/days';
import { storeHealth } from './health';
import {
  bufferMs,
  HOLDS_KEY_PREFIX,
  sliceMs,
  ttlOf,
  type Hold,
  type DueHold,
  type HeldInterval,
  type HoldRules,
  type HoldStore,
} from './holds';
import type { StoreRedis } from './redis';

// Booking's holds in Redis (server/store/holds.ts): every worker on every machine, through every
// restart. A hold is taken with SET NX PX, once per slice of time it covers (its session plus the
// buffer after it, in slices of the booking grid's common measure), all or none in one script, so
// two overlapping holds share a slice and can never both be taken. A sorted set lists the live
// holds for the page (its score is each hold's expiry). A command that fails holds nothing: the
// caller refuses the request (fail closed, decision 0027).

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

const LIST_KEY = `${HOLDS_KEY_PREFIX}holds`;
const SLICE_PREFIX = `${HOLDS_KEY_PREFIX}slice:`;
const visitorKey = (visitor: string) => `${HOLDS_KEY_PREFIX}visitor:${visitor}`;
/** The sealed request beside its hold, as long as the hold lives (for the due-day reminder's links). */
const sealedKey = (token: string) => `${HOLDS_KEY_PREFIX}sealed:${token}`;
/** A hold's reminder claimed (SET NX), on every worker and machine at once. */
const remindedKey = (token: string) => `${HOLDS_KEY_PREFIX}reminded:${token}`;

/** A hold in the list: token|service|start ms|end ms, and |confirmed once kept. */
const entryOf = (token: string, hold: Hold) => `${token}|${hold.service}|${hold.start.getTime()}|${hold.end.getTime()}`;

function intervalOf(entry: string): HeldInterval[] {
  const [, service, start, end, confirmed] = entry.split('|');
  if (!service || !start || !end) return [];
  const interval = { service: service as BookableService, start: new Date(Number(start)), end: new Date(Number(end)) };
  return [confirmed ? { ...interval, confirmed: true } : interval];
}

export function redisHolds(redis: StoreRedis, rules: HoldRules, logger: Logger): HoldStore {
  const health = storeHealth(
    logger,
    redis,
    'booking holds',
    'booking requests are refused with the phone number, nothing held or mailed',
    { guarded: true },
  );
  const { client } = redis;
  const slice = sliceMs();
  const slices = (hold: Hold): [number, number] => [
    Math.floor(hold.start.getTime() / slice),
    Math.ceil((hold.end.getTime() + bufferMs()) / slice) - 1,
  ];
  /** The command's answer, or null when Redis did not give one (the store's health told either way). */
  const asked = <T>(command: () => Promise<T>): Promise<T | null> => health.ask(command).catch(() => null);
  async function release(token: string, hold: Hold) {
    const [first, last] = slices(hold);
    const keys = [LIST_KEY, visitorKey(hold.visitor)];
    // Should Redis not answer, the hold lapses by itself; meanwhile the time is not offered.
    await asked(() => client.eval(RELEASE_SCRIPT, 2, ...keys, token, entryOf(token, hold), SLICE_PREFIX, first, last));
  }

  return {
    describe: `redis ${redis.where}`,
    async hold(hold, now) {
      const token = hold.id ?? randomUUID();
      const [first, last] = slices(hold);
      const keys = [LIST_KEY, visitorKey(hold.visitor)];
      const ttl = ttlOf(rules, now);
      const args = [token, ttl, now.getTime(), entryOf(token, hold), SLICE_PREFIX, first, last, rules.perVisitor];
      const ok = await asked(() => client.eval(HOLD_SCRIPT, 2, ...keys, ...args));
      if (ok === null) return { outcome: 'unavailable' };
      if (ok === 2) return { outcome: 'waiting' };
      if (ok !== 1) return { outcome: 'taken' };
      // Without it the reminder still comes, with the request's time but not her links again.
      if (hold.sealed) await asked(() => client.set(sealedKey(token), hold.sealed ?? '', 'PX', ttl));
      return { outcome: 'held', id: token, release: () => release(token, hold) };
    },
    async keep(id, hold, until, now) {
      const ttl = until.getTime() - now.getTime();
      if (ttl <= 0) return true;
      const [first, last] = slices(hold);
      const entry = entryOf(id, hold);
      const keys = [LIST_KEY, visitorKey(hold.visitor)];
      const args = [id, ttl, now.getTime(), entry, `${entry}|confirmed`, SLICE_PREFIX, first, last];
      return (await asked(() => client.eval(KEEP_SCRIPT, 2, ...keys, ...args))) !== null;
    },
    async overlapping(id, hold, _now) {
      const [first, last] = slices(hold);
      const keys = Array.from({ length: last - first + 1 }, (_, i) => `${SLICE_PREFIX}${first + i}`);
      const owners = await asked(() => client.mget(...keys));
      return owners ? owners.some((owner) => owner !== null && owner !== id) : null;
    },
    release,
    async list(now) {
      const entries = await asked(() => client.zrangebyscore(LIST_KEY, `(${now.getTime()}`, '+inf'));
      // The set is ordered by expiry; the holds come back in time order, as the memory store gives them.
      return entries?.flatMap(intervalOf).sort((a, b) => a.start.getTime() - b.start.getTime()) ?? null;
    },
    async claimReminders(until, now) {
      const entries = await asked(() => client.zrangebyscore(LIST_KEY, `(${now.getTime()}`, until.getTime()));
      const due: DueHold[] = [];
      for (const entry of entries ?? []) {
        const [token, service, start, end, confirmed] = entry.split('|');
        if (!token || !service || !start || !end || confirmed) continue;
        // Claimed first, kept a day past the hold: one reminder, whichever process asks first.
        const ttl = until.getTime() - now.getTime() + DAY_MS;
        if ((await asked(() => client.set(remindedKey(token), '1', 'PX', ttl, 'NX'))) !== 'OK') continue;
        const sealed = await asked(() => client.get(sealedKey(token)));
        due.push({
          service: service as BookableService,
          start: new Date(Number(start)),
          end: new Date(Number(end)),
          sealed,
        });
      }
      return due;
    },
    state: health.state,
  };
}
