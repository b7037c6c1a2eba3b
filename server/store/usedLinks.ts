import type { HoldChange, HoldGuard } from './holds';
import { DAY_MS, MINUTE_MS } from '../../views/days';

// What was done with a link from a mail (the practitioner's answer links, server/booking/decision/,
// and what became of the appointment since, the client's manage link, server/booking/manage/), so
// that a press acts, and mails, exactly once on any worker or machine and through any restart,
// and the link's page can say what was done. A record is keyed by a hash of the link's random id:
// nothing about the visitor or the request is in it (decision 0028). Its value is a state's word
// and, for a move, ids and instants; the words are the domain's (server/booking/manage/state.ts):
// this store only compares them, a press may begin only from the values it names.
//
// A press is two steps around its mail (decisions 0039, 0050). begin() takes a *claim*, named by
// the press's own random id and the moment it was taken; while it is younger than PENDING_MS,
// any other press of the link is told the act is being sent, and sends nothing. Older, its press
// never finished and its mail may have gone: the link reads as *uncertain*, and nothing is sent
// by itself. settle() makes the record once the mail server accepted the mail, in one step with
// what the act does to holds and another link's record; or, when the mail server did not answer
// after the mail was handed over, makes it all the same (the client may have the mail) with a
// note that it is *uncertain*. An uncertain act is sent again only by a press that asks for it
// (`again`) for the same act; every other press finds the record as it stands, so a confirmation
// and a decline of one request never both go out. A press that sent nothing gives its claim back
// (abandon). Each step may run twice and still counts once (it carries the claim), so a reply
// later than the client's timeout is asked again (retry.ts); one Redis does not take even then is
// owed, kept in memory and run until it goes through (unfinished.ts). Meanwhile the claim guards
// the hold in Redis itself (HoldGuard): no reminder, and a confirmation's hold kept until the
// session, whatever becomes of the process. A record lives until MARK_DAYS_AFTER past the session.
//
// With REDIS_URL the records live in Redis (usedLinksRedis.ts), else in this process's memory
// (usedLinksMemory.ts: development, tests). A Redis that does not answer does not let the press
// through: "exactly one mail" cannot be vouched for.

/** How long a claim reads as "being sent": longer than a press takes (the mail's 18 s budget and the stores' retries). */
const PENDING_MS = MINUTE_MS;
/** How long a record lives past the session: a link pressed after it sends nothing anyway (decision/answerForm.ts). */
const MARK_DAYS_AFTER = 30;
/** A record's (and a claim's, and an uncertain note's) time to live, in ms from `now`. */
export const recordTtl = (session: Date, now: Date) =>
  Math.max(1, session.getTime() + MARK_DAYS_AFTER * DAY_MS - now.getTime());

/** An act whose mail may have gone: the mail server never answered after taking it in, or the press was cut off. */
export interface Uncertain {
  act: string;
  /** Whether the act mails the client (a release she did not mail never is uncertain). */
  told: boolean;
  why: 'no-reply' | 'interrupted';
}

/** A link's record as it stands at a moment. */
export interface LinkRecord {
  /** The state's value (null: none). */
  value: string | null;
  /** A press is sending its act now (a claim under PENDING_MS old). */
  pending: boolean;
  uncertain: Uncertain | null;
}

export type Begun =
  /** This press holds the claim, taken on the record's `value` (null: none): it may send. */
  | { kind: 'claimed'; value: string | null }
  /** Another press of this link is sending `act` now. */
  | { kind: 'pending'; act: string }
  /** The record stands where this press may not act: its `value` (null: none), and whether an act's mail may have gone. */
  | { kind: 'standing'; value: string | null; uncertain: Uncertain | null };

/** One press of a link. */
export interface LinkPress {
  /** The record's key (a hash of the link's id). */
  id: string;
  act: string;
  /** This press's own random id. */
  claim: string;
  at: Date;
  /** The session it is about: its claim lives as long as its record would (a month past it). */
  session: Date;
  /** The values it may act from: a state's word ('' for no record) or a value's beginning ending in '|'. */
  from: readonly string[];
  /** Whether its mail goes to the client (a release she does not mail: no). */
  told: boolean;
  /** A deliberate second send of an uncertain act of the same kind (from whatever the record is). */
  again?: boolean;
  /** What its claim does to the hold meanwhile (a first answer to a request only). */
  guard?: HoldGuard | null;
}

/**
 * What a press makes final once its mail was accepted: the record's value (until a month past
 * `session`), what it does to holds, and another link's record made with it (a move's own
 * request, answered on its appointment's record).
 */
export interface Settlement {
  value: string;
  session: Date;
  holds: readonly HoldChange[];
  also?: { id: string; value: string };
}

/** settle()'s answer: made (final or uncertain), owed (kept in memory: made when Redis answers), or the claim was no longer this press's. */
export type Settled = 'recorded' | 'later' | 'not-ours';

export interface UsedLinks {
  /** For the start-up line; never a secret. */
  describe: string;
  /** A press takes the link's claim, or finds why not. Throws when the store does not answer. */
  begin(press: LinkPress): Promise<Begun>;
  /**
   * The press's mail was accepted (`final`), or may have been: the settlement made in one step
   * (not final: with the note that the act is uncertain). Never throws: what Redis does not take is owed.
   */
  settle(press: LinkPress, settlement: Settlement, final?: boolean): Promise<Settled>;
  /** The press sent nothing: its claim goes, its guard undone (owed if Redis does not answer). Never throws. */
  abandon(press: LinkPress): Promise<void>;
  /** The link's record at `now`. Throws when the store does not answer. */
  peek(id: string, now: Date): Promise<LinkRecord>;
  /** Acts this process mailed whose record Redis has not taken yet (for /healthz). */
  unfinished(): number;
  /** At the stop: one last try of what is owed; an error line if any is left. */
  close(): Promise<void>;
}

/** A claim as stored: act|claim|when taken (ms)|told ('1' or '0'). */
export const claimOf = (p: LinkPress) => `${p.act}|${p.claim}|${p.at.getTime()}|${p.told ? '1' : '0'}`;
/** An uncertain note as stored: act|told. */
export const noteOf = (p: LinkPress) => `${p.act}|${p.told ? '1' : '0'}`;

/** Whether a record's value (null: none) is one `from` allows (its word, or a beginning ending in '|'). */
function allowed(value: string | null, from: readonly string[]): boolean {
  const v = value ?? '';
  const word = v.split('|')[0];
  return from.some((f) => f === word || (f.endsWith('|') && v.startsWith(f)));
}

/** The stored record, claim and uncertain note as they read at `now`. */
export function recordOf(value: string | null, claim: string | null, note: string | null, now: Date): LinkRecord {
  const [act = '', , since, told] = claim?.split('|') ?? [];
  const young = claim !== null && now.getTime() - Number(since) < PENDING_MS;
  // A press cut off mid-mail may have sent it; one that mailed nobody left nothing uncertain.
  if (claim !== null && !young && told === '1')
    return { value, pending: false, uncertain: { act, told: true, why: 'interrupted' } };
  const [noted = '', noteTold] = note?.split('|') ?? [];
  const uncertain = note ? { act: noted, told: noteTold === '1', why: 'no-reply' as const } : null;
  return { value, pending: young, uncertain };
}

/** What begin() finds for `press`, given the stored record, claim and note: null, it may claim. */
export function standing(
  press: LinkPress,
  value: string | null,
  claim: string | null,
  note: string | null,
): Begun | null {
  if (claim === claimOf(press)) return { kind: 'claimed', value };
  const found = recordOf(value, claim, note, press.at);
  if (found.pending) return { kind: 'pending', act: claim?.split('|')[0] ?? '' };
  // Sent again on purpose, of the very act whose mail may have gone.
  if (press.again)
    return found.uncertain?.act === press.act ? null : { kind: 'standing', value, uncertain: found.uncertain };
  // A press cut off holds the link until she sends its act again; a noted act leaves the record to the rules.
  if (found.uncertain?.why === 'interrupted' || !allowed(value, press.from))
    return { kind: 'standing', value, uncertain: found.uncertain };
  return null;
}
