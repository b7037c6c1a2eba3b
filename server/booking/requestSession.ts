import { randomUUID } from 'node:crypto';
import { serviceMinutes, type BookableService } from '../../content/booking';
import type { Lang } from '../../content/languages';
import type { BookingFormat } from '../../content/texts/booking';
import type { BookingValues } from '../../views/booking/validation';
import type { Config } from '../process/config';
import { MailOutcomeUnknown, type Mailer } from '../mail/transport';
import { composeBookingMail } from '../mail/bookingMail';
import { replyAddress } from '../mail/practiceParts';
import type { HoldStore } from '../store/holds';
import { holdUntil } from './answerWindow';
import type { BookingCalendar } from './calendar';
import { answerLinks } from './decision/links';
import { holdTime } from './holdTime';
import { MINUTE_MS } from '../../views/days';

// Booking's domain step, as the endpoint (server/booking/endpoint.ts) calls it once a request is
// valid: the time taken for it (holdTime.ts: still free, within the share, held, so that no one
// else can request it), the practitioner's answer links, the mail to the practice, and the hold
// released when the mail fails. Only
// after the mail does the sealed request ride with the hold, so that the practice is reminded
// only of requests it received. A mail handed over with no reply may have reached her (decision
// 0052): the hold stays until its answer is due, as for one that went (she may confirm it), and
// the sealed request rides with it, so that her due-day reminder brings the links should the
// first mail have been lost; nothing is sent again by itself. It knows no HTTP: its result is the
// endpoint's to word.

export interface RequestDeps {
  config: Pick<Config, 'baseUrl' | 'mailTo' | 'mailFrom' | 'herCalendar'> & { booking: NonNullable<Config['booking']> };
  mailer: Mailer;
  calendar: BookingCalendar;
  holds: HoldStore;
  /** Whom a hold is for, from the pipeline's visitor key (server/store/holds.ts visitorHasher). */
  visitorId: (visitorKey: string) => string;
}

/** A valid request: what the visitor entered, read as the calendar knows it. */
export interface SessionRequestInput {
  values: BookingValues;
  service: BookableService;
  format: BookingFormat;
  start: Date;
  lang: Lang;
  /** The pipeline's visitor key (an address or a /56): hashed before it is stored. */
  visitor: string;
}

export type RequestResult =
  /** Mailed to the practice and held until the answer is due; `kept`: the hold outlives a restart (in Redis). */
  | { result: 'requested'; kept: boolean }
  /** The time is no longer free (the calendar or another hold). */
  | { result: 'taken' }
  /** The calendar cannot be vouched for, or the holds store does not answer: nothing held or mailed. */
  | { result: 'unavailable' | 'store-unavailable' }
  /** The hold's reply did not come, and what it may have held was released: nothing mailed, the visitor may ask again. */
  | { result: 'not-held' }
  /** Unconfirmed requests hold their share of the calendar. */
  | { result: 'held-share-full' }
  /** The visitor holds as many times as they may. */
  | { result: 'already-waiting' }
  /** The mail server did not take it: the hold is released. */
  | { result: 'delivery-failed'; error: unknown }
  /** Handed over, and no reply came: it may have reached the practice. Held and remembered as if it had. */
  | { result: 'uncertain'; kept: boolean; error: MailOutcomeUnknown };

export async function requestSession(
  deps: RequestDeps,
  request: SessionRequestInput,
  at: Date,
): Promise<RequestResult> {
  const { config, mailer, calendar, holds } = deps;
  const { values, service, format, start, lang } = request;
  const end = new Date(start.getTime() + serviceMinutes(service) * MINUTE_MS);
  const visitor = deps.visitorId(request.visitor);
  const heldUntil = holdUntil(at);
  // The hold's id chosen here: the practitioner answers with one of two links that carry the
  // request itself (decision/links.ts), the hold's id included, and the sealed request rides with
  // the hold for the due-day reminder (decision/reminder.ts).
  const id = randomUUID();
  const mine = { service, start, end, visitor };
  const hold = await holdTime({ calendar, holds }, { ...mine, id }, at);
  if (hold.result !== 'held') return { result: hold.result === 'already-waiting' ? 'already-waiting' : hold.result };
  const links = await answerLinks(
    config,
    {
      ...mine,
      hold: id,
      format,
      name: values.name,
      email: replyAddress(values.email),
      phone: values.phone,
      lang,
      ...(values.reminder ? { remind: true } : {}),
    },
    heldUntil,
  );
  const mail = composeBookingMail(config, { ...values, service, format, start, end, lang }, at, heldUntil, links);
  let uncertain: MailOutcomeUnknown | null = null;
  try {
    await mailer.send(mail, { for: 'practice' });
  } catch (error) {
    if (!(error instanceof MailOutcomeUnknown)) {
      await hold.release();
      return { result: 'delivery-failed', error };
    }
    uncertain = error;
  }
  // Only now may the practice know of it: its sealed request rides with the hold for the due-day reminder.
  await holds.remember(id, links.sealed, at);
  // Only a hold in Redis outlives a restart: only then does the card promise it (decision 0024).
  const kept = holds.state() === 'redis';
  return uncertain ? { result: 'uncertain', kept, error: uncertain } : { result: 'requested', kept };
}
