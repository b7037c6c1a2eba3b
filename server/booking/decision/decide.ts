import { randomUUID } from 'node:crypto';
import type { Decision } from '../../../content/bookingAnswer';
import { describeFailure, type MailFailure, type Mailer } from '../../mail/transport';
import { cancelledMail } from '../../mail/cancelledMail';
import type { Canceller } from '../request';
import { moveDeclinedMail } from '../../mail/moveAnswerMail';
import {
  confirmedMail,
  declinedMail,
  type OfferedTime,
  type VisitorMail,
  type VisitorMailConfig,
} from '../../mail/visitorMail';
import type { HoldStore } from '../../store/holds';
import type { UsedLinks } from '../../store/usedLinks';
import {
  type AppointmentChange,
  type AppointmentState,
  appointmentOf,
  LIVE,
  type ManageLinks,
  movingTo,
  reminderFor,
  replacedBy,
  settleAppointment,
  stateOf,
  WORDS,
} from '../manage';
import { markOf, type AnswerRequest } from './token';

// The practitioner's decision on a request, as a plain function of the domain (no Express: the
// router, router.ts, parses the press and shows the page). It acts exactly once (decision 0039):
// the press takes a pending claim on the link's mark (server/store/usedLinks.ts), on every worker
// and machine at once; then the visitor's one mail goes out; then, in one step, the mark is made
// final and the hold changes (kept until the session, or freed). A press that sends nothing gives
// its claim back, so she can press again; one that stopped mid-way (a restart) leaves a claim that
// lapses within a minute, and meanwhile her presses are told the answer is being sent. Releasing
// a confirmed time (the client cancelled by phone) frees the hold, once, and mails the client that
// the appointment is cancelled only if she asks for it. A request that moves a confirmed
// appointment (the client's manage link, server/booking/manage/) is answered on the appointment's
// own mark, so that her answer and the client's own change of it exclude each other; confirmed,
// the client has her new time under the same event, declined she keeps the old one. Every change
// of a confirmed appointment is made final by settleAppointment (server/booking/manage/settle.ts).

/** What a press asks: a decision, or releasing a time she confirmed. */
export type Act = Decision | 'release';

export interface DecideDeps {
  /** The visitor's mail's configuration (MAIL_FROM, MAIL_TO, BASE_URL, BOOKING_VIDEO_URL). */
  mail: VisitorMailConfig;
  mailer: Mailer;
  holds: HoldStore;
  usedLinks: UsedLinks;
  /** The client's manage link of an appointment, and its sealed text (for her reminder). */
  manage: ManageLinks;
  /** The nearest free times of the request's service, the declined one left out. */
  nearestTimes(request: AnswerRequest, at: Date): Promise<(OfferedTime & { start: string })[]>;
  /** Whether her calendar feed shows the request's time busy with something other than the request itself; null: it cannot tell. */
  feedBusy(request: AnswerRequest, at: Date): boolean | null;
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
  /** The link was used, or the appointment changed since: its state now. */
  | { kind: 'already'; state: AppointmentState }
  /** A move whose appointment the client cancelled (or she released) meanwhile: nothing done. */
  | { kind: 'withdrawn'; state: AppointmentState }
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

/** What became of a link's request: its state, whether a move no longer waits (withdrawn), or a press under way. */
export type Used = { state: AppointmentState; withdrawn: boolean } | 'pending';

/** What the link's request is now, for its page and its presses. Throws when the store does not answer. */
export async function usedFor(usedLinks: UsedLinks, request: AnswerRequest): Promise<Used> {
  const own = await usedLinks.peek(markOf(request.id));
  if (own.pending) return 'pending';
  if (own.value !== null || !request.replaces) return { state: stateOf(own.value), withdrawn: false };
  // A move not answered yet: its appointment's mark says whether it still waits for her.
  const on = await usedLinks.peek(markOf(request.replaces.id));
  if (on.pending) return 'pending';
  const state = stateOf(on.value);
  if (state.kind === 'moving' && state.move.mark === markOf(request.id))
    return { state: { kind: 'requested' }, withdrawn: false };
  return { state, withdrawn: true };
}

/** The mark a press claims, and the states it may act from. */
function claimOf({ act, request: r }: Press): { id: string; from: readonly string[] } {
  if (act === 'release') return { id: r.id, from: LIVE };
  // Her answer to a move is made on the appointment's own mark, while it moves to this request.
  if (r.replaces) return { id: r.replaces.id, from: [movingTo(markOf(r.id))] };
  return { id: r.id, from: [WORDS.requested] };
}

/** A press that found the mark where it may not act: what the link's request is now. */
async function standing(deps: DecideDeps, press: Press): Promise<DecisionResult> {
  const used = await usedFor(deps.usedLinks, press.request);
  if (used === 'pending') return { kind: 'pending' };
  if (used.withdrawn) return { kind: 'withdrawn', state: used.state };
  const { state } = used;
  // Releasing what was never confirmed (a declined or unanswered request) is no release.
  if (press.act === 'release' && (state.kind === 'requested' || state.kind === 'declined')) return { kind: 'refused' };
  return { kind: 'already', state };
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

/** The visitor's mail for the press (null when a release tells nobody), and the appointment's change it stands for (null: a plain decline). */
async function prepared(
  deps: DecideDeps,
  press: Press,
  from: string | null,
  at: Date,
): Promise<{ mail: VisitorMail | null; change: AppointmentChange | null }> {
  const { act, request: r } = press;
  const appointment = appointmentOf(r);
  if (act === 'confirm') {
    const link = await deps.manage.linkOf(appointment);
    const reminder = reminderFor(appointment, link.sealed, at);
    const mail = await confirmedMail(deps.mail, r, at, {
      manage: link.url,
      uid: appointment.uid,
      sequence: appointment.sequence,
    });
    const before = replacedBy(r);
    if (!before) return { mail, change: { kind: 'confirmed', appointment, reminder } };
    return { mail, change: { kind: 'moved', from: before, to: appointment, reminder } };
  }
  const state = stateOf(from);
  const kept = replacedBy(r);
  if (act === 'decline' && kept && state.kind === 'moving') {
    const link = await deps.manage.linkOf(kept);
    const mail = moveDeclinedMail(deps.mail, r, press.message, link.url, at);
    return { mail, change: { kind: 'kept', appointment: kept, move: state.move } };
  }
  if (act === 'decline')
    return {
      mail: declinedMail(deps.mail, r, press.message, offered(await deps.nearestTimes(r, at), press.offers), at),
      change: null,
    };
  const told = press.tell === true;
  const mail = told ? cancelledMail(deps.mail, r, { by: press.who ?? 'client', message: press.message }, at) : null;
  const moving = state.kind === 'moving' ? state.move : null;
  return { mail, change: { kind: 'released', appointment, told, moving } };
}

export async function decide(deps: DecideDeps, press: Press, at: Date): Promise<DecisionResult> {
  const { act, request: r } = press;
  if (act === 'confirm' && press.expired) return { kind: 'refused' };
  const { usedLinks, mailer } = deps;
  const on = claimOf(press);
  const mark = markOf(on.id);
  const claim = randomUUID();
  const giveBack = () => usedLinks.abandon(mark, act, claim);
  let from: string | null;
  try {
    const begun = await usedLinks.begin(mark, act, claim, on.from);
    if (begun.kind === 'pending') return { kind: 'pending' };
    if (begun.kind === 'standing') return await standing(deps, press);
    from = begun.value;
    const hindered = act === 'confirm' ? await hindrance(deps, r, at) : null;
    if (hindered) {
      await giveBack();
      return hindered;
    }
  } catch (err) {
    await giveBack();
    return { kind: 'unavailable', reason: (err as Error).message };
  }
  let change: AppointmentChange | null;
  try {
    const made = await prepared(deps, press, from, at);
    change = made.change;
    if (made.mail) await mailer.send(made.mail, { for: 'visitor' });
  } catch (err) {
    await giveBack();
    return { kind: 'delivery', failure: describeFailure(err) };
  }
  const told = act === 'release' ? { told: press.tell === true } : {};
  try {
    const done = change
      ? await settleAppointment(usedLinks, { act, claim }, change, at)
      : await usedLinks.settle(
          mark,
          act,
          claim,
          { value: WORDS.declined, session: r.start, holds: [{ kind: 'release', id: r.hold, hold: holdOf(r) }] },
          at,
        );
    if (done) return { kind: 'done', act, ...told };
    return { kind: 'done', act, ...told, warning: 'the answer was mailed after its pending claim lapsed' };
  } catch {
    // Mailed: her page says so. The claim lapses; a press after it could send again (decision 0039).
    return { kind: 'done', act, ...told, warning: 'the answer was mailed but the store did not record it' };
  }
}
/** The times she left ticked, of those still free. */
const offered = (times: (OfferedTime & { start: string })[], ticked: readonly string[] | null) =>
  ticked === null ? times : times.filter((t) => ticked.includes(t.start));
