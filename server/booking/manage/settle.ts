import type { Hold, HoldChange, HoldReminder } from '../../store/holds';
import type { LinkPress, Settled, Settlement, UsedLinks } from '../../store/usedLinks';
import { markOf } from '../decision/token';
import type { CalendarBooking, CalendarWrites } from '../herCalendar';
import { type MoveAsked, markValue } from './state';
import type { Appointment } from './token';

// The one place where an appointment's state becomes final: every change of a confirmed
// appointment, whoever pressed (her answer links, the client's manage link), is settled here, in
// one step with what it does to its holds and the client's reminder (usedLinks.settle, decision
// 0039), once the change's mail was accepted. Whatever else must follow a change follows a
// settled one, here: her own calendar (server/booking/herCalendar/, issue 54).

export type AppointmentChange =
  /** Her confirmation: kept until the session, with the client's reminder if she asked for one. */
  | { kind: 'confirmed'; appointment: Appointment; reminder: HoldReminder | null }
  /** The client asked to move it: the move recorded (its hold taken already); nothing kept or freed yet. */
  | { kind: 'moving'; appointment: Appointment; move: MoveAsked }
  /** Her confirmation of the move: the new time kept (the appointment lives on in its move's mark), the old time freed. */
  | { kind: 'moved'; from: Appointment; to: Appointment; reminder: HoldReminder | null }
  /** Her decline of the move: the old time stays the client's, the move's hold is freed. */
  | { kind: 'kept'; appointment: Appointment; move: MoveAsked }
  /** Cancelled by the client, free or late: its time (and a move's) freed. */
  | { kind: 'cancelled'; appointment: Appointment; late: boolean; moving: MoveAsked | null }
  /** Released by her; `told`: she mailed the client. */
  | { kind: 'released'; appointment: Appointment; told: boolean; moving: MoveAsked | null };

/** The hold of an appointment's time. */
const holdOf = (a: Appointment): Hold => ({ service: a.service, start: a.start, end: a.end, visitor: a.visitor });

/** Whom a move's hold is for: the appointment (one move of it held at a time), never the client's address. */
export const moveVisitor = (a: Pick<Appointment, 'id'>) => `move:${markOf(a.id).slice(0, 22)}`;

/** A move's hold. */
const moveHold = (a: Appointment, move: Pick<MoveAsked, 'start' | 'end'>): Hold => ({
  service: a.service,
  start: move.start,
  end: move.end,
  visitor: moveVisitor(a),
});

const keep = (a: Appointment, reminder: HoldReminder | null): HoldChange => ({
  kind: 'keep',
  id: a.hold,
  hold: holdOf(a),
  until: a.start,
  ...(reminder ? { remind: reminder } : {}),
});
const release = (a: Appointment): HoldChange => ({ kind: 'release', id: a.hold, hold: holdOf(a) });
const releaseMove = (a: Appointment, move: MoveAsked | null): HoldChange[] =>
  move ? [{ kind: 'release', id: move.hold, hold: moveHold(a, move) }] : [];

/** The appointment whose mark the change is made on, and what the mark and the holds become. */
function appointmentSettlement(change: AppointmentChange): { on: Appointment; settlement: Settlement } {
  switch (change.kind) {
    case 'confirmed': {
      const a = change.appointment;
      const value = markValue({ kind: 'confirmed', moveUsed: false });
      return { on: a, settlement: { value, session: a.start, holds: [keep(a, change.reminder)] } };
    }
    case 'moving': {
      const { appointment: a, move } = change;
      const session = new Date(Math.max(a.start.getTime(), move.start.getTime()));
      return { on: a, settlement: { value: markValue({ kind: 'moving', move }), session, holds: [] } };
    }
    case 'moved': {
      const { from, to } = change;
      const mark = markOf(to.id);
      const value = markValue({ kind: 'moved', mark, start: to.start, end: to.end });
      const also = { id: mark, value: markValue({ kind: 'confirmed', moveUsed: true }) };
      return {
        on: from,
        settlement: { value, session: to.start, holds: [keep(to, change.reminder), release(from)], also },
      };
    }
    case 'kept': {
      const { appointment: a, move } = change;
      const value = markValue({ kind: 'confirmed', moveUsed: true });
      const also = { id: move.mark, value: markValue({ kind: 'declined' }) };
      return { on: a, settlement: { value, session: a.start, holds: releaseMove(a, move), also } };
    }
    case 'cancelled':
    case 'released': {
      const a = change.appointment;
      const value = markValue(
        change.kind === 'cancelled'
          ? { kind: 'cancelled', late: change.late }
          : { kind: 'released', told: change.told },
      );
      return { on: a, settlement: { value, session: a.start, holds: [release(a), ...releaseMove(a, change.moving)] } };
    }
  }
}

/** An appointment as her calendar's event is named: by its first request's id (its UID), the same through a move. */
const eventOf = (a: Appointment): CalendarBooking => ({ ...a, id: a.uid });

/**
 * Her own calendar follows a settled change (server/booking/herCalendar/), queued and never waited
 * for: a confirmation writes the event, a confirmed move rewrites it (the move's request naming
 * it from now on), a cancellation or her release deletes it; a move asked or declined leaves it.
 */
function followInHerCalendar(calendar: CalendarWrites, change: AppointmentChange): void {
  if (change.kind === 'confirmed') void calendar.confirmed(eventOf(change.appointment));
  else if (change.kind === 'moved') void calendar.moved(change.to, change.from.uid);
  else if (change.kind === 'cancelled' || change.kind === 'released') void calendar.cancelled(change.appointment.uid);
}

/**
 * Makes `change` final for the press that claimed it (on the appointment's record), and then her
 * own calendar follows it (`calendar`, when the site keeps it): 'recorded', 'later' (owed to
 * Redis, made when it answers: it happened all the same), or 'not-ours' (the claim was no longer
 * this press's: the press that took it over makes it). Not `final`: its mail may have gone (no
 * reply after it was handed over): made all the same, noted uncertain (decision 0050).
 */
export async function settleAppointment(
  usedLinks: UsedLinks,
  press: LinkPress,
  change: AppointmentChange,
  calendar: CalendarWrites | null = null,
  final = true,
): Promise<Settled> {
  const done = await usedLinks.settle(press, appointmentSettlement(change).settlement, final);
  if (done !== 'not-ours' && calendar) followInHerCalendar(calendar, change);
  return done;
}
