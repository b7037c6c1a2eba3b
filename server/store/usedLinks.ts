import type { Logger } from 'pino';
import { storeHealth } from './health';
import type { HoldChange, HoldStore } from './holds';
import { HOLD_CHANGE_LUA, holdChangeArgs } from './holdsRedis';
import type { StoreRedis } from './redis';
import { retried } from './retry';

// Which of the practitioner's answer links (server/booking/decision/) have been used, so that a
// press sends its mail exactly once, on any worker or machine and through any restart, and the
// link's page can say which answer was given. A mark is keyed by a hash of the link's random id:
// nothing about the visitor or the request is in it (decision 0028).
//
// A press is two steps around its mail (decision 0039). begin() takes a pending claim, named by
// the press's own random `claim`, that lapses by itself after PENDING_MS; while it stands, any other
// press of the link is told that the answer is being sent, and sends nothing. settle() makes it
// final once the mail was accepted, in one step with what the answer does to the hold (kept or
// released) and the sealed request's deletion: the mail and the record go together. A press that
// sends nothing gives its claim back (abandon). Each step may run twice and still counts once (it
// carries the claim), so a reply later than the client's timeout is asked again (retry.ts) rather
// than taken for a failure; a press whose process stopped mid-mail leaves a claim that lapses,
// and her next press then sends. The final mark lives until MARK_DAYS_AFTER past the session.
//
// With REDIS_URL the marks live in Redis (scripts, so the first claim wins on every machine),
// else in this process's memory (development, tests). A Redis that does not answer does not let
// the press through: "exactly one mail" cannot be vouched for.

/** What a link was used for: confirmed, declined, or (once confirmed) the time released. */
type Answer = 'confirm' | 'decline' | 'release';
/** A release that mailed the client is stored as this, so that her page can say the client was told. */
const RELEASE_TOLD = 'release+told';
const storedOf = (answer: Answer, told: boolean) => (answer === 'release' && told ? RELEASE_TOLD : answer);
/** A stored mark as the answer and whether the client was mailed (a confirmation or decline always is). */
const markOfStored = (value: string | null | undefined): { answer: Answer; told: boolean } | null => {
  if (value === RELEASE_TOLD) return { answer: 'release', told: true };
  if (value === 'release') return { answer: 'release', told: false };
  return isAnswer(value) ? { answer: value, told: true } : null;
};

/** How long a pending claim lasts: longer than a press may take (the mail's budget, 18 s, and the stores' retries). */
const PENDING_MS = 60_000;
/** How long a final mark lives past the session: a link pressed after it sends nothing anyway (decision/answerForm.ts). */
const MARK_DAYS_AFTER = 30;
const markUntil = (session: Date) => new Date(session.getTime() + MARK_DAYS_AFTER * 86_400_000);

type Begun =
  /** This press holds the claim: it may send. */
  | { kind: 'claimed' }
  /** Another press of this link is sending `answer` now. */
  | { kind: 'pending'; answer: Answer }
  /** The link was used for `answer`; `told`: whether the client was mailed. */
  | { kind: 'already'; answer: Answer; told: boolean }
  /** A release of what was not confirmed. */
  | { kind: 'refused' };

/** A link's mark: the answer given, and a press under way. */
interface Mark {
  answer: Answer | null;
  /** Whether the client was mailed (false only for a release she did not mail). */
  told: boolean;
  pending: Answer | null;
}

export interface UsedLinks {
  /** For the start-up line; never a secret. */
  describe: string;
  /** A press of `answer` on link `id`, by `claim` (a release only of a confirmed link). Throws when the store does not answer. */
  begin(id: string, answer: Answer, claim: string): Promise<Begun>;
  /**
   * The press's mail was accepted: the mark final (until a month past `session`) and the hold
   * changed, in one step. false: the claim was no longer this press's. Throws when the store does not answer.
   */
  settle(
    id: string,
    answer: Answer,
    claim: string,
    session: Date,
    change: HoldChange,
    now: Date,
    told: boolean,
  ): Promise<boolean>;
  /** The press sent nothing: its claim goes (never throws; it lapses by itself otherwise). */
  abandon(id: string, answer: Answer, claim: string): Promise<void>;
  /** The link's mark. Throws when the store does not answer. */
  peek(id: string): Promise<Mark>;
}

export const USED_KEY_PREFIX = 'psykolog-aalborg:booking:used:';
/** A pending claim: its own key, so that a release's claim leaves the confirmation's mark as it is. */
const PENDING_KEY_PREFIX = 'psykolog-aalborg:booking:pending:';

const isAnswer = (value: unknown): value is Answer => value === 'confirm' || value === 'decline' || value === 'release';
/** A pending claim's value: answer|claim. */
const pendingOf = (answer: Answer, claim: string) => `${answer}|${claim}`;
const answerOf = (pending: string | null): Answer | null => {
  const answer = pending?.split('|')[0];
  return isAnswer(answer) ? answer : null;
};

/** What begin() finds, given the mark and the pending claim as they stand. null: the press may claim. */
function standing(answer: Answer, mark: string | null, pending: string | null, claim: string): Begun | null {
  if (pending === pendingOf(answer, claim)) return { kind: 'claimed' };
  const under = answerOf(pending);
  if (under) return { kind: 'pending', answer: under };
  const used = markOfStored(mark);
  if (answer === 'release') {
    if (used?.answer === 'release') return { kind: 'already', ...used };
    return mark === 'confirm' ? null : { kind: 'refused' };
  }
  return used ? { kind: 'already', ...used } : null;
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
    async begin(id, answer, claim) {
      const found = standing(answer, live(marks, id)?.value ?? null, live(pending, id)?.value ?? null, claim);
      if (found) return found;
      pending.set(id, { value: pendingOf(answer, claim), expires: Date.now() + PENDING_MS });
      return { kind: 'claimed' };
    },
    async settle(id, answer, claim, session, change, now, told) {
      const value = storedOf(answer, told);
      const ours = live(pending, id)?.value === pendingOf(answer, claim);
      if (!ours && live(marks, id)?.value !== value) return false;
      if (change.kind === 'keep') await holds.keep(change.id, change.hold, change.until, now);
      else await holds.release(change.id, change.hold);
      marks.set(id, { value, expires: markUntil(session).getTime() });
      pending.delete(id);
      return true;
    },
    async abandon(id, answer, claim) {
      if (pending.get(id)?.value === pendingOf(answer, claim)) pending.delete(id);
    },
    async peek(id) {
      const used = markOfStored(live(marks, id)?.value);
      return {
        answer: used?.answer ?? null,
        told: used?.told ?? false,
        pending: answerOf(live(pending, id)?.value ?? null),
      };
    },
  };
}

/** KEYS: the mark, the pending claim. ARGV: answer, pending value, ttl ms. Takes the claim; the mark and the claim as they stood. */
const BEGIN_SCRIPT = `
local mark = redis.call('GET', KEYS[1])
local pending = redis.call('GET', KEYS[2])
if not pending and (mark == false or (ARGV[1] == 'release' and mark == 'confirm')) then
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
  return {mark or '', ARGV[2], 1}
end
return {mark or '', pending or '', 0}
`;
/**
 * KEYS: the mark, the pending claim, then the hold change's (holdsRedis.ts). ARGV: answer, pending
 * value, the mark's ttl ms, then the change's. This press's claim (or the same answer already
 * final: a late reply asked again) makes the mark final and changes the hold; else 0.
 */
const SETTLE_SCRIPT = `${HOLD_CHANGE_LUA}
if redis.call('GET', KEYS[2]) ~= ARGV[2] and redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
changeHold({KEYS[3], KEYS[4], KEYS[5], KEYS[6]}, {ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9], ARGV[10], ARGV[11]})
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
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
    async begin(id, answer, claim) {
      const value = pendingOf(answer, claim);
      const [mark, pending, taken] = (await insisted(() =>
        client.eval(BEGIN_SCRIPT, 2, ...keys(id), answer, value, PENDING_MS),
      )) as [string, string, number];
      if (taken === 1) return { kind: 'claimed' };
      return standing(answer, mark || null, pending || null, claim) ?? { kind: 'claimed' };
    },
    async settle(id, answer, claim, session, change, now, told) {
      const ttl = Math.max(1, markUntil(session).getTime() - now.getTime());
      const hold = holdChangeArgs(change, now);
      const args = [storedOf(answer, told), pendingOf(answer, claim), ttl, ...hold.args];
      const done = await insisted(() => client.eval(SETTLE_SCRIPT, 6, ...keys(id), ...hold.keys, ...args));
      return done === 1;
    },
    async abandon(id, answer, claim) {
      const [, pending] = keys(id);
      await insisted(() => client.eval(ABANDON_SCRIPT, 1, pending, pendingOf(answer, claim))).catch(() => undefined);
    },
    async peek(id) {
      const [mark, pending] = await health.ask(() => client.mget(...keys(id)));
      const used = markOfStored(mark);
      return { answer: used?.answer ?? null, told: used?.told ?? false, pending: answerOf(pending ?? null) };
    },
  };
}

/** The store for this process: in `redis` (the composition root's one client), or in memory beside `holds` without one. */
export function createUsedLinks(logger: Logger, redis: StoreRedis | null, holds: HoldStore): UsedLinks {
  return redis ? redisStore(redis, logger) : memoryStore(holds);
}
