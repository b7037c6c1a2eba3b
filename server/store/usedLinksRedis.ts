import type { Logger } from 'pino';
import { storeHealth } from './health';
import { RedisForgot } from './marker';
import { HOLD_CHANGE_LUA, HOLD_GUARD_LUA, holdChangeArgs, holdGuardArgs } from './holdsRedisAnswers';
import type { HoldGuard } from './holds';
import type { StoreRedis } from './redis';
import { retried } from './retry';
import { unfinishedSteps } from './unfinished';
import { claimOf, recordOf, recordTtl, standing, stateOf, type UsedLinks } from './usedLinks';

// The links' records in Redis (usedLinks.ts): every worker on every machine, through every
// restart. begin() reads the record and the claim, decides by the rules of usedLinks.ts, and takes
// the claim only if neither changed meanwhile (a compare-and-set script, which also guards the
// hold); so the rules are written once, for both stores, and the first press wins on every
// machine. Each script recognises its own earlier run (the claim it carries), so a late reply is
// asked again; a settle or abandon Redis does not take even then is owed (unfinished.ts).

export const USED_KEY_PREFIX = 'psykolog-aalborg:booking:used:';
/** A claim: its own key, so that a release's claim leaves the confirmation's record as it is. */
const CLAIM_KEY_PREFIX = 'psykolog-aalborg:booking:pending:';

/** A press's guard, or one that guards nothing (a release). */
const GUARD_NONE: (string | number)[] = ['', '', '', 0, -1, 0, 0, 0, '0'];

/**
 * KEYS: the record, the claim, the hold's list and reminder (HOLD_GUARD_LUA). ARGV: the record and
 * claim as the press found them ('' for none), its claim, ttl ms, then the guard's. 1: the claim
 * is this press's (taken now, or already); 0: something changed, look again.
 */
const BEGIN_SCRIPT = `${HOLD_GUARD_LUA}
local claim = redis.call('GET', KEYS[2])
if claim == ARGV[3] then return 1 end
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] or (claim or '') ~= ARGV[2] then return 0 end
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
if ARGV[5] ~= '' then guardHold({KEYS[3], KEYS[4]}, {ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9], ARGV[10], ARGV[11], ARGV[12], ARGV[13]}) end
return 1
`;
/**
 * KEYS: the record, the claim, then the hold change's (HOLD_CHANGE_LUA). ARGV: the record to make,
 * the press's claim, ttl ms, then the change's. This press's claim (or the same record made
 * already: a late reply asked again) makes the record and changes the hold; else 0.
 */
const SETTLE_SCRIPT = `${HOLD_CHANGE_LUA}
local claim = redis.call('GET', KEYS[2])
if claim ~= ARGV[2] and redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
changeHold({KEYS[3], KEYS[4], KEYS[5], KEYS[6]}, {ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9], ARGV[10], ARGV[11]})
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
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
function guarded(guard: HoldGuard | null, now: Date) {
  if (guard) return holdGuardArgs(guard, now);
  return { keys: [`${CLAIM_KEY_PREFIX}none`, `${CLAIM_KEY_PREFIX}none`], args: GUARD_NONE };
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
    'each such link\'s page says the mail may have gone, nothing is sent again by itself, and a confirmed time stays held until its session: check the answers mailed in the last minutes (docs/booking.md, "A mail that may have gone")',
  );
  const { client } = redis;
  const keys = (id: string): [string, string] => [`${USED_KEY_PREFIX}${id}`, `${CLAIM_KEY_PREFIX}${id}`];
  const once = <T>(command: () => Promise<T>) => health.ask(command);
  const insisted = <T>(command: () => Promise<T>) => retried(() => once(command));
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
      const ttl = recordTtl(press.session, press.at);
      const guard = guarded(press.guard, press.at);
      // Looked at again only when another press changed the link in between.
      for (let look = 0; look < 5; look++) {
        const [record, claim] = await insisted(() => client.mget(...keys(press.id)));
        const found = standing(press, record ?? null, claim ?? null);
        if (found) return found;
        const seen = [record ?? '', claim ?? '', claimOf(press), ttl, ...guard.args];
        if ((await insisted(() => client.eval(BEGIN_SCRIPT, 4, ...keys(press.id), ...guard.keys, ...seen))) === 1)
          return { kind: 'claimed' };
      }
      throw new Error('the link changed at every look');
    },
    async settle(press, change, final) {
      const hold = holdChangeArgs(change, press.at);
      const args = [recordOf(press, final), claimOf(press), recordTtl(press.session, press.at), ...hold.args];
      let made = true;
      const step = async () => {
        made = (await once(() => client.eval(SETTLE_SCRIPT, 6, ...keys(press.id), ...hold.keys, ...args))) === 1;
      };
      const done = 'an answer mailed while Redis did not answer is recorded now';
      if (!(await owe(`settle ${press.id} ${press.claim}`, step, done))) return 'later';
      return made ? 'recorded' : 'not-ours';
    },
    async abandon(press) {
      const guard = guarded(press.guard, press.at);
      const [, claimKey] = keys(press.id);
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
      const [record, claim] = await once(() => client.mget(...keys(id)));
      return stateOf(record ?? null, claim ?? null, now);
    },
    unfinished: () => owed.count('settle '),
    close: owed.close,
  };
}
