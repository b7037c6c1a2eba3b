import type { Logger } from 'pino';
import { storeHealth, type StoreState } from './health';
import type { StoreRedis } from './redis';
import { retried } from './retry';

// What the site keeps to keep her own calendar (server/booking/herCalendar/): one entry per event,
// what is wanted there now (the session present at its time, or absent) and what the site last
// wrote (its ETag and its times), queued for the one attempt that makes her calendar match,
// and retried until it does or the session has passed. An entry is claimed per attempt, so that
// one process on one machine works it at a time (a claim lapses by itself, should its process
// stop). What the event says of the client comes sealed by the caller: this store never reads it.
// Every entry expires when its session ends. In Redis for every worker, machine and restart; in
// this process's memory without REDIS_URL (development, tests).

/** What is wanted in her calendar: the session there, or not. */
type Want = 'present' | 'absent';

export interface CalendarEntry {
  /** The event's key: its name in the collection and its UID. */
  key: string;
  /** What the event says, sealed by the caller. */
  sealed: string;
  want: Want;
  /** The session's end (ms): the entry expires then. */
  until: number;
  /** Bumped by every change of what is wanted. */
  version: number;
  /** The ETag of what the site last wrote; '': none known. */
  etag: string;
  /** The times of what the site last wrote; '': nothing. */
  written: string;
  /** Every time ever wanted for this event ('<start ms>/<end ms>'): what the site may find there as its own. */
  known: string[];
  /** Failed attempts since what is wanted last changed. */
  failures: number;
  /** The last attempt's word. */
  status: string;
  /** Which of her mails about it went already ('<kind>:<version>'). */
  mailed: string;
}

/** What is wanted of an event from now on: the session present (as sealed, until it ends), or absent. */
export type Wanted =
  | {
      want: 'present';
      sealed: string;
      until: number;
      /** The session's times as the site writes them ('<start ms>/<end ms>'): what it may find there as its own. */
      times: string;
    }
  | { want: 'absent' };

/** What an attempt did, for finish(). */
export interface Attempted {
  /** The version the attempt worked on: a newer one stays due. */
  version: number;
  etag: string;
  written: string;
  status: string;
  failures: number;
  mailed: string;
  /** When to try again (ms); null: nothing more to do. */
  next: number | null;
  /** Nothing more is wanted of the entry: it goes. */
  remove: boolean;
}

export interface CalendarQueue {
  /** For the start-up line; never a secret. */
  describe: string;
  /**
   * The event `key` as wanted from now on (version bumped); `due`: written at once (CalDAV), else
   * only kept for the subscription (absent: the entry goes). Absent changes nothing of an event
   * the store does not have. `alias`: another key that names the same event from now on (a moved
   * booking's). Throws when the store does not answer.
   */
  want(key: string, wanted: Wanted, now: number, options: { due: boolean; alias?: string }): Promise<void>;
  /** The event a key names: an alias's event, or the key itself. Throws when the store does not answer. */
  resolve(key: string): Promise<string>;
  /** Every entry waiting for a retry is due at `now` (a start after her login was refused: the new password tried at once). */
  hurry(now: number): Promise<void>;
  /** The entry of event `key` while its session lasts; null: none. Throws when the store does not answer. */
  entry(key: string, now: number): Promise<CalendarEntry | null>;
  /** Up to `max` entries due by `now`, each claimed by `claim` for `ms`. Throws when the store does not answer. */
  claim(now: number, claim: string, ms: number, max: number): Promise<CalendarEntry[]>;
  /** An attempt's outcome, kept if the entry is still `claim`'s; the claim goes. Throws when the store does not answer. */
  finish(key: string, claim: string, attempted: Attempted): Promise<void>;
  /** Every session wanted present that has not ended by `now`. Throws when the store does not answer. */
  sessions(now: number): Promise<CalendarEntry[]>;
  /** The sealed text `from` replaced by `to` (re-sealed after a rotation), unless it changed meanwhile. */
  reseal(key: string, from: string, to: string): Promise<void>;
  /** true the first time `notice` is taken until it is cleared, on any process (her mail of a refused login: once). */
  firstNotice(notice: string): Promise<boolean>;
  clearNotice(notice: string): Promise<void>;
  /** What the last attempt found, shared by every process (for /healthz), and how many entries wait. */
  setWriting(state: string): Promise<void>;
  writing(now: number): Promise<{ state: string | null; waiting: number }>;
  state(): StoreState;
}

const PREFIX = 'psykolog-aalborg:calendar:';

/** An entry from its stored fields. */
function entryOf(key: string, fields: Record<string, string>, known: string[]): CalendarEntry {
  return {
    key,
    sealed: fields.sealed ?? '',
    want: fields.want === 'absent' ? 'absent' : 'present',
    until: Number(fields.until ?? 0),
    version: Number(fields.version ?? 0),
    etag: fields.etag ?? '',
    written: fields.written ?? '',
    known,
    failures: Number(fields.failures ?? 0),
    status: fields.status ?? '',
    mailed: fields.mailed ?? '',
  };
}

/** The memory twin's state: the entries, when each is due, its claim, the aliases. */
interface Memory {
  entries: Map<string, CalendarEntry>;
  due: Map<string, number>;
  claims: Map<string, { claim: string; expires: number }>;
  aliases: Map<string, string>;
}

/** An entry while its session lasts (one whose session ended is gone). */
function liveIn(m: Memory, key: string, now: number): CalendarEntry | undefined {
  const entry = m.entries.get(key);
  if (entry && entry.until <= now) {
    m.entries.delete(key);
    m.due.delete(key);
  }
  return m.entries.get(key);
}

/** What want() does, in memory (WANT_SCRIPT in Redis). */
function wantIn(m: Memory, key: string, wanted: Wanted, now: number, options: { due: boolean; alias?: string }) {
  const before = liveIn(m, key, now);
  if (wanted.want === 'absent') {
    if (!before) return;
    if (!options.due) {
      m.entries.delete(key);
      m.due.delete(key);
      return;
    }
    Object.assign(before, { want: 'absent', version: before.version + 1, failures: 0 });
    m.due.set(key, now);
    return;
  }
  const known = [...(before?.known ?? [])];
  if (!known.includes(wanted.times)) known.push(wanted.times);
  const { sealed, until } = wanted;
  const base = before ?? entryOf(key, {}, []);
  m.entries.set(key, { ...base, sealed, want: 'present', until, known, version: base.version + 1, failures: 0 });
  if (options.due) m.due.set(key, now);
  if (options.alias) m.aliases.set(options.alias, key);
}

/** What finish() does, in memory (FINISH_SCRIPT in Redis). */
function finishIn(m: Memory, key: string, claim: string, a: Attempted) {
  if (m.claims.get(key)?.claim !== claim) return;
  m.claims.delete(key);
  const entry = m.entries.get(key);
  if (!entry) return;
  Object.assign(entry, { etag: a.etag, written: a.written, status: a.status, mailed: a.mailed });
  if (entry.version !== a.version) return;
  entry.failures = a.failures;
  if (a.remove) {
    m.entries.delete(key);
    m.due.delete(key);
  } else if (a.next === null) m.due.delete(key);
  else m.due.set(key, a.next);
}

function memoryQueue(): CalendarQueue {
  const m: Memory = { entries: new Map(), due: new Map(), claims: new Map(), aliases: new Map() };
  const notices = new Set<string>();
  let writing: string | null = null;
  return {
    describe: 'memory',
    async want(key, wanted, now, options) {
      wantIn(m, key, wanted, now, options);
    },
    async resolve(key) {
      return m.aliases.get(key) ?? key;
    },
    async hurry(now) {
      for (const [key, at] of m.due) if (at > now) m.due.set(key, now);
    },
    async entry(key, now) {
      const entry = liveIn(m, key, now);
      return entry ? structuredClone(entry) : null;
    },
    async claim(now, claim, ms, max) {
      const found: CalendarEntry[] = [];
      for (const [key, at] of [...m.due].sort((a, b) => a[1] - b[1])) {
        if (found.length >= max || at > now) break;
        const entry = liveIn(m, key, now);
        const held = m.claims.get(key);
        if (!entry || (held && held.expires > now)) continue;
        m.claims.set(key, { claim, expires: now + ms });
        found.push(structuredClone(entry));
      }
      return found;
    },
    async finish(key, claim, a) {
      finishIn(m, key, claim, a);
    },
    async sessions(now) {
      return [...m.entries.keys()]
        .map((key) => liveIn(m, key, now))
        .filter((e): e is CalendarEntry => e?.want === 'present')
        .map((e) => structuredClone(e));
    },
    async reseal(key, from, to) {
      const entry = m.entries.get(key);
      if (entry?.sealed === from) entry.sealed = to;
    },
    async firstNotice(notice) {
      if (notices.has(notice)) return false;
      notices.add(notice);
      return true;
    },
    async clearNotice(notice) {
      notices.delete(notice);
    },
    async setWriting(state) {
      writing = state;
    },
    async writing(now) {
      return { state: writing, waiting: [...m.due.keys()].filter((key) => liveIn(m, key, now)).length };
    },
    state: () => 'memory',
  };
}

/**
 * KEYS: entry, known, due, sessions, alias. ARGV: key, want, sealed, until, times, now, due (1/0),
 * alias (1/0). Present: (re)written, its times known. Absent: due for its deletion, or gone.
 */
const WANT_SCRIPT = `
local now = tonumber(ARGV[6])
if ARGV[2] == 'absent' then
  if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
  redis.call('ZREM', KEYS[4], ARGV[1])
  if ARGV[7] == '0' then
    redis.call('DEL', KEYS[1], KEYS[2])
    return 0
  end
  redis.call('HINCRBY', KEYS[1], 'version', 1)
  redis.call('HSET', KEYS[1], 'want', 'absent', 'failures', 0)
  redis.call('ZADD', KEYS[3], now, ARGV[1])
  return 1
end
local ends = tonumber(ARGV[4])
local function keep(zset, score)
  redis.call('ZADD', zset, score, ARGV[1])
  if redis.call('PTTL', zset) < ends - now then redis.call('PEXPIREAT', zset, ends) end
end
redis.call('HINCRBY', KEYS[1], 'version', 1)
redis.call('HSET', KEYS[1], 'sealed', ARGV[3], 'want', 'present', 'until', ARGV[4], 'failures', 0)
redis.call('PEXPIREAT', KEYS[1], ends)
redis.call('SADD', KEYS[2], ARGV[5])
redis.call('PEXPIREAT', KEYS[2], ends)
keep(KEYS[4], ends)
if ARGV[7] == '1' then keep(KEYS[3], now) end
if ARGV[8] == '1' then redis.call('SET', KEYS[5], ARGV[1], 'PXAT', ends) end
return 1
`;

/** KEYS: due. ARGV: now, claim, ms, max, prefix. Each due entry not claimed: claimed, with its fields and known times. */
const CLAIM_SCRIPT = `
local keys = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[4]))
local out = {}
for _, k in ipairs(keys) do
  local entry = ARGV[5] .. 'entry:' .. k
  if redis.call('EXISTS', entry) == 0 then
    redis.call('ZREM', KEYS[1], k)
  elseif redis.call('SET', ARGV[5] .. 'claim:' .. k, ARGV[2], 'NX', 'PX', ARGV[3]) then
    out[#out + 1] = {k, redis.call('HGETALL', entry), redis.call('SMEMBERS', ARGV[5] .. 'known:' .. k)}
  end
end
return out
`;

/**
 * KEYS: entry, known, due, sessions, claim. ARGV: claim, version, etag, written, status, failures,
 * mailed, next ('' : none), remove (1/0), key. Only the claim's holder records; a newer version stays due.
 */
const FINISH_SCRIPT = `
if redis.call('GET', KEYS[5]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[5])
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('ZREM', KEYS[3], ARGV[10])
  return 0
end
redis.call('HSET', KEYS[1], 'etag', ARGV[3], 'written', ARGV[4], 'status', ARGV[5], 'mailed', ARGV[7])
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[2] then return 2 end
redis.call('HSET', KEYS[1], 'failures', ARGV[6])
if ARGV[9] == '1' then
  redis.call('DEL', KEYS[1], KEYS[2])
  redis.call('ZREM', KEYS[3], ARGV[10])
  redis.call('ZREM', KEYS[4], ARGV[10])
elseif ARGV[8] == '' then
  redis.call('ZREM', KEYS[3], ARGV[10])
else
  redis.call('ZADD', KEYS[3], ARGV[8], ARGV[10])
end
return 1
`;

/** KEYS: sessions. ARGV: now, prefix. The sessions not ended, with their fields (those ended leave the list). */
const SESSIONS_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local out = {}
for _, k in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf')) do
  local fields = redis.call('HGETALL', ARGV[2] .. 'entry:' .. k)
  if #fields > 0 then out[#out + 1] = {k, fields, {}} end
end
return out
`;

/** KEYS: due. ARGV: now. Every entry due later is due now. */
const HURRY_SCRIPT = `
for _, k in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf')) do
  redis.call('ZADD', KEYS[1], ARGV[1], k)
end
return 1
`;

/** KEYS: entry. ARGV: from, to. */
const RESEAL_SCRIPT = `
if redis.call('HGET', KEYS[1], 'sealed') == ARGV[1] then redis.call('HSET', KEYS[1], 'sealed', ARGV[2]) end
return 1
`;

/** A script's entries: [key, [field, value, …], [times, …]] each. */
function entriesOf(reply: unknown): CalendarEntry[] {
  return (reply as [string, string[], string[]][]).map(([key, flat, known]) => {
    const fields: Record<string, string> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i] as string] = flat[i + 1] as string;
    return entryOf(key, fields, known);
  });
}

function redisQueue(redis: StoreRedis, logger: Logger): CalendarQueue {
  const health = storeHealth(
    logger,
    redis,
    'calendar writes',
    'her calendar is not written and confirmed sessions wait in this process',
  );
  const { client } = redis;
  const keysOf = (key: string) => [
    `${PREFIX}entry:${key}`,
    `${PREFIX}known:${key}`,
    `${PREFIX}due`,
    `${PREFIX}sessions`,
  ];
  const insisted = <T>(command: () => Promise<T>) => retried(() => health.ask(command));
  return {
    describe: `redis ${redis.where}`,
    async want(key, w, now, options) {
      const alias = `${PREFIX}alias:${options.alias ?? key}`;
      const present = w.want === 'present' ? [w.sealed, w.until, w.times] : ['', 0, ''];
      const args = [key, w.want, ...present, now, options.due ? 1 : 0, options.alias ? 1 : 0];
      await insisted(() => client.eval(WANT_SCRIPT, 5, ...keysOf(key), alias, ...args));
    },
    async resolve(key) {
      return (await health.ask(() => client.get(`${PREFIX}alias:${key}`))) ?? key;
    },
    async hurry(now) {
      await health.ask(() => client.eval(HURRY_SCRIPT, 1, `${PREFIX}due`, now));
    },
    async entry(key) {
      const [fields, known] = await health.ask(() =>
        Promise.all([client.hgetall(`${PREFIX}entry:${key}`), client.smembers(`${PREFIX}known:${key}`)]),
      );
      return Object.keys(fields).length > 0 ? entryOf(key, fields, known) : null;
    },
    async claim(now, claim, ms, max) {
      return entriesOf(
        await health.ask(() => client.eval(CLAIM_SCRIPT, 1, `${PREFIX}due`, now, claim, ms, max, PREFIX)),
      );
    },
    async finish(key, claim, a) {
      const args = [
        claim,
        a.version,
        a.etag,
        a.written,
        a.status,
        a.failures,
        a.mailed,
        a.next ?? '',
        a.remove ? 1 : 0,
      ];
      await insisted(() => client.eval(FINISH_SCRIPT, 5, ...keysOf(key), `${PREFIX}claim:${key}`, ...args, key));
    },
    async sessions(now) {
      return entriesOf(await health.ask(() => client.eval(SESSIONS_SCRIPT, 1, `${PREFIX}sessions`, now, PREFIX)));
    },
    async reseal(key, from, to) {
      await health.ask(() => client.eval(RESEAL_SCRIPT, 1, `${PREFIX}entry:${key}`, from, to));
    },
    async firstNotice(notice) {
      return (await health.ask(() => client.set(`${PREFIX}notice:${notice}`, '1', 'NX'))) === 'OK';
    },
    async clearNotice(notice) {
      await health.ask(() => client.del(`${PREFIX}notice:${notice}`));
    },
    async setWriting(state) {
      await health.ask(() => client.set(`${PREFIX}writing`, state));
    },
    async writing() {
      const [state, waiting] = await health.ask(() =>
        Promise.all([client.get(`${PREFIX}writing`), client.zcard(`${PREFIX}due`)]),
      );
      return { state, waiting };
    },
    state: () => health.state(),
  };
}

/** The store for this process: in `redis` (the composition root's one client), or in memory without one. */
export function createCalendarQueue(logger: Logger, redis: StoreRedis | null): CalendarQueue {
  return redis ? redisQueue(redis, logger) : memoryQueue();
}

/** Where the entries live in Redis (for a test that looks at what Redis keeps). */
export const CALENDAR_KEY_PREFIX = PREFIX;
