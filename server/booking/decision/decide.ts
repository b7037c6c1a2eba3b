import type { Decision } from '../../../content/bookingAnswer';
import type { MailFailure, Mailer } from '../../mail/transport';
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
import type { HoldGuard, HoldStore } from '../../store/holds';
import type { Settlement, Uncertain, UsedLinks } from '../../store/usedLinks';
import { actOnce, type Settle } from '../exactlyOnce';
import type { CalendarWrites } from '../herCalendar';
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
// router, router.ts, parses the press and shows the page). It acts exactly once through
// exactlyOnce.ts (decisions 0039, 0050): the press claims the link's record
// (server/store/usedLinks.ts), on every worker and machine at once; then the visitor's one mail
// goes out; then, in one step, the record is made final and the hold changes (kept until the
// session, or freed). A press that sends nothing gives its claim back, so she can press again; a
// mail the mail server took in but never answered for is recorded all the same and noted as
// uncertain, and a press cut off mid-mail reads so after a minute: neither answer goes again until
// she asks for it (`again`), with the same Message-ID. Releasing
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
  /** Whether her calendar feed shows the request's time busy with something other than the request itself (nor, for a move, its appointment's own event the site wrote); null: it cannot tell. */
  feedBusy(request: AnswerRequest, at: Date): boolean | null;
  /** Her own calendar, following each settled change (server/booking/herCalendar/); null or absent: not kept by the site. */
  herCalendar?: CalendarWrites | null;
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
  /** Sent again on purpose: the first mail of this act may have gone (an uncertain record). */
  again?: boolean;
}

export type DecisionResult =
  | { kind: 'done'; act: Act; warning?: string; told?: boolean }
  /** The link was used, or the appointment changed since: its state now. */
  | { kind: 'already'; state: AppointmentState }
  /** The mail of `act` may have gone (`now`: by this press; else an earlier one): nothing is sent again unless she asks. */
  | {
      kind: 'uncertain';
      act: Act;
      /** None: this press sent it again and the mail server refused (`resendFailed`). */
      why?: Uncertainty;
      state: AppointmentState;
      now?: { failure: MailFailure };
      resendFailed?: MailFailure;
    }
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

/**
 * What became of a link's request: its state, whether a move no longer waits (withdrawn), an
 * answer of hers whose mail may have gone (uncertain), or a press under way.
 */
export type Used = { state: AppointmentState; withdrawn: boolean; uncertain: Uncertain | null } | 'pending';

/** Why an answer's mail may have gone: the mail server never answered after taking it in, or the press was cut off mid-mail. */
export type Uncertainty = Uncertain['why'];

export const isAct = (act: string): act is Act => act === 'confirm' || act === 'decline' || act === 'release';
/** Only her own acts are hers to send again. */
const hers = (u: Uncertain | null) => (u && isAct(u.act) ? u : null);

/** What the link's request is now, for its page and its presses. Throws when the store does not answer. */
export async function usedFor(usedLinks: UsedLinks, request: AnswerRequest, at: Date): Promise<Used> {
  const own = await usedLinks.peek(markOf(request.id), at);
  if (own.pending) return 'pending';
  if (own.value !== null || own.uncertain || !request.replaces)
    return { state: stateOf(own.value), withdrawn: false, uncertain: hers(own.uncertain) };
  // A move not answered yet: its appointment's record says whether it still waits for her.
  const on = await usedLinks.peek(markOf(request.replaces.id), at);
  if (on.pending) return 'pending';
  const state = stateOf(on.value);
  const uncertain = hers(on.uncertain);
  if (uncertain || (state.kind === 'moving' && state.move.mark === markOf(request.id)))
    return { state: uncertain ? state : { kind: 'requested' }, withdrawn: false, uncertain };
  return { state, withdrawn: true, uncertain: null };
}

/** The mark a press claims, and the states it may act from. */
function claimOf({ act, request: r }: Press): { id: string; from: readonly string[] } {
  if (act === 'release') return { id: r.id, from: LIVE };
  // Her answer to a move is made on the appointment's own mark, while it moves to this request.
  if (r.replaces) return { id: r.replaces.id, from: [movingTo(markOf(r.id))] };
  return { id: r.id, from: [WORDS.requested] };
}

/** A press that found the mark where it may not act: what the link's request is now. */
async function standing(deps: DecideDeps, press: Press, at: Date): Promise<DecisionResult> {
  const used = await usedFor(deps.usedLinks, press.request, at);
  if (used === 'pending') return { kind: 'pending' };
  if (used.withdrawn) return { kind: 'withdrawn', state: used.state };
  const { state, uncertain } = used;
  if (uncertain && isAct(uncertain.act)) return { kind: 'uncertain', act: uncertain.act, why: uncertain.why, state };
  // Releasing what was never confirmed (a declined or unanswered request) is no release.
  if (press.act === 'release' && (state.kind === 'requested' || state.kind === 'declined')) return { kind: 'refused' };
  return { kind: 'already', state };
}

const holdOf = (r: AnswerRequest) => ({ service: r.service, start: r.start, end: r.end, visitor: r.visitor });

/** Why a confirmation must not go, before anything is sent: another hold, or her calendar. Throws when the store does not answer. */
async function hindrance(deps: DecideDeps, r: AnswerRequest, at: Date): Promise<'taken' | 'busy' | null> {
  // The second line of defence: the holds keep a time to one request; should one have been lost, no confirmation of a time another holds.
  const clash = await deps.holds.overlapping(r.hold, holdOf(r), at);
  if (clash === null) throw new Error('the holds store did not answer');
  if (clash) return 'taken';
  // And should Redis have lost a confirmed hold, her calendar (where she put that session) still says so.
  return deps.feedBusy(r, at) ? 'busy' : null;
}

/** While her answer to a request is sent, the request must not look unanswered: no reminder, and a confirmation's hold kept past its due time. */
const guardOf = ({ act, request: r }: Press): HoldGuard | null =>
  act === 'release' ? null : { id: r.hold, hold: holdOf(r), until: r.start, due: r.expires, extend: act === 'confirm' };

/** A plain decline's record: declined, its hold freed. */
const declined = (r: AnswerRequest): Settlement => ({
  value: WORDS.declined,
  session: r.start,
  holds: [{ kind: 'release', id: r.hold, hold: holdOf(r) }],
});

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
  const on = claimOf(press);
  const told = act !== 'release' || press.tell === true;
  const result = await actOnce(
    deps,
    {
      press: {
        id: markOf(on.id),
        act,
        session: r.start,
        from: on.from,
        told,
        again: press.again === true,
        guard: guardOf(press),
      },
      ...(act === 'confirm' ? { hindrance: () => hindrance(deps, r, at) } : {}),
      prepare: async (value) => {
        const { mail, change } = await prepared(deps, press, value, at);
        const settle: Settle = (claimed, final) =>
          change
            ? settleAppointment(deps.usedLinks, claimed, change, deps.herCalendar ?? null, final)
            : deps.usedLinks.settle(claimed, declined(r), final);
        return { mail, settle };
      },
    },
    at,
  );
  const toldIf = act === 'release' ? { told } : {};
  switch (result.kind) {
    case 'done':
      return result.recorded === 'recorded'
        ? { kind: 'done', act, ...toldIf }
        : { kind: 'done', act, ...toldIf, warning: WARNINGS[result.recorded] };
    case 'unknown':
      return { kind: 'uncertain', act, why: 'no-reply', state: await stateNow(deps, r, at), now: result };
    case 'delivery':
      if (!press.again) return result;
      return { kind: 'uncertain', act, state: await stateNow(deps, r, at), resendFailed: result.failure };
    case 'hindered':
      return { kind: result.why };
    case 'standing':
      return await standing(deps, press, at);
    case 'pending':
      return { kind: 'pending' };
    default:
      return result;
  }
}

/** What became of the request after this press (her page's release form goes by it); unanswered if the store does not say. */
async function stateNow(deps: DecideDeps, r: AnswerRequest, at: Date): Promise<AppointmentState> {
  const used = await usedFor(deps.usedLinks, r, at).catch(() => 'pending' as const);
  return used === 'pending' ? { kind: 'requested' } : used.state;
}

const WARNINGS = {
  later: 'the answer was mailed; Redis did not answer, so this process records it when Redis does',
  'not-ours': 'the answer was mailed after another press took over its claim',
} as const;

/** The times she left ticked, of those still free. */
const offered = (times: (OfferedTime & { start: string })[], ticked: readonly string[] | null) =>
  ticked === null ? times : times.filter((t) => ticked.includes(t.start));
