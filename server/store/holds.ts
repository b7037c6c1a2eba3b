import { createHmac } from 'node:crypto';
import { bookableServices, bookingRules, serviceMinutes, type BookableService } from '../../content/booking';
import type { StoreState } from './health';
import { MINUTE_MS } from '../../views/days';

// Times requested through the booking page and not yet confirmed, so that no second visitor can
// request the same time (or one that overlaps it, buffer included) on any worker or machine.
// A hold is the service and its start and end, and whom it is for as a keyed hash of their
// address (visitorId: no IP address is stored), so that one visitor holds at most
// BOOKING_HOLDS_PER_VISITOR times at once (decision 0014).
// It lapses by itself when the practitioner's answer is due (server/booking/answerWindow.ts: the
// end of the confirmation window in working days), unless she answers first with the links in her
// mail (server/booking/decision/): confirmed, it is kept until the session begins (keep), whether
// or not she puts it in her calendar, and counts no longer against the visitor's holds or the
// unconfirmed share; declined, it goes at once (release).
//
// With REDIS_URL the holds live in Redis (holdsRedis.ts), for every worker on every machine and
// through every restart; else in this process's memory (holdsMemory.ts: development and tests,
// since production booking needs Redis, server/process/config/index.ts). While Redis does not answer,
// nothing is held: the request is refused with the phone number (decision 0027), so that no time
// is ever held twice.

export interface Hold {
  service: BookableService;
  start: Date;
  end: Date;
  /** Whom it is for: visitorId(the pipeline's visitor key), never an address. */
  visitor: string;
}

/** What a request may give its hold besides the time: its own id, so that the answer links sealed before the hold can name it. */
interface Named {
  id?: string;
}

/** An unconfirmed hold whose answer is due, as claimReminders gives it (claimed for its reminder). */
export interface DueHold {
  /** The hold's id. */
  id: string;
  service: BookableService;
  start: Date;
  end: Date;
  /** The request as its answer links carry it. */
  sealed: string;
}

/**
 * A reminder the client asked for, riding with her confirmed hold until it is sent or the hold
 * ends (the session begins, or the time is released): her appointment sealed as her manage link
 * carries it (server/booking/manage/token.ts), and when to send it.
 */
export interface HoldReminder {
  at: Date;
  sealed: string;
}

/** A confirmed hold's reminder due now, as claimAppointmentReminders gives it (claimed for it). */
export interface DueReminder {
  /** The hold's id. */
  id: string;
  sealed: string;
}

/**
 * What an answer or an appointment's change does to a hold: kept until the session (`until`),
 * with the client's reminder if she asked for one, or released. The marks apply it in the same
 * step as the mark (server/store/usedLinks.ts).
 */
export type HoldChange =
  | { kind: 'keep'; id: string; hold: Hold; until: Date; remind?: HoldReminder }
  | { kind: 'release'; id: string; hold: Hold };

/**
 * What a press under way does to its request's hold meanwhile, so that Redis by itself never
 * treats the request as unanswered while an answer may have gone (server/store/usedLinks.ts): no
 * reminder until `until` (the session), and for a confirmation (`extend`) the hold kept until
 * then too, instead of lapsing at its due time. Undone if the press sends nothing: the hold lapses
 * at `due` again.
 */
export interface HoldGuard {
  id: string;
  hold: Hold;
  until: Date;
  due: Date;
  extend: boolean;
}

/** How long a process's claim on a reminder lasts (per reminder it mails before it): longer than mailing it takes (the mail's budget is 18 s); a claim whose process stopped is taken again after it. */
export const REMINDER_CLAIM_MS = MINUTE_MS;

/** A held time without its service: what the calendar counts as busy. */
export type HeldTime = Pick<Hold, 'start' | 'end'>;

/** A live hold as the calendar and the share rule see it (whom it is for stays in the store). */
export interface HeldInterval extends HeldTime {
  service: BookableService;
  /** Kept for a confirmed session: not counted in the unconfirmed share (server/booking/share.ts). */
  confirmed?: true;
  /**
   * A confirmed session released (the client cancelled or moved it, or she released it), until it
   * would have begun: not busy, and the feed's busy time of exactly it (her own event of the
   * session) is left out, so that the time is offered again at once (server/booking/calendar.ts).
   */
  freed?: true;
}

type HoldResult =
  /** `id`: the hold's own, for keep() and release() later (the practitioner's answer link carries it). */
  | { result: 'held'; id: string; release: () => Promise<boolean> }
  | { result: 'taken' }
  /** The visitor holds as many times as they may (BOOKING_HOLDS_PER_VISITOR): a request is already waiting. */
  | { result: 'waiting' }
  /** The store did not answer: nothing is held. */
  | { result: 'unavailable' };

export interface HoldStore {
  /** For the start-up line; never a secret. */
  describe: string;
  /** Holds the time until the store's `until(now)` unless a live hold overlaps it (with the booking buffer between them) or the visitor has their holds. */
  hold(hold: Hold & Named, now: Date): Promise<HoldResult>;
  /**
   * The sealed request rides with the hold `id` once its mail went (only then is the practice
   * reminded of it, with her links again). false: the store did not answer.
   */
  remember(id: string, sealed: string, now: Date): Promise<boolean>;
  /**
   * The practitioner confirmed: the hold `id` stays until `until` (the session's start), taken anew
   * should it have lapsed (slices another hold took meanwhile stay that one's), and is no longer
   * the visitor's nor unconfirmed. false: the store did not answer.
   */
  keep(id: string, hold: Hold, until: Date, now: Date, remind?: HoldReminder): Promise<boolean>;
  /**
   * Whether a live hold other than `id` overlaps `hold` (buffer included): asked before a
   * confirmation, as a second line of defence should two requests ever hold one time. null: the
   * store did not answer.
   */
  overlapping(id: string, hold: Hold, now: Date): Promise<boolean | null>;
  /** The practitioner declined: the hold `id` goes at once, and the time is offered again. false: the store did not answer (it lapses by itself). */
  release(id: string, hold: Hold): Promise<boolean>;
  /**
   * Whether `hold.visitor` holds exactly this time now, unconfirmed (their own request, asked
   * again: holdTime.ts tells them it waits rather than that someone else took it). null: the
   * store did not answer.
   */
  heldBy(hold: Hold, now: Date): Promise<boolean | null>;
  /** The live holds in time order, as busy intervals for the calendar; null: the store did not answer. */
  list(now: Date): Promise<HeldInterval[] | null>;
  /**
   * The unconfirmed live holds lapsing by `until` whose request was mailed, each claimed for its
   * reminder by `claim` as it is given (for REMINDER_CLAIM_MS), so that one process on one machine
   * reminds of it (the due-day reminder, server/booking/decision/reminder.ts). A hold this claim
   * holds already is given again (a late reply). Empty when the store does not answer: asked again later.
   */
  claimReminders(until: Date, now: Date, claim: string): Promise<DueHold[]>;
  /** The reminder of hold `id` was sent (never again), or not (`claim` given up: the next look tries again). */
  reminded(id: string, claim: string, sent: boolean, until: Date, now: Date): Promise<void>;
  /**
   * The confirmed holds whose client reminder is due by `now`, each claimed by `claim` for
   * REMINDER_CLAIM_MS as it is given (one process mails it). Empty when the store does not answer.
   */
  claimAppointmentReminders(now: Date, claim: string): Promise<DueReminder[]>;
  /** The client reminder of hold `id` is done with (`gone`: sent, or too late to send: deleted), or given back by `claim`. */
  appointmentReminded(id: string, claim: string, gone: boolean): Promise<void>;
  state(): StoreState;
}

export const HOLDS_KEY_PREFIX = 'psykolog-aalborg:booking:';

/**
 * Whom a hold is for, as stored: an HMAC of the visitor key (an IP address or a /56) with a
 * secret that never leaves the processes (the config's visitorSecret, the same in every worker,
 * on every machine and through restarts), so that neither Redis nor a process's memory holds an address.
 */
export function visitorHasher(secret: string): (visitorKey: string) => string {
  return (visitorKey) => createHmac('sha256', secret).update(visitorKey).digest('base64url').slice(0, 22);
}

export const bufferMs = () => bookingRules.bufferMinutes * MINUTE_MS;

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
export function sliceMs(): number {
  const minutes = [
    bookingRules.stepMinutes,
    bookingRules.bufferMinutes,
    ...bookableServices.map(serviceMinutes),
  ].filter((m) => m > 0);
  return minutes.reduce(gcd) * MINUTE_MS;
}

/** How long a hold lasts and how many a visitor may have: booking's rules (server/process/services.ts passes them). */
export interface HoldRules {
  /** When a hold taken at `now` lapses (the practitioner's answer is due). */
  until: (now: Date) => Date;
  /** BOOKING_HOLDS_PER_VISITOR. */
  perVisitor: number;
}

/** How long a hold taken at `now` lasts, in ms (at least one). */
export const ttlOf = (rules: HoldRules, now: Date) => Math.max(1, rules.until(now).getTime() - now.getTime());
