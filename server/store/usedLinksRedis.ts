import type { Logger } from 'pino';
import { storeHealth } from './health';
import type { HoldGuard } from './holds';
import { HOLD_CHANGE_LUA, HOLD_GUARD_LUA, holdChangeArgs, holdGuardArgs } from './holdsRedisAnswers';
import { RedisForgot } from './marker';
import type { StoreRedis } from './redis';
import { retried } from './retry';
import { unfinishedSteps } from './unfinished';
import {
  claimOf,
  type LinkPress,
  noteOf,
  recordOf,
  recordTtl,
  type Settlement,
  standing,
  type UsedLinks,
} from './usedLinks';

// The links' records in Redis (usedLinks.ts): every worker on every machine, through every
// restart. begin() reads the record, the claim and the uncertain note, decides by the rules of
// usedLinks.ts, and takes the claim only if none of them changed meanwhile (a compare-and-set
// script, which also guards the hold); so the rules are written once, for both stores, and the
// first press wins on every machine. Each script recognises its own earlier run (the claim it
// carries), so a late reply is asked again; a settle or abandon Redis does not take even then is
// owed (unfinished.ts).

export const USED_KEY_PREFIX = 'psykolog-aalborg:booking:used:';
/** A claim: its own key, so that a release's claim leaves the confirmation's record as it is. */
const CLAIM_KEY_PREFIX = 'psykolog-aalborg:booking:pending:';
/** The note that a recorded act's mail may not have arrived (the mail server never answered). */
const NOTE_KEY_PREFIX = 'psykolog-aalborg:booking:uncertain:';

/** A press's guard's arguments, or ones that guard nothing. */
const GUARD_NONE: (string | number)[] = ['', '', '', 0, -1, 0, 0, 0, '0'];

/**
 * KEYS: the record, the claim, the note, the hold's list and reminder (HOLD_GUARD_LUA). ARGV: the
 * record, claim and note as the press found them ('' for none), its claim, ttl ms, then the
 * guard's. 1: the claim is this press's (taken now, or already); 0: something changed, look again.
 */
const BEGIN_SCRIPT = `${HOLD_GUARD_LUA}
local claim = redis.call('GET', KEYS[2])
if claim == ARGV[4] then return 1 end
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] or (claim or '') ~= ARGV[2] or (redis.call('GET', KEYS[3]) or '') ~= ARGV[3] then return 0 end
redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[5])
if ARGV[6] ~= '' then guardHold({KEYS[4], KEYS[5]}, {ARGV[6], ARGV[7], ARGV[8], ARGV[9], ARGV[10], ARGV[11], ARGV[12], ARGV[13], ARGV[14]}) end
return 1
`;
/**
 * KEYS: the record, the claim, the note, another record (or the record again), then six per hold
 * change (HOLD_CHANGE_LUA). ARGV: the value, the press's claim, ttl ms, the other record's value
 * ('' for none), the note ('' when final), how many hold changes, then ten per change. This
 * press's claim (or the same value made already: a late reply asked again) makes the settlement; else 0.
 */
const SETTLE_SCRIPT = `${HOLD_CHANGE_LUA}
local claim = redis.call('GET', KEYS[2])
if claim ~= ARGV[2] and redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
for i = 0, tonumber(ARGV[6]) - 1 do
  local k, a = {}, {}
  for j = 1, 6 do k[j] = KEYS[4 + i * 6 + j] end
  for j = 1, 10 do a[j] = ARGV[6 + i * 10 + j] end
  changeHold(k, a)
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
if ARGV[4] ~= '' then redis.call('SET', KEYS[4], ARGV[4], 'PX', ARGV[3]) end
if ARGV[5] ~= '' then redis.call('SET', KEYS[3], ARGV[5], 'PX', ARGV[3]) else redis.call('DEL', KEYS[3]) end
if claim == ARGV[2] then redis.call('DEL', KEYS[2]) end
return 1
`;
/** KEYS: the claim, the guard's. ARGV: the press's claim, the guard's. Only this press's claim goes, and its guard with it. */
const ABANDON_SCRIPT = `${HOLD_GUARD_LUA}
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  if ARGV[2] ~= '' then unguardHold({KEYS[2], KEYS[3]}, {ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9], ARGV[10]}) end
end
return 1
`;

/** The guard's keys and arguments (placeholders when there is none). */
function guarded(guard: HoldGuard | null | undefined, now: Date) {
  if (guard) return holdGuardArgs(guard, now);
  return { keys: [`${CLAIM_KEY_PREFIX}none`, `${CLAIM_KEY_PREFIX}none`], args: GUARD_NONE };
}

/** A link's three keys: its record, its claim, its note. */
const keysOf = (id: string): [string, string, string] => [
  `${USED_KEY_PREFIX}${id}`,
  `${CLAIM_KEY_PREFIX}${id}`,
  `${NOTE_KEY_PREFIX}${id}`,
];

/** SETTLE_SCRIPT's keys and arguments for `press` making `s` (final, or noted uncertain). */
function settleCall(press: LinkPress, s: Settlement, final: boolean): { keys: string[]; args: (string | number)[] } {
  const changes = s.holds.map((change) => holdChangeArgs(change, press.at));
  const [record, claim, note] = keysOf(press.id);
  const also = s.also ? `${USED_KEY_PREFIX}${s.also.id}` : record;
  const ttl = recordTtl(s.session, press.at);
  const noted = final ? '' : noteOf(press);
  return {
    keys: [record, claim, note, also, ...changes.flatMap((c) => c.keys)],
    args: [s.value, claimOf(press), ttl, s.also?.value ?? '', noted, changes.length, ...changes.flatMap((c) => c.args)],
  };
}

export function redisUsedLinks(redis: StoreRedis, logger: Logger): UsedLinks {
  const health = storeHealth(
    logger,
    redis,
    'answer links',
    'the practitioner\'s presses are refused ("try again in a few minutes") and nothing is sent',
    { guarded: true },
  );
  const owed = unfinishedSteps(
    logger,
    'answer links',
    'such a link then says its mail may have gone, nothing is sent again by itself, and a confirmed time stays held until its session: check those answers with her (docs/booking.md, "A mail that may have gone")',
  );
  const { client } = redis;
  const once = <T>(command: () => Promise<T>) => health.ask(command);
  const insisted = <T>(command: () => Promise<T>) => retried(() => once(command));
  const stored = async (id: string) => {
    const [value, claim, note] = await insisted(() => client.mget(...keysOf(id)));
    return [value ?? null, claim ?? null, note ?? null] as const;
  };
  /** A step that may run twice: asked again now, then owed until Redis takes it (unless Redis forgot and it only gives something back). */
  async function owe(key: string, step: () => Promise<unknown>, done: string, afterForgetting = true) {
    try {
      await retried(step);
      return true;
    } catch (err) {
      if (afterForgetting || !(err instanceof RedisForgot)) owed.keep(key, step, done);
      return false;
    }
  }

  return {
    describe: `redis ${redis.where}`,
    async begin(press) {
      const guard = guarded(press.guard, press.at);
      // Looked at again only when another press changed the link in between.
      for (let look = 0; look < 5; look++) {
        const [value, claim, note] = await stored(press.id);
        const found = standing(press, value, claim, note);
        if (found) return found;
        const ttl = recordTtl(press.session, press.at);
        const seen = [value ?? '', claim ?? '', note ?? '', claimOf(press), ttl, ...guard.args];
        const taken = await insisted(() => client.eval(BEGIN_SCRIPT, 5, ...keysOf(press.id), ...guard.keys, ...seen));
        if (taken === 1) return { kind: 'claimed', value };
      }
      throw new Error('the link changed at every look');
    },
    async settle(press, s, final = true) {
      const call = settleCall(press, s, final);
      let made = true;
      const step = async () => {
        made = (await once(() => client.eval(SETTLE_SCRIPT, call.keys.length, ...call.keys, ...call.args))) === 1;
      };
      const done = 'an act mailed while Redis did not answer is recorded now';
      if (!(await owe(`settle ${press.id} ${press.claim}`, step, done))) return 'later';
      return made ? 'recorded' : 'not-ours';
    },
    async abandon(press) {
      const guard = guarded(press.guard, press.at);
      const [, claimKey] = keysOf(press.id);
      const args = [claimOf(press), ...guard.args];
      // A Redis that lost its data lost the claim too: nothing left to give back.
      await owe(
        `abandon ${press.id} ${press.claim}`,
        () => once(() => client.eval(ABANDON_SCRIPT, 3, claimKey, ...guard.keys, ...args)),
        'a press that sent nothing gave its claim back now',
        false,
      );
    },
    async peek(id, now) {
      const [value, claim, note] = await once(() => client.mget(...keysOf(id)));
      return recordOf(value ?? null, claim ?? null, note ?? null, now);
    },
    unfinished: () => owed.count('settle '),
    close: owed.close,
  };
}
