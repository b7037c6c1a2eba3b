import type { Logger } from 'pino';
import { storeHealth } from './health';
import type { HoldChange, HoldStore } from './holds';
import { HOLD_CHANGE_LUA, holdChangeArgs } from './holdsRedis';
import type { StoreRedis } from './redis';
import { retried } from './retry';
import { DAY_MS, MINUTE_MS } from '../../views/days';

// Which of the practitioner's answer links (server/booking/decision/) have been used, and what
// became of the appointment since (the client's manage link, server/booking/manage/), so that a
// press sends its mail exactly once, on any worker or machine and through any restart, and the
// link's page can say which answer was given. A mark is keyed by a hash of the link's random id:
// nothing about the visitor or the request is in it (decision 0028). Its value is a state's word
// and, for a move, ids and instants; the words are the domain's (server/booking/manage/state.ts),
// this store only compares them: a press may begin only from the values it names.
//
// A press is two steps around its mail (decision 0039). begin() takes a pending claim, named by
// the press's own random `claim`, that lapses by itself after PENDING_MS; while it stands, any other
// press of the link is told that the answer is being sent, and sends nothing. settle() makes it
// final once the mail was accepted, in one step with what it does to holds (kept, with the
// client's reminder, or released) and the sealed request's deletion: the mail and the record go together. A press that
// sends nothing gives its claim back (abandon). Each step may run twice and still counts once (it
// carries the claim), so a reply later than the client's timeout is asked again (retry.ts) rather
// than taken for a failure; a press whose process stopped mid-mail leaves a claim that lapses,
// and her next press then sends. The final mark lives until MARK_DAYS_AFTER past the session.
//
// With REDIS_URL the marks live in Redis (scripts, so the first claim wins on every machine),
// else in this process's memory (development, tests). A Redis that does not answer does not let
// the press through: "exactly one mail" cannot be vouched for.

/** How long a pending claim lasts: longer than a press may take (the mail's budget, 18 s, and the stores' retries). */
const PENDING_MS = MINUTE_MS;
/** How long a final mark lives past the session: a link pressed after it sends nothing anyway (decision/answerForm.ts). */
const MARK_DAYS_AFTER = 30;
const markUntil = (session: Date) => new Date(session.getTime() + MARK_DAYS_AFTER * DAY_MS);

type Begun =
  /** This press holds the claim, taken on the mark's `value` (null: none): it may send. */
  | { kind: 'claimed'; value: string | null }
  /** Another press of this link is sending `act` now. */
  | { kind: 'pending'; act: string }
  /** The mark stands where this press may not act: its `value` (null: none). */
  | { kind: 'standing'; value: string | null };

/**
 * What a press makes final once its mail was accepted: the mark's value (until a month past
 * `session`), what it does to holds, and another link's mark made final with it (a move's own
 * request, answered on its appointment's mark).
 */
export interface Settlement {
  value: string;
  session: Date;
  holds: readonly HoldChange[];
  also?: { id: string; value: string };
}

export interface UsedLinks {
  /** For the start-up line; never a secret. */
  describe: string;
  /**
   * A press of `act` on link `id`, by `claim`, while its mark's value is one of `from`: a state's
   * word ('' for no mark, 'confirm') or a value's beginning ending in '|'. Throws when the store
   * does not answer.
   */
  begin(id: string, act: string, claim: string, from: readonly string[]): Promise<Begun>;
  /**
   * The press's mail was accepted: the settlement made final in one step. false: the claim was
   * no longer this press's. Throws when the store does not answer.
   */
  settle(id: string, act: string, claim: string, settlement: Settlement, now: Date): Promise<boolean>;
  /** The press sent nothing: its claim goes (never throws; it lapses by itself otherwise). */
  abandon(id: string, act: string, claim: string): Promise<void>;
  /** The link's mark (null: none) and whether a press is under way. Throws when the store does not answer. */
  peek(id: string): Promise<{ value: string | null; pending: boolean }>;
}

export const USED_KEY_PREFIX = 'psykolog-aalborg:booking:used:';
/** A pending claim: its own key, so that a release's claim leaves the confirmation's mark as it is. */
const PENDING_KEY_PREFIX = 'psykolog-aalborg:booking:pending:';

/** A pending claim's value: act|claim. */
const pendingOf = (act: string, claim: string) => `${act}|${claim}`;
const actOf = (pending: string) => pending.split('|')[0] ?? '';

/** Whether a mark's value (null: none) is one `from` allows (its word, or a beginning ending in '|'). */
function allowed(value: string | null, from: readonly string[]): boolean {
  const v = value ?? '';
  const word = v.split('|')[0];
  return from.some((f) => f === word || (f.endsWith('|') && v.startsWith(f)));
}

/** What begin() finds, given the mark and the pending claim as they stand, when it took no claim. */
function standing(value: string | null, pending: string | null, mine: string): Begun {
  if (pending === mine) return { kind: 'claimed', value };
  if (pending) return { kind: 'pending', act: actOf(pending) };
  return { kind: 'standing', value };
}

function memoryStore(holds: HoldStore): UsedLinks {
  const marks = new Map<string, { value: string; expires: number }>();
  const pending = new Map<string, { value: string; expires: number }>();
  const live = <T extends { expires: number }>(map: Map<string, T>, id: string) => {
    const entry = map.get(id);
    if (entry && entry.expires <= Date.now()) map.delete(id);
    return map.get(id);
  };
  return {
    describe: 'memory',
    async begin(id, act, claim, from) {
      const value = live(marks, id)?.value ?? null;
      const under = live(pending, id)?.value ?? null;
      if (under || !allowed(value, from)) return standing(value, under, pendingOf(act, claim));
      pending.set(id, { value: pendingOf(act, claim), expires: Date.now() + PENDING_MS });
      return { kind: 'claimed', value };
    },
    async settle(id, act, claim, s, now) {
      const ours = live(pending, id)?.value === pendingOf(act, claim);
      if (!ours && live(marks, id)?.value !== s.value) return false;
      for (const change of s.holds)
        if (change.kind === 'keep') await holds.keep(change.id, change.hold, change.until, now, change.remind);
        else await holds.release(change.id, change.hold);
      const expires = markUntil(s.session).getTime();
      marks.set(id, { value: s.value, expires });
      if (s.also) marks.set(s.also.id, { value: s.also.value, expires });
      pending.delete(id);
      return true;
    },
    async abandon(id, act, claim) {
      if (pending.get(id)?.value === pendingOf(act, claim)) pending.delete(id);
    },
    async peek(id) {
      return { value: live(marks, id)?.value ?? null, pending: live(pending, id) !== undefined };
    },
  };
}

/**
 * KEYS: the mark, the pending claim. ARGV: act, pending value, ttl ms, then the values `from`
 * allows. Takes the claim when none stands and the mark is one of them; the mark and the claim as
 * they stood, and whether it took it.
 */
const BEGIN_SCRIPT = `
local mark = redis.call('GET', KEYS[1])
local pending = redis.call('GET', KEYS[2])
if pending then return {mark or '', pending, 0} end
local value = mark or ''
local word = string.match(value, '^[^|]*')
for i = 4, #ARGV do
  local f = ARGV[i]
  if f == word or (string.sub(f, -1) == '|' and string.sub(value, 1, #f) == f) then
    redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
    return {value, ARGV[2], 1}
  end
end
return {value, '', 0}
`;
/**
 * KEYS: the mark, the pending claim, another mark (or the mark again), then six per hold change
 * (holdsRedis.ts). ARGV: the value, pending value, the marks' ttl ms, the other mark's value (''
 * for none), how many hold changes, then ten per change. This press's claim (or the same value
 * already final: a late reply asked again) makes the settlement final; else 0.
 */
const SETTLE_SCRIPT = `${HOLD_CHANGE_LUA}
if redis.call('GET', KEYS[2]) ~= ARGV[2] and redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
for i = 0, tonumber(ARGV[5]) - 1 do
  local k, a = {}, {}
  for j = 1, 6 do k[j] = KEYS[3 + i * 6 + j] end
  for j = 1, 10 do a[j] = ARGV[5 + i * 10 + j] end
  changeHold(k, a)
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
if ARGV[4] ~= '' then redis.call('SET', KEYS[3], ARGV[4], 'PX', ARGV[3]) end
redis.call('DEL', KEYS[2])
return 1
`;
/** KEYS: the pending claim. ARGV: its value. Only this press's claim goes. */
const ABANDON_SCRIPT = `
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
  const keys = (id: string): [string, string] => [`${USED_KEY_PREFIX}${id}`, `${PENDING_KEY_PREFIX}${id}`];
  const insisted = <T>(command: () => Promise<T>) => retried(() => health.ask(command));
  return {
    describe: `redis ${redis.where}`,
    async begin(id, act, claim, from) {
      const mine = pendingOf(act, claim);
      const [value, under, taken] = (await insisted(() =>
        client.eval(BEGIN_SCRIPT, 2, ...keys(id), act, mine, PENDING_MS, ...from),
      )) as [string, string, number];
      if (taken === 1) return { kind: 'claimed', value: value || null };
      return standing(value || null, under || null, mine);
    },
    async settle(id, act, claim, s, now) {
      const ttl = Math.max(1, markUntil(s.session).getTime() - now.getTime());
      const changes = s.holds.map((change) => holdChangeArgs(change, now));
      const [mark, pending] = keys(id);
      const also = s.also ? `${USED_KEY_PREFIX}${s.also.id}` : mark;
      const allKeys = [mark, pending, also, ...changes.flatMap((c) => c.keys)];
      const args = [
        s.value,
        pendingOf(act, claim),
        ttl,
        s.also?.value ?? '',
        changes.length,
        ...changes.flatMap((c) => c.args),
      ];
      const done = await insisted(() => client.eval(SETTLE_SCRIPT, allKeys.length, ...allKeys, ...args));
      return done === 1;
    },
    async abandon(id, act, claim) {
      const [, pending] = keys(id);
      await insisted(() => client.eval(ABANDON_SCRIPT, 1, pending, pendingOf(act, claim))).catch(() => undefined);
    },
    async peek(id) {
      const [value, pending] = await health.ask(() => client.mget(...keys(id)));
      return { value: value ?? null, pending: pending !== null && pending !== undefined };
    },
  };
}

/** The store for this process: in `redis` (the composition root's one client), or in memory beside `holds` without one. */
export function createUsedLinks(logger: Logger, redis: StoreRedis | null, holds: HoldStore): UsedLinks {
  return redis ? redisStore(redis, logger) : memoryStore(holds);
}
