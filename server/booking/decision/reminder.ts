import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Logger } from 'pino';
import { bookingRules } from '../../../content/booking';
import type { Config } from '../../process/config';
import { reminderMail } from '../../mail/reminderMail';
import { describeFailure, MailOutcomeUnknown, type Mailer } from '../../mail/transport';
import type { HoldStore } from '../../store/holds';
import { every } from '../every';
import { MINUTE_MS } from '../../../views/days';

// No request lapses in silence: on the morning its answer is due (the hold lapses at midnight,
// server/booking/answerWindow.ts), the practice gets one reminder mail per request still
// unanswered. Every worker on every machine looks every few minutes; the holds store hands each
// due request to one of them only (claimReminders claims it, in Redis through a restart, for a
// minute), and marks it sent once the mail went, so the practitioner gets one reminder per
// request, however many processes run; a claim whose mail failed, or whose process stopped, or
// whose reply came late, is not lost: the next look (or this one's retry) sends it.

/** From this hour (Danish time) on the due day: a morning's reminder, not one at midnight. */
const REMIND_FROM_HOUR = 8;
/** How often a process looks. */
const LOOK_EVERY_MS = 10 * MINUTE_MS;

export interface Reminders {
  /** One look: mails the reminders due now; how many. */
  look(): Promise<number>;
  start(): void;
  stop(): void;
}

export function createReminders(deps: {
  config: Config;
  mailer: Mailer;
  holds: HoldStore;
  logger: Logger;
  now?: () => Date;
}): Reminders {
  const { config, mailer, holds, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function look(): Promise<number> {
    const at = now();
    const local = DateTime.fromJSDate(at, { zone: bookingRules.timeZone });
    if (local.hour < REMIND_FROM_HOUR) return 0;
    // Holds lapsing by tonight's midnight: their answer is due today.
    const until = local.plus({ days: 1 }).startOf('day').toJSDate();
    // This look's own claim: a claim of it whose reply came late is recognised, not lost.
    const claim = randomUUID();
    const due = await holds.claimReminders(until, at, claim);
    let sent = 0;
    for (const hold of due) {
      let done = false;
      try {
        await mailer.send(reminderMail(config, hold, at), { for: 'practice' });
        done = true;
        sent++;
      } catch (err) {
        // The error's codes only. The claim goes back: the next look tries again. A reminder that
        // may have gone (no reply after it was handed over) counts as sent: never a second by itself.
        done = err instanceof MailOutcomeUnknown;
        if (done)
          logger.warn(describeFailure(err), 'booking reminder: no reply from the mail server, it may have gone');
        else logger.error(describeFailure(err), 'booking reminder not delivered');
      }
      await holds.reminded(hold.id, claim, done, until, at);
    }
    if (sent) logger.info({ reminders: sent }, 'booking reminders sent');
    return sent;
  }

  const looking = every(LOOK_EVERY_MS, look, (err) =>
    logger.warn({ reason: err.message }, 'booking reminders: the holds store did not answer'),
  );
  return { look, ...looking };
}
