import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { BookableService } from '../../content/booking';
import { DAY_MS } from '../../views/days';
import { storeHealth } from './health';
import {
  REMINDER_CLAIM_MS,
  ttlOf,
  type Hold,
  type HoldChange,
  type DueHold,
  type DueReminder,
  type HeldInterval,
  type HoldRules,
  type HoldStore,
} from './holds';
import { HOLD_CHANGE_LUA, holdChangeArgs } from './holdsRedisAnswers';
import {
  CLIENT_REMINDERS_KEY,
  clientReminderKey,
  clientRemindingKey,
  entryOf,
  LIST_KEY,
  remindedKey,
  sealedKey,
  SENT,
  SLICE_PREFIX,
  slicesOf,
  visitorKey,
} from './holdsRedisLayout';
import type { StoreRedis } from './redis';
import { retried } from './retry';

// Booking's holds in Redis (server/store/holds.ts): every worker on every machine, through every
// restart. A hold is taken with SET NX PX, once per slice of time it covers (its session plus the
// buffer after it, in slices of the booking grid's common measure), all or none in one script, so
// two overlapping holds share a slice and can never both be taken. A sorted set lists the live
// holds for the page (its score is each hold's expiry). A command that fails holds nothing: the
// caller refuses the request (fail closed, decision 0027); one whose reply came late may have
// held, so the caller releases by the hold's own id. The commands that may run twice (a release,
// a kept hold, the reminder's) are asked again after a failure (retry.ts, decision 0039).

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

const CHANGE_SCRIPT = `${HOLD_CHANGE_LUA}
changeHold(KEYS, ARGV)
return 1
`;

/**
 * The due-day reminder's claim. KEYS: its claim, the sealed request. ARGV: claim, ttl ms. The
 * sealed request when this claim holds the reminder (taken now, or already this claim's), else
 * false: reminded already, another process's claim, or no sealed request (the request's mail never
 * went, or the request was answered).
 */
const REMIND_SCRIPT = `
local claimed = redis.call('GET', KEYS[1])
if claimed and claimed ~= ARGV[1] then return false end
local sealed = redis.call('GET', KEYS[2])
if not sealed then return false end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return sealed
`;
/** KEYS: the reminder's claim. ARGV: claim. A claim whose mail failed goes, so that the next look tries again. */
const UNCLAIM_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

/**
 * A client reminder's claim. KEYS: its claim, the reminder, the list of reminders. ARGV: claim,
 * ttl ms, the hold's id. The sealed appointment when this claim holds it, else false (another
 * process's claim, or the reminder is gone: its entry in the list goes too).
 */
const APPOINTMENT_REMIND_SCRIPT = `
local claimed = redis.call('GET', KEYS[1])
if claimed and claimed ~= ARGV[1] then return false end
local sealed = redis.call('GET', KEYS[2])
if not sealed then
  redis.call('ZREM', KEYS[3], ARGV[3])
  return false
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return sealed
`;
/** KEYS: the claim, the reminder, the list. ARGV: claim, the hold's id, 'gone' or ''. This claim's reminder deleted (gone) or its claim given back. */
const APPOINTMENT_REMINDED_SCRIPT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[3] == 'gone' then
  redis.call('DEL', KEYS[2])
  redis.call('ZREM', KEYS[3], ARGV[2])
end
redis.call('DEL', KEYS[1])
return 1
`;

function intervalOf(entry: string): HeldInterval[] {
  const [, service, start, end, flag] = entry.split('|');
  if (!service || !start || !end) return [];
  const interval = { service: service as BookableService, start: new Date(Number(start)), end: new Date(Number(end)) };
  if (flag === 'confirmed') return [{ ...interval, confirmed: true }];
  return [flag === 'freed' ? { ...interval, freed: true } : interval];
}

/** The practitioner's reminders of unanswered requests: each due one claimed by one process, marked once sent. */
function practiceReminders(
  client: StoreRedis['client'],
  insisted: <T>(command: () => Promise<T>) => Promise<T | null>,
): Pick<HoldStore, 'claimReminders' | 'reminded'> {
  return {
    async claimReminders(until, now, claim) {
      const entries = await insisted(() => client.zrangebyscore(LIST_KEY, `(${now.getTime()}`, until.getTime()));
      const due: DueHold[] = [];
      for (const entry of entries ?? []) {
        const [token, service, start, end, confirmed] = entry.split('|');
        if (!token || !service || !start || !end || confirmed) continue;
        const keys = [remindedKey(token), sealedKey(token)];
        // Mailed one after another: each claim lasts a minute longer than the one before it.
        const ttl = REMINDER_CLAIM_MS * (due.length + 1);
        const sealed = await insisted(() => client.eval(REMIND_SCRIPT, 2, ...keys, claim, ttl));
        if (typeof sealed !== 'string') continue;
        const [from, to] = [new Date(Number(start)), new Date(Number(end))];
        due.push({ id: token, service: service as BookableService, start: from, end: to, sealed });
      }
      return due;
    },
    async reminded(id, claim, sent, until, now) {
      // Kept a day past the hold: one reminder, whichever process asks.
      const ttl = until.getTime() - now.getTime() + DAY_MS;
      await (sent
        ? insisted(() => client.set(remindedKey(id), SENT, 'PX', ttl))
        : insisted(() => client.eval(UNCLAIM_SCRIPT, 1, remindedKey(id), claim)));
    },
  };
}

/** The reminders clients asked for, riding with their confirmed holds: each due one claimed by one process, deleted once sent. */
function clientReminders(
  client: StoreRedis['client'],
  insisted: <T>(command: () => Promise<T>) => Promise<T | null>,
): Pick<HoldStore, 'claimAppointmentReminders' | 'appointmentReminded'> {
  return {
    async claimAppointmentReminders(now, claim) {
      const ids = await insisted(() => client.zrangebyscore(CLIENT_REMINDERS_KEY, '-inf', now.getTime()));
      const due: DueReminder[] = [];
      for (const id of ids ?? []) {
        const keys = [clientRemindingKey(id), clientReminderKey(id), CLIENT_REMINDERS_KEY];
        const ttl = REMINDER_CLAIM_MS * (due.length + 1);
        const sealed = await insisted(() => client.eval(APPOINTMENT_REMIND_SCRIPT, 3, ...keys, claim, ttl, id));
        if (typeof sealed === 'string') due.push({ id, sealed });
      }
      return due;
    },
    async appointmentReminded(id, claim, gone) {
      const keys = [clientRemindingKey(id), clientReminderKey(id), CLIENT_REMINDERS_KEY];
      await insisted(() => client.eval(APPOINTMENT_REMINDED_SCRIPT, 3, ...keys, claim, id, gone ? 'gone' : ''));
    },
  };
}

/** Whether a visitor's own live holds (their set of ids) include one of exactly this time (its entry in the list, unconfirmed). */
function visitorsOwn(
  client: StoreRedis['client'],
  asked: <T>(command: () => Promise<T>) => Promise<T | null>,
): Pick<HoldStore, 'heldBy'> {
  return {
    async heldBy(hold, now) {
      const ids = await asked(() => client.zrangebyscore(visitorKey(hold.visitor), `(${now.getTime()}`, '+inf'));
      if (ids === null) return null;
      if (ids.length === 0) return false;
      const entries = await asked(() => client.zrangebyscore(LIST_KEY, `(${now.getTime()}`, '+inf'));
      const mine = new Set(ids.map((id) => entryOf(id, hold)));
      return entries?.some((entry) => mine.has(entry)) ?? null;
    },
  };
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
  /** The command's answer, or null when Redis did not give one (the store's health told either way). */
  const asked = <T>(command: () => Promise<T>): Promise<T | null> => health.ask(command).catch(() => null);
  /** The same for a command that may run twice: asked again first (a late reply, retry.ts). */
  const insisted = <T>(command: () => Promise<T>): Promise<T | null> =>
    retried(() => health.ask(command)).catch(() => null);
  const changed = (change: HoldChange, now: Date) => {
    const { keys, args } = holdChangeArgs(change, now);
    return insisted(() => client.eval(CHANGE_SCRIPT, keys.length, ...keys, ...args));
  };
  async function release(token: string, hold: Hold) {
    // Should Redis not answer, the hold lapses by itself; meanwhile the time is not offered.
    return (await changed({ kind: 'release', id: token, hold }, new Date())) !== null;
  }

  return {
    describe: `redis ${redis.where}`,
    async hold(hold, now) {
      const token = hold.id ?? randomUUID();
      const [first, last] = slicesOf(hold);
      const keys = [LIST_KEY, visitorKey(hold.visitor)];
      const ttl = ttlOf(rules, now);
      const args = [token, ttl, now.getTime(), entryOf(token, hold), SLICE_PREFIX, first, last, rules.perVisitor];
      const ok = await asked(() => client.eval(HOLD_SCRIPT, 2, ...keys, ...args));
      if (ok === null) return { result: 'unavailable' };
      if (ok === 2) return { result: 'waiting' };
      if (ok !== 1) return { result: 'taken' };
      return { result: 'held', id: token, release: () => release(token, hold) };
    },
    async remember(id, sealed, now) {
      const ttl = ttlOf(rules, now);
      return (await insisted(() => client.set(sealedKey(id), sealed, 'PX', ttl))) !== null;
    },
    async keep(id, hold, until, now, remind) {
      if (until.getTime() <= now.getTime()) return true;
      return (await changed({ kind: 'keep', id, hold, until, ...(remind ? { remind } : {}) }, now)) !== null;
    },
    async overlapping(id, hold, _now) {
      const [first, last] = slicesOf(hold);
      const keys = Array.from({ length: last - first + 1 }, (_, i) => `${SLICE_PREFIX}${first + i}`);
      const owners = await insisted(() => client.mget(...keys));
      return owners ? owners.some((owner) => owner !== null && owner !== id) : null;
    },
    release,
    async list(now) {
      const entries = await asked(() => client.zrangebyscore(LIST_KEY, `(${now.getTime()}`, '+inf'));
      // The set is ordered by expiry; the holds come back in time order, as the memory store gives them.
      return entries?.flatMap(intervalOf).sort((a, b) => a.start.getTime() - b.start.getTime()) ?? null;
    },
    ...practiceReminders(client, insisted),
    ...clientReminders(client, insisted),
    ...visitorsOwn(client, asked),
    state: health.state,
  };
}
