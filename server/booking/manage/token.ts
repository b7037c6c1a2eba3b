import type { JWTPayload } from 'jose';
import { bookingRules, serviceMinutes } from '../../../content/booking';
import { isLang } from '../../../content/languages';
import type { AnswerRequest } from '../decision/token';
import { addLocalDays } from '../localTime';
import { isFormat, isService } from '../request';
import { seal, unseal } from '../sealed';
import { MINUTE_MS } from '../../../views/days';

// The client's manage link: her confirmed appointment sealed into it (server/booking/sealed.ts,
// decision 0022), so that the site keeps nothing of her to show her page or act on it. It lasts
// until the session ends. Its id is the appointment's live request (whose mark keeps the
// appointment's state); the event's UID stays the first request's through a move. Bounded when
// opened, as her answer links are: a link sealed with a leaked secret cannot reach far.

export interface Appointment extends Omit<AnswerRequest, 'expires' | 'replaces'> {
  /** The event's UID: the first request's id, kept through a move, so that calendar apps replace the entry. */
  uid: string;
  /** The SEQUENCE of the event the client last had: 0, or 1 once moved. */
  sequence: number;
  /** She asked for a reminder (kept through a move). */
  remind: boolean;
  /** When the link stops working: the session's end. */
  expires: Date;
}

const PURPOSE = 'psykolog-aalborg booking manage link v1';

/** Where the client's page is (GET) and where its forms post. */
export const MANAGE_PATH = '/booking/aftale';
export const MANAGE_POST_PATH = '/booking/aftale/skift';

/** The link in her mails and her event: from BASE_URL, never a request's Host. */
export const manageUrl = (baseUrl: string, sealed: string) => `${baseUrl}${MANAGE_PATH}?t=${sealed}`;

/** The appointment a confirmation makes of a request (a move's: its appointment at the new time, its event's UID the first one's). */
export function appointmentOf(r: AnswerRequest): Appointment {
  const { replaces, expires: _, ...request } = r;
  return {
    ...request,
    uid: replaces?.id ?? r.id,
    sequence: replaces ? 1 : 0,
    remind: r.remind === true,
    expires: r.end,
  };
}

/** The appointment a move's request would replace, as its first confirmation made it (null: the request is no move). */
export function replacedBy(r: AnswerRequest): Appointment | null {
  const old = r.replaces;
  if (!old) return null;
  const { hold, start, end } = old;
  return { ...appointmentOf(r), id: old.id, uid: old.id, hold, start, end, sequence: 0, expires: end };
}

export function sealAppointment(a: Appointment, secret: Buffer, audience: string): Promise<string> {
  const claims = {
    u: a.uid,
    h: a.hold,
    v: a.visitor,
    s: a.service,
    f: a.format,
    a: a.start.getTime(),
    b: a.end.getTime(),
    n: a.name,
    e: a.email,
    l: a.lang,
    q: a.sequence,
    w: a.remind ? 1 : 0,
  };
  return seal(claims, { secret, audience, purpose: PURPOSE, id: a.id, expires: a.expires });
}

function appointmentFrom(p: JWTPayload): Appointment | null {
  if (
    typeof p.jti !== 'string' ||
    typeof p.u !== 'string' ||
    typeof p.h !== 'string' ||
    typeof p.v !== 'string' ||
    !isService(p.s) ||
    !isFormat(p.f) ||
    typeof p.a !== 'number' ||
    typeof p.b !== 'number' ||
    typeof p.n !== 'string' ||
    typeof p.e !== 'string' ||
    !isLang(p.l) ||
    (p.q !== 0 && p.q !== 1) ||
    (p.w !== 0 && p.w !== 1) ||
    typeof p.exp !== 'number'
  )
    return null;
  return {
    id: p.jti,
    uid: p.u,
    hold: p.h,
    visitor: p.v,
    service: p.s,
    format: p.f,
    start: new Date(p.a),
    end: new Date(p.b),
    name: p.n,
    email: p.e,
    lang: p.l,
    sequence: p.q,
    remind: p.w === 1,
    expires: new Date(p.exp * 1000),
  };
}

/** Claims the site could have sealed: the service's length, expiring as the session ends, the session within the horizon of now. */
function bounded(a: Appointment, now: Date): boolean {
  const start = a.start.getTime();
  if (a.end.getTime() - start !== serviceMinutes(a.service) * MINUTE_MS) return false;
  if (Math.floor(a.end.getTime() / 1000) !== a.expires.getTime() / 1000) return false;
  return start <= addLocalDays(now.getTime(), bookingRules.horizonDays + 1, bookingRules.timeZone);
}

/**
 * The appointment a link carries, if it is one of ours, unaltered, bounded and its session not
 * over. Anything else, a link whose session has ended included, is null: one page for all of
 * them, which says nothing of what the link was.
 */
export async function openAppointment(
  token: unknown,
  secrets: readonly Buffer[],
  audience: string,
  now: Date,
): Promise<Appointment | null> {
  const opened = await unseal(token, secrets, audience, PURPOSE, now);
  const appointment = opened && !opened.expired ? appointmentFrom(opened.payload) : null;
  return appointment && bounded(appointment, now) ? appointment : null;
}
