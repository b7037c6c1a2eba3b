import type { HoldChange, HoldGuard } from './holds';
import {
  CLIENT_REMINDERS_KEY,
  clientReminderKey,
  entryOf,
  LIST_KEY,
  remindedKey,
  sealedKey,
  SENT,
  SLICE_PREFIX,
  slicesOf,
  visitorKey,
} from './holdsRedisLayout';

// What an answer to a request (or a change of an appointment) does to its hold in Redis, as Lua
// functions that the holds' own scripts (holdsRedis.ts) and the links' records (usedLinksRedis.ts,
// where the record and the change are one step) call, each with the keys and arguments it takes.

/**
 * How an answer changes a hold, as a Lua function both this store's scripts and the answer marks'
 * (usedLinks.ts, where the change and the mark are one step) call. k: the list, the visitor's
 * holds, the sealed request, its reminder's claim, the client's reminder, the list of client
 * reminders. a: 'keep' or 'release', token, ttl ms, now ms, the list's entry as it was, the
 * slices' prefix, first and last slice, the client's sealed reminder ('' for none) and when it is
 * due (ms). Kept: each slice that is free or this hold's is (re)set for the ttl (one another hold
 * took after this one lapsed stays that one's), the entry marked confirmed, the client's reminder
 * set beside it for as long. Released: only this hold's own slices go, and its entry, and the
 * client's reminder with it; a confirmed one is listed as freed until it would have begun. Either way the hold is the visitor's no longer, and its
 * sealed request and reminder go: answered, it needs neither.
 */
export const HOLD_CHANGE_LUA = `
local function changeHold(k, a)
  local token, entry, prefix = a[2], a[5], a[6]
  local first, last = tonumber(a[7]), tonumber(a[8])
  if a[1] == 'keep' then
    local ttl, now = tonumber(a[3]), tonumber(a[4])
    for slice = first, last do
      local key = prefix .. slice
      local owner = redis.call('GET', key)
      if not owner or owner == token then redis.call('SET', key, token, 'PX', ttl) end
    end
    redis.call('ZREMRANGEBYSCORE', k[1], '-inf', now)
    redis.call('ZREM', k[1], entry)
    redis.call('ZADD', k[1], now + ttl, entry .. '|confirmed')
    if redis.call('PTTL', k[1]) < ttl then redis.call('PEXPIRE', k[1], ttl) end
    if a[9] ~= '' then
      redis.call('SET', k[5], a[9], 'PX', ttl)
      redis.call('ZADD', k[6], tonumber(a[10]), token)
      if redis.call('PTTL', k[6]) < ttl then redis.call('PEXPIRE', k[6], ttl) end
    end
  else
    for slice = first, last do
      local key = prefix .. slice
      if redis.call('GET', key) == token then redis.call('DEL', key) end
    end
    redis.call('ZREM', k[1], entry)
    -- A confirmed session freed: listed as such until it would have begun (its start is the entry's third field).
    if redis.call('ZREM', k[1], entry .. '|confirmed') == 1 then
      redis.call('ZADD', k[1], tonumber(string.match(entry, '^[^|]*|[^|]*|(%d+)|')), entry .. '|freed')
    end
    redis.call('DEL', k[5])
    redis.call('ZREM', k[6], token)
  end
  redis.call('ZREM', k[2], token)
  redis.call('DEL', k[3], k[4])
end
`;
/**
 * A press under way on a request's link (usedLinks.ts): guardHold keeps the request from looking
 * unanswered in Redis itself, whatever becomes of the process that presses. k: the list, the
 * reminder's key. a: token, the list's entry, the slices' prefix, first and last slice, until ms,
 * due ms, now ms, '1' to extend the hold. The reminder is held off ('answering', unless it was
 * sent) until `until`; extended, the hold's own slices and its entry last until then too.
 * unguardHold, for a press that sent nothing, puts the hold's expiry back to its due time and
 * lets the reminder come.
 */
export const HOLD_GUARD_LUA = `
local function guardSlices(a, ms)
  for slice = tonumber(a[4]), tonumber(a[5]) do
    local key = a[3] .. slice
    if redis.call('GET', key) == a[1] then
      if ms > 0 then redis.call('PEXPIRE', key, ms) else redis.call('DEL', key) end
    end
  end
end
local function guardHold(k, a)
  local untilMs, now = tonumber(a[6]), tonumber(a[8])
  local ttl = untilMs - now
  if ttl <= 0 then return end
  if a[9] == '1' then
    guardSlices(a, ttl)
    if redis.call('ZSCORE', k[1], a[2]) then redis.call('ZADD', k[1], untilMs, a[2]) end
    if redis.call('PTTL', k[1]) < ttl then redis.call('PEXPIRE', k[1], ttl) end
  end
  if redis.call('GET', k[2]) ~= '${SENT}' then redis.call('SET', k[2], 'answering', 'PX', ttl) end
end
local function unguardHold(k, a)
  local due, now = tonumber(a[7]), tonumber(a[8])
  if a[9] == '1' then
    guardSlices(a, due - now)
    if redis.call('ZSCORE', k[1], a[2]) then
      if due > now then redis.call('ZADD', k[1], due, a[2]) else redis.call('ZREM', k[1], a[2]) end
    end
  end
  if redis.call('GET', k[2]) == 'answering' then redis.call('DEL', k[2]) end
end
`;

/** HOLD_GUARD_LUA's keys and arguments for `guard` at `now`. */
export function holdGuardArgs(guard: HoldGuard, now: Date): { keys: string[]; args: (string | number)[] } {
  const { id, hold } = guard;
  return {
    keys: [LIST_KEY, remindedKey(id)],
    args: [
      id,
      entryOf(id, hold),
      SLICE_PREFIX,
      ...slicesOf(hold),
      guard.until.getTime(),
      guard.due.getTime(),
      now.getTime(),
      guard.extend ? '1' : '0',
    ],
  };
}

/** HOLD_CHANGE_LUA's keys and arguments for `change` at `now`. */
export function holdChangeArgs(change: HoldChange, now: Date): { keys: string[]; args: (string | number)[] } {
  const { id, hold } = change;
  const ttl = change.kind === 'keep' ? Math.max(1, change.until.getTime() - now.getTime()) : 0;
  const remind = change.kind === 'keep' && change.remind ? change.remind : null;
  return {
    keys: [
      LIST_KEY,
      visitorKey(hold.visitor),
      sealedKey(id),
      remindedKey(id),
      clientReminderKey(id),
      CLIENT_REMINDERS_KEY,
    ],
    args: [
      change.kind,
      id,
      ttl,
      now.getTime(),
      entryOf(id, hold),
      SLICE_PREFIX,
      ...slicesOf(hold),
      remind?.sealed ?? '',
      remind?.at.getTime() ?? 0,
    ],
  };
}
