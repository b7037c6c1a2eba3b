import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Logger } from 'pino';
import { bookingRules } from '../../../content/booking';
import { PRACTICE_TIME_ZONE } from '../../../content/practice';
import { appointmentReminderMail } from '../../mail/appointmentReminderMail';
import { describeFailure, type Mailer } from '../../mail/transport';
import type { Config } from '../../process/config';
import type { HoldReminder, HoldStore } from '../../store/holds';
import { isFreeCancellation } from '../deadline';
import { every } from '../every';
import { type Appointment, manageUrl, openAppointment } from './token';
import { MINUTE_MS } from '../../../views/days';

// The reminder a client asks for on the booking form: one mail two days before the session, at
// the same time of day moved into civil hours (08.00-19.50 Danish time, so that a look every few
// minutes sends it by 20.00), always before the free cancellation deadline; none for a session
// confirmed too late for that. It rides with her confirmed hold (server/store/holds.ts: her
// appointment sealed as her manage link carries it, kept until it is sent or the hold ends), so a
// cancellation or a move takes it away in the same step, and a confirmed move plans it anew.
// Every worker looks every few minutes; the store hands each due reminder to one of them
// (claimed for a minute), and deletes it once mailed, or once its deadline has passed.

const EARLIEST = { hour: 8, minute: 0 };
const LATEST = { hour: 19, minute: 50 };
const LOOK_EVERY_MS = 5 * MINUTE_MS;

/** When a session's reminder is due: two days before at its own time of day, within civil hours (Danish time). */
function reminderAt(start: Date): Date {
  const local = DateTime.fromJSDate(start, { zone: PRACTICE_TIME_ZONE }).minus({ days: 2 });
  const earliest = local.set({ ...EARLIEST, second: 0, millisecond: 0 });
  const latest = local.set({ ...LATEST, second: 0, millisecond: 0 });
  return DateTime.max(earliest, DateTime.min(latest, local)).toJSDate();
}

/** The reminder a confirmation plans (null: she did not ask, or it could not come before the deadline). */
export function reminderFor(a: Appointment, sealed: string, now: Date): HoldReminder | null {
  if (!a.remind) return null;
  const at = reminderAt(a.start);
  if (at.getTime() <= now.getTime() || !isFreeCancellation(a.start, at)) return null;
  return { at, sealed };
}

export interface AppointmentReminders {
  /** One look: mails the reminders due now; how many. */
  look(): Promise<number>;
  start(): void;
  stop(): void;
}

export function createAppointmentReminders(deps: {
  config: Config;
  mailer: Mailer;
  holds: HoldStore;
  logger: Logger;
  now?: () => Date;
}): AppointmentReminders {
  const { config, mailer, holds, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const secrets = config.booking?.secrets ?? [];

  /** Sends one; whether it is done with (sent, or too late to send). Throws only what the mail throws. */
  async function remind(sealed: string, at: Date): Promise<boolean> {
    const a = await openAppointment(sealed, secrets, config.baseUrl, at);
    // Past its deadline (a look long after it was due) it would only remind of a fee: dropped.
    if (!a || !isFreeCancellation(a.start, at)) return false;
    const url = bookingRules.clientLink ? manageUrl(config.baseUrl, sealed) : null;
    await mailer.send(await appointmentReminderMail(config, a, url, at), { for: 'visitor' });
    return true;
  }

  async function look(): Promise<number> {
    const at = now();
    const claim = randomUUID();
    let sent = 0;
    for (const due of await holds.claimAppointmentReminders(at, claim)) {
      try {
        if (await remind(due.sealed, at)) sent++;
        await holds.appointmentReminded(due.id, claim, true);
      } catch (err) {
        // The error's codes only. The claim goes back: the next look tries again.
        logger.error(describeFailure(err), 'appointment reminder not delivered');
        await holds.appointmentReminded(due.id, claim, false);
      }
    }
    if (sent) logger.info({ reminders: sent }, 'appointment reminders sent');
    return sent;
  }

  const looking = every(LOOK_EVERY_MS, look, (err) =>
    logger.warn({ reason: err.message }, 'appointment reminders: the holds store did not answer'),
  );
  return { look, ...looking };
}
