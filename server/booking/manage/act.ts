import { randomUUID } from 'node:crypto';
import { serviceMinutes } from '../../../content/booking';
import { appointmentCancelledMail } from '../../mail/appointmentCancelledMail';
import { clientCancelMail, moveRequestMail } from '../../mail/clientChangeMail';
import { describeFailure, MailOutcomeUnknown, type MailFailure, type Mailer } from '../../mail/transport';
import type { VisitorMailConfig } from '../../mail/visitorMail';
import type { Config } from '../../process/config';
import type { HoldStore } from '../../store/holds';
import type { LinkPress, Settled, UsedLinks } from '../../store/usedLinks';
import { holdUntil } from '../answerWindow';
import type { BookingCalendar } from '../calendar';
import type { CalendarWrites } from '../herCalendar';
import { isFreeCancellation } from '../deadline';
import { answerLinks } from '../decision/links';
import { markOf } from '../decision/token';
import { holdTime } from '../holdTime';
import { moveVisitor, settleAppointment } from './settle';
import { type AppointmentState, LIVE, type MoveAsked, stateOf, WORDS } from './state';
import type { Appointment } from './token';
import { MINUTE_MS } from '../../../views/days';

// The client's own change of her appointment, as a plain function of the domain (no Express: the
// form, form.ts, reads the press and shows the page): cancel before the deadline (free), tell the
// practice after it that she will not come (late: the fee stands), or ask to move it to another
// free time of the same service (once by the link; a request the practitioner answers with her
// two links, the old time hers until then). Exactly once, as her answers are (decision 0039): a
// pending claim on the appointment's mark (the same mark her answers and her release claim, so
// that no two changes of one appointment cross), the practitioner's mail, then the settlement
// (settle.ts) in one step with the holds. A press that sends nothing gives its claim back. A
// practice mail handed over with no reply may have reached her (decision 0052): the change is made
// all the same (she may act on it; her calendar follows it), noted uncertain, and nothing is sent
// again by itself; her page says the practice may not know (`uncertain`).

export type ClientAct = 'cancel' | 'notify' | 'move';
const CLIENT_ACTS: readonly string[] = ['cancel', 'notify', 'move'] satisfies ClientAct[];
export const isClientAct = (value: unknown): value is ClientAct => CLIENT_ACTS.includes(value as string);

export interface ClientPress {
  /** cancel: what she saw was free; notify: what she saw was late (a notify before the deadline cancels free). */
  act: ClientAct;
  appointment: Appointment;
  /** Her short reason (cancel, notify). */
  reason: string;
  /** The time she asks to move to (move). */
  to?: Date;
}

export interface ActDeps {
  config: VisitorMailConfig & Pick<Config, 'baseUrl'> & { booking: NonNullable<Config['booking']> };
  mailer: Mailer;
  calendar: BookingCalendar;
  holds: HoldStore;
  usedLinks: UsedLinks;
  /** Her own calendar, following each settled change; null or absent: not kept by the site. */
  herCalendar?: CalendarWrites | null;
}

/** The practice's mail was handed over and no reply came: made, but she may not know (decision 0052). */
interface MayNotKnow {
  uncertain?: MailFailure;
}

export type ClientResult =
  /** `receiptFailure`: her own receipt did not go (the practice's did, or may have). */
  | ({ kind: 'cancelled'; late: boolean; receiptFailure?: MailFailure; warning?: string } & MayNotKnow)
  | ({ kind: 'moving'; move: MoveAsked; warning?: string } & MayNotKnow)
  /** Nothing to do here: the appointment is no longer one the act may change (its state now). */
  | { kind: 'standing'; state: AppointmentState }
  /** She pressed cancel as free, and the deadline had passed meanwhile: nothing done. */
  | { kind: 'late' }
  | { kind: 'pending' }
  /** The time she asked to move to is gone: hers is unchanged. */
  | { kind: 'taken' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'delivery'; failure: MailFailure };

const WARNINGS = {
  'not-ours': 'the change was mailed after another press took over its claim',
  later: 'the change was mailed; Redis did not answer, so this process records it when Redis does',
} as const;

/**
 * The practice's mail: sent ({}), handed over with no reply (`uncertain`: the change goes on as
 * if it went, noted uncertain), or refused (thrown: nothing changes).
 */
async function toPractice(deps: ActDeps, mail: Parameters<Mailer['send']>[0]): Promise<MayNotKnow> {
  try {
    await deps.mailer.send(mail, { for: 'practice' });
    return {};
  } catch (err) {
    if (err instanceof MailOutcomeUnknown) return { uncertain: describeFailure(err) };
    throw err;
  }
}

/** A settlement after the mail: done either way, with a warning when the store did not make it final now. */
async function settled(made: () => Promise<Settled>): Promise<{ warning?: string }> {
  const done = await made();
  return done === 'recorded' ? {} : { warning: WARNINGS[done] };
}

async function cancel(deps: ActDeps, press: ClientPress, state: AppointmentState, claimed: LinkPress, at: Date) {
  const { appointment: a, reason } = press;
  const late = !isFreeCancellation(a.start, at);
  let practice: MayNotKnow;
  try {
    practice = await toPractice(deps, clientCancelMail(deps.config, a, { late, reason }, at));
  } catch (err) {
    await deps.usedLinks.abandon(claimed);
    return { kind: 'delivery', failure: describeFailure(err) } as const;
  }
  // The practice knows (or may): what follows stands whether or not her own receipt goes.
  let receiptFailure: MailFailure | undefined;
  try {
    const receipt = await appointmentCancelledMail(deps.config, a, { uid: a.uid, sequence: a.sequence, late }, at);
    await deps.mailer.send(receipt, { for: 'visitor' });
  } catch (err) {
    receiptFailure = describeFailure(err);
  }
  const moving = state.kind === 'moving' ? state.move : null;
  const change = { kind: 'cancelled', appointment: a, late, moving } as const;
  const final = !practice.uncertain;
  const done = await settled(() => settleAppointment(deps.usedLinks, claimed, change, deps.herCalendar, final));
  return { kind: 'cancelled', late, ...(receiptFailure ? { receiptFailure } : {}), ...practice, ...done } as const;
}

async function move(deps: ActDeps, press: ClientPress, to: Date, claimed: LinkPress, at: Date): Promise<ClientResult> {
  const a = press.appointment;
  const giveBack = () => deps.usedLinks.abandon(claimed);
  const end = new Date(to.getTime() + serviceMinutes(a.service) * MINUTE_MS);
  const hold = { id: randomUUID(), service: a.service, start: to, end, visitor: moveVisitor(a) };
  const held = await holdTime(deps, hold, at);
  if (held.result !== 'held') {
    await giveBack();
    if (held.result === 'taken' || held.result === 'held-share-full') return { kind: 'taken' };
    return held.result === 'already-waiting' ? { kind: 'pending' } : { kind: 'unavailable', reason: held.result };
  }
  const due = holdUntil(at);
  const replaces = { id: a.id, hold: a.hold, start: a.start, end: a.end };
  const { uid: _, sequence: __, expires: ___, ...client } = a;
  const request = { ...client, hold: hold.id, visitor: hold.visitor, start: to, end, replaces };
  const links = await answerLinks(deps.config, request, due);
  let practice: MayNotKnow;
  try {
    practice = await toPractice(
      deps,
      moveRequestMail(deps.config, { ...request, id: links.id, expires: links.expires }, links, at),
    );
  } catch (err) {
    await held.release();
    await giveBack();
    return { kind: 'delivery', failure: describeFailure(err) };
  }
  // Asked, or perhaps asked: the asked time stays held until her answer is due, as she may confirm it.
  const asked: MoveAsked = { mark: markOf(links.id), hold: hold.id, start: to, end, due };
  const change = { kind: 'moving', appointment: a, move: asked } as const;
  const done = await settled(() => settleAppointment(deps.usedLinks, claimed, change, null, !practice.uncertain));
  // Her due-day reminder of the move's request, as of any request the practice received (or may have: it brings her links).
  await deps.holds.remember(hold.id, links.sealed, at);
  return { kind: 'moving', move: asked, ...practice, ...done };
}

export async function actOnAppointment(deps: ActDeps, press: ClientPress, at: Date): Promise<ClientResult> {
  const a = press.appointment;
  // What she saw as free is no longer: she sees the fee first, nothing done. A move is free only.
  if (press.act !== 'notify' && !isFreeCancellation(a.start, at)) return { kind: 'late' };
  // A move from a confirmed time only (a moved or kept appointment has used its link's one move).
  const from = press.act === 'move' && a.sequence === 0 ? [WORDS.confirmed] : press.act === 'move' ? [] : LIVE;
  // Her own acts mail the practice: one cut off mid-mail leaves her link to her (told: false), not uncertain.
  const claimed: LinkPress = {
    id: markOf(a.id),
    act: press.act,
    claim: randomUUID(),
    at,
    session: a.start,
    from,
    told: false,
  };
  let state: AppointmentState;
  try {
    const begun = await deps.usedLinks.begin(claimed);
    if (begun.kind === 'pending') return { kind: 'pending' };
    if (begun.kind === 'standing') return { kind: 'standing', state: stateOf(begun.value) };
    state = stateOf(begun.value);
  } catch (err) {
    await deps.usedLinks.abandon(claimed);
    return { kind: 'unavailable', reason: (err as Error).message };
  }
  if (press.act !== 'move') return cancel(deps, press, state, claimed, at);
  if (press.to) return move(deps, press, press.to, claimed, at);
  // A move without a time (the form asks for one first): nothing to do.
  await deps.usedLinks.abandon(claimed);
  return { kind: 'taken' };
}
