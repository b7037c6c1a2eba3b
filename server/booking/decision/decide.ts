import { randomUUID } from 'node:crypto';
import type { Decision } from '../../../content/bookingAnswer';
import { describeFailure, type MailFailure, type Mailer } from '../../mail/transport';
import { type Canceller, cancelledMail } from '../../mail/cancelledMail';
import {
  confirmedMail,
  declinedMail,
  type OfferedTime,
  type VisitorMail,
  type VisitorMailConfig,
} from '../../mail/visitorMail';
import type { HoldChange, HoldStore } from '../../store/holds';
import type { UsedLinks } from '../../store/usedLinks';
import type { CalendarWrites } from '../herCalendar';
import { markOf, type AnswerRequest } from './token';

// The practitioner's decision on a request, as a plain function of the domain (no Express: the
// router, router.ts, parses the press and shows the page). It acts exactly once (decision 0039):
// the press takes a pending claim on the link's mark (server/store/usedLinks.ts), on every worker
// and machine at once; then the visitor's one mail goes out; then, in one step, the mark is made
// final and the hold changes (kept until the session, or freed). A press that sends nothing gives
// its claim back, so she can press again; one that stopped mid-way (a restart) leaves a claim that
// lapses within a minute, and meanwhile her presses are told the answer is being sent. Releasing
// a confirmed time (the client cancelled by phone) frees the hold, once, and mails the client that
// the appointment is cancelled only if she asks for it.

/** What a press asks: a decision, or releasing a time she confirmed. */
export type Act = Decision | 'release';

export interface DecideDeps {
  /** The visitor's mail's configuration (MAIL_FROM, MAIL_TO, BASE_URL, BOOKING_VIDEO_URL). */
  mail: VisitorMailConfig;
  mailer: Mailer;
  holds: HoldStore;
  usedLinks: UsedLinks;
  /** The nearest free times of the request's service, the declined one left out. */
  nearestTimes(request: AnswerRequest, at: Date): Promise<(OfferedTime & { start: string })[]>;
  /** Whether her calendar feed shows the request's time busy with something other than the request itself; null: it cannot tell. */
  feedBusy(request: AnswerRequest, at: Date): boolean | null;
  /** Her own calendar, written once an answer is final (server/booking/herCalendar/); absent: not kept by the site. */
  calendarWrites?: CalendarWrites | null;
}

export interface Press {
  act: Act;
  request: AnswerRequest;
  /** Her words to the visitor (a decline, or a release she mails). */
  message: string;
  /** The offered times she left ticked (their starts); null: every one. */
  offers: readonly string[] | null;
  /** The link is past its time: a decline still goes (the client must hear), a confirmation never. */
  expired: boolean;
  /** Releasing: mail the client that the appointment is cancelled. */
  tell?: boolean;
  /** Releasing: who cancelled, for the mail's words (the client thanked, or her apology); her message goes in it too. */
  who?: Canceller;
}

export type DecisionResult =
  | { kind: 'done'; act: Act; warning?: string; told?: boolean }
  /** `told`: whether the client had a mail (after a release, only if she asked for it). */
  | { kind: 'already'; act: Act; told: boolean }
  /** Another press of the link is sending its answer now: nothing done. */
  | { kind: 'pending' }
  /** Confirming, another request holds an overlapping time: nothing done. */
  | { kind: 'taken' }
  /** Confirming, her calendar already shows the time busy: nothing done. */
  | { kind: 'busy' }
  /** Confirming or releasing with a link past its time, or releasing what was not confirmed. */
  | { kind: 'refused' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'delivery'; failure: MailFailure };

/** What the link was used for, for its page (the answer and whether the client was told), 'pending' while a press sends it, or null. Throws when the store does not answer. */
export async function usedFor(
  usedLinks: UsedLinks,
  request: AnswerRequest,
): Promise<{ act: Act; told: boolean } | 'pending' | null> {
  const mark = await usedLinks.peek(markOf(request.id));
  if (mark.answer) return { act: mark.answer, told: mark.told };
  return mark.pending ? 'pending' : null;
}

const holdOf = (r: AnswerRequest) => ({ service: r.service, start: r.start, end: r.end, visitor: r.visitor });

/** Why a confirmation must not go, before anything is sent: another hold, or her calendar. Throws when the store does not answer. */
async function hindrance(deps: DecideDeps, r: AnswerRequest, at: Date): Promise<DecisionResult | null> {
  // The second line of defence: the holds keep a time to one request; should one have been lost, no confirmation of a time another holds.
  const clash = await deps.holds.overlapping(r.hold, holdOf(r), at);
  if (clash === null) throw new Error('the holds store did not answer');
  if (clash) return { kind: 'taken' };
  // And should Redis have lost a confirmed hold, her calendar (where she put that session) still says so.
  return deps.feedBusy(r, at) ? { kind: 'busy' } : null;
}

/** The visitor's mail for the press, or null when a release tells nobody. */
async function mailOf(deps: DecideDeps, press: Press, at: Date): Promise<VisitorMail | null> {
  const { act, request: r } = press;
  if (act === 'confirm') return confirmedMail(deps.mail, r, at);
  if (act === 'decline')
    return declinedMail(deps.mail, r, press.message, offered(await deps.nearestTimes(r, at), press.offers), at);
  return press.tell ? cancelledMail(deps.mail, r, { by: press.who ?? 'client', message: press.message }, at) : null;
}

export async function decide(deps: DecideDeps, press: Press, at: Date): Promise<DecisionResult> {
  const { act, request: r } = press;
  if (act === 'confirm' && press.expired) return { kind: 'refused' };
  const { usedLinks, mailer } = deps;
  const mark = markOf(r.id);
  const claim = randomUUID();
  const giveBack = () => usedLinks.abandon(mark, act, claim);
  try {
    const begun = await usedLinks.begin(mark, act, claim);
    if (begun.kind === 'already') return { kind: 'already', act: begun.answer, told: begun.told };
    if (begun.kind === 'pending' || begun.kind === 'refused') return { kind: begun.kind };
    const hindered = act === 'confirm' ? await hindrance(deps, r, at) : null;
    if (hindered) {
      await giveBack();
      return hindered;
    }
  } catch (err) {
    await giveBack();
    return { kind: 'unavailable', reason: (err as Error).message };
  }
  try {
    const mail = await mailOf(deps, press, at);
    if (mail) await mailer.send(mail, { for: 'visitor' });
  } catch (err) {
    await giveBack();
    return { kind: 'delivery', failure: describeFailure(err) };
  }
  const tell = act !== 'release' || press.tell === true;
  const told = act === 'release' ? { told: tell } : {};
  const change: HoldChange =
    act === 'confirm'
      ? { kind: 'keep', id: r.hold, hold: holdOf(r), until: r.start }
      : { kind: 'release', id: r.hold, hold: holdOf(r) };
  try {
    if (await usedLinks.settle(mark, act, claim, r.start, change, at, tell)) {
      final(deps, act, r);
      return { kind: 'done', act, ...told };
    }
    return { kind: 'done', act, ...told, warning: 'the answer was mailed after its pending claim lapsed' };
  } catch {
    // Mailed: her page says so. The claim lapses; a press after it could send again (decision 0039).
    return { kind: 'done', act, ...told, warning: 'the answer was mailed but the store did not record it' };
  }
}
/**
 * The answer is final (its mark made final with the hold): her own calendar follows, exactly once
 * per final mark. Queued, never waited for: the press's page does not hang on her calendar.
 */
function final(deps: DecideDeps, act: Act, r: AnswerRequest): void {
  if (act === 'confirm') void deps.calendarWrites?.confirmed(r);
  if (act === 'release') void deps.calendarWrites?.cancelled(r.id);
}

/** The times she left ticked, of those still free. */
const offered = (times: (OfferedTime & { start: string })[], ticked: readonly string[] | null) =>
  ticked === null ? times : times.filter((t) => ticked.includes(t.start));
