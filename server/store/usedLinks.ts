import type { HoldChange, HoldGuard } from './holds';

// The record of what was done with a link in a mail (the practitioner's answer links,
// server/booking/decision/), so that a press acts, and mails, exactly once on any worker or
// machine and through any restart, and the link's page says what was done. A record is keyed by a
// hash of the link's random id: nothing about the visitor or the request is in it (decision 0028).
//
// A press is two steps around its mail (decisions 0039, 0050). begin() takes a *claim*, named by
// the press's own random id and the moment it was taken; while it is younger than PENDING_MS,
// any other press of the link is told the answer is being sent, and sends nothing. Older, it
// reads as *uncertain*: the press that took it never finished, and its mail may have gone. settle()
// makes it final once the mail server accepted the mail, in one step with what the answer does
// to the hold (kept or released) and the sealed request's deletion; or *uncertain* when the mail
// server did not answer after the mail was handed over. An uncertain record sends nothing by
// itself: only a press that asks to send again (`again`) of the same answer claims it anew, so a
// confirmation and a decline of one request never both go out. A press that sent nothing gives
// its claim back (abandon). Each step may run twice and still counts once (it carries the claim),
// so a reply later than the client's timeout is asked again (retry.ts); one Redis does not take
// even then is kept in memory and run again until it does (unfinished.ts). Meanwhile a claim
// guards the hold in Redis itself (HoldGuard): no reminder, and a confirmation's hold kept until
// the session, whatever becomes of this process. The record lives until MARK_DAYS_AFTER past the session.
//
// With REDIS_URL the records live in Redis (usedLinksRedis.ts), else in this process's memory
// (usedLinksMemory.ts: development, tests). A Redis that does not answer does not let the press
// through: "exactly one mail" cannot be vouched for.

/** What a link was used for: confirmed, declined, or (once confirmed) the time released. */
export type Answer = 'confirm' | 'decline' | 'release';

/** How long a claim reads as "being sent": longer than a press takes (the mail's 18 s budget and the stores' retries). */
const PENDING_MS = 60_000;
/** How long a record lives past the session: a link pressed after it sends nothing anyway (decision/answerForm.ts). */
const MARK_DAYS_AFTER = 30;
/** The record's (and a claim's) time to live, in ms from `now`. */
export const recordTtl = (session: Date, now: Date) =>
  Math.max(1, session.getTime() + MARK_DAYS_AFTER * 86_400_000 - now.getTime());

/** What a link's record says. `told`: whether the client was (or may have been) mailed; false only for a release she did not mail. */
export type LinkState =
  | { kind: 'open' }
  /** A press is sending `answer` now. */
  | { kind: 'pending'; answer: Answer }
  /** A press of `answer` may have mailed the client: the mail server did not answer after the mail was handed over, or the press never finished. */
  | { kind: 'uncertain'; answer: Answer; told: boolean; why: 'no-reply' | 'interrupted' }
  | { kind: 'final'; answer: Answer; told: boolean };

export type Begun =
  /** This press holds the claim: it may send. */
  | { kind: 'claimed' }
  | Extract<LinkState, { kind: 'pending' | 'uncertain' }>
  /** The link was used for `answer`. */
  | { kind: 'already'; answer: Answer; told: boolean }
  /** A release of what was not confirmed. */
  | { kind: 'refused' };

/** One press of a link: what it does, by whom (`claim`, random), when, and whether it sends again on purpose. */
export interface LinkPress {
  /** The record's key (a hash of the link's id). */
  id: string;
  answer: Answer;
  /** Whether it mails the client (false only for a release she does not mail). */
  told: boolean;
  claim: string;
  at: Date;
  /** A deliberate second send of an uncertain answer of the same kind. */
  again: boolean;
  /** When its record lapses: a month past this. */
  session: Date;
  /** What the claim does to the hold meanwhile (none for a release: a confirmed hold is kept already). */
  guard: HoldGuard | null;
}

/** settle()'s answer: made (final or uncertain), made later (kept in memory: Redis did not answer), or the claim was no longer this press's. */
export type Settled = 'recorded' | 'later' | 'not-ours';

export interface UsedLinks {
  /** For the start-up line; never a secret. */
  describe: string;
  /** A press takes the link's claim, or finds why not. Throws when the store does not answer. */
  begin(press: LinkPress): Promise<Begun>;
  /**
   * The press's mail was accepted (`final`), or may have been (uncertain): the record made and
   * the hold changed, in one step. Never throws: what Redis does not take is kept and made later.
   */
  settle(press: LinkPress, change: HoldChange, final: boolean): Promise<Settled>;
  /** The press sent nothing: its claim goes and the hold's guard is undone (later, if Redis does not answer). Never throws. */
  abandon(press: LinkPress): Promise<void>;
  /** The link's record at `now`. Throws when the store does not answer. */
  peek(id: string, now: Date): Promise<LinkState>;
  /** Answers this process mailed whose record Redis has not taken yet (for /healthz). */
  unfinished(): number;
  /** At the stop: one last try of what is owed; an error line if any is left. */
  close(): Promise<void>;
}

/** A release that mailed the client is stored as this, so that her page can say the client was told. */
const RELEASE_TOLD = 'release+told';
/** An uncertain record: the stored answer and this mark. */
const UNCERTAIN = '?';

/** A record as stored: the answer (a told release as RELEASE_TOLD), then UNCERTAIN unless final. */
export const recordOf = (p: Pick<LinkPress, 'answer' | 'told'>, final: boolean) =>
  `${p.answer === 'release' && p.told ? RELEASE_TOLD : p.answer}${final ? '' : UNCERTAIN}`;
/** A claim as stored: the record it would make, the claim, and when it was taken (ms). */
export const claimOf = (p: LinkPress) => `${recordOf(p, true)}|${p.claim}|${p.at.getTime()}`;

const isAnswer = (value: unknown): value is Answer => value === 'confirm' || value === 'decline' || value === 'release';

/** A stored record as its answer, whether the client was told, and whether it is final. */
function parseRecord(value: string | null | undefined): { answer: Answer; told: boolean; final: boolean } | null {
  if (!value) return null;
  const final = !value.endsWith(UNCERTAIN);
  const stored = final ? value : value.slice(0, -UNCERTAIN.length);
  if (stored === RELEASE_TOLD) return { answer: 'release', told: true, final };
  return isAnswer(stored) ? { answer: stored, told: stored !== 'release', final } : null;
}

/** What the stored record and claim say at `now`. */
export function stateOf(record: string | null, claim: string | null, now: Date): LinkState {
  const [stored, , since] = claim?.split('|') ?? [];
  const claimed = parseRecord(stored);
  const young = now.getTime() - Number(since) < PENDING_MS;
  if (claimed && young) return { kind: 'pending', answer: claimed.answer };
  // A press that never finished: its mail may have gone. One that mailed nobody left nothing uncertain.
  if (claimed?.told) return { kind: 'uncertain', answer: claimed.answer, told: true, why: 'interrupted' };
  const done = parseRecord(record);
  if (!done) return { kind: 'open' };
  const { answer, told } = done;
  return done.final ? { kind: 'final', answer, told } : { kind: 'uncertain', answer, told, why: 'no-reply' };
}

/** What begin() finds for `press`, given the record and the claim as they stand: null, the press may claim. */
export function standing(press: LinkPress, record: string | null, claim: string | null): Begun | null {
  if (claim === claimOf(press)) return { kind: 'claimed' };
  const state = stateOf(record, claim, press.at);
  const releasing = press.answer === 'release' && 'answer' in state && state.answer === 'confirm';
  switch (state.kind) {
    case 'pending':
      return state;
    case 'uncertain':
      // Sent again on purpose, or a time she may have confirmed released: never the other answer.
      return (press.again && state.answer === press.answer) || releasing ? null : state;
    case 'final':
      return releasing ? null : { kind: 'already', answer: state.answer, told: state.told };
    case 'open':
      return press.answer === 'release' ? { kind: 'refused' } : null;
  }
}
