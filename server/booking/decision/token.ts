import { createHash } from 'node:crypto';
import type { JWTPayload } from 'jose';
import { bookingRules, serviceMinutes } from '../../../content/booking';
import { isLang } from '../../../content/languages';
import { longestAnswerWindow } from '../answerWindow';
import { addLocalDays } from '../localTime';
import { isFormat, isService, type SessionRequest } from '../request';
import { seal, unseal } from '../sealed';
import { DAY_MS, MINUTE_MS } from '../../../views/days';

// What the practitioner's two links in a request mail carry: the request itself (what the answer
// page shows and what the visitor's mail needs), encrypted and authenticated with BOOKING_SECRET
// as a JWE (dir + A256GCM, jose), so that the server keeps nothing of it (decision 0022). The
// link expires when the hold would lapse (or when the session begins, if sooner). Its random id
// (jti) names the request; the used-marker (server/store/usedLinks.ts) is a hash of it.
// The note the visitor wrote is not in it. The phone is (since issue 54), for her own calendar's
// event (server/booking/herCalendar/); a link sealed before carries none.
// Its claims are bounded when it is opened (boundedClaims): a link sealed with a leaked secret
// cannot live for months, hold a session of years or a time long past.

export interface AnswerRequest extends Omit<SessionRequest, 'phone' | 'message'> {
  /** The request's random id (one for both links: confirmed or declined, once). */
  id: string;
  /** The hold's id (server/store/holds.ts). */
  hold: string;
  /** Whom the hold is for, as the holds store knows it (a keyed hash, never an address). */
  visitor: string;
  /** When the link stops working. */
  expires: Date;
  /** The client asked for a reminder by e-mail before the session (the booking form's box). */
  remind?: boolean;
  /** A move the client asked for with her manage link: the confirmed appointment this request would replace. */
  replaces?: Replaced;
  /** As the client typed it, for her calendar's event (server/booking/herCalendar/); absent from links sealed before they carried it. */
  phone?: string;
}

/** The appointment a move would replace: its id (its first request's), its hold and its time. */
interface Replaced {
  id: string;
  hold: string;
  start: Date;
  end: Date;
}

/**
 * What a link turned out to be: ours and live; ours, unaltered and within bounds but past its
 * expiry ('expired', with its request, for a page that says what it was); or anything else, a
 * forged or absurd claim included ('invalid', nothing of it kept).
 */
export type Opened =
  | { ok: true; request: AnswerRequest }
  | { ok: false; why: 'expired'; request: AnswerRequest }
  | { ok: false; why: 'invalid' };

const PURPOSE = 'psykolog-aalborg booking answer link v1';

/** The used-marker's key: nothing that could lead back to the request without the link itself. */
export const markOf = (id: string): string => createHash('sha256').update(`used:${id}`).digest('base64url');

/** The link's text (the path's `?t=`): ~500 characters of base64url. `audience`: BASE_URL. */
export function sealRequest(
  request: Omit<AnswerRequest, 'id'> & { id?: string },
  secret: Buffer,
  audience: string,
): Promise<string> {
  const r = request.replaces;
  const claims = {
    h: request.hold,
    v: request.visitor,
    s: request.service,
    f: request.format,
    a: request.start.getTime(),
    b: request.end.getTime(),
    n: request.name,
    e: request.email,
    l: request.lang,
    ...(request.remind ? { w: 1 } : {}),
    ...(r ? { r: { i: r.id, h: r.hold, a: r.start.getTime(), b: r.end.getTime() } } : {}),
    ...(request.phone ? { p: request.phone } : {}),
  };
  return seal(claims, {
    secret,
    audience,
    purpose: PURPOSE,
    expires: request.expires,
    ...(request.id ? { id: request.id } : {}),
  });
}

/** A move's claim `r`, if it has each of its types. undefined: none; null: malformed. */
function replacedOf(r: unknown): Replaced | undefined | null {
  if (r === undefined) return undefined;
  const x = (typeof r === 'object' && r !== null ? r : {}) as Record<string, unknown>;
  if (typeof x.i !== 'string' || typeof x.h !== 'string' || typeof x.a !== 'number' || typeof x.b !== 'number')
    return null;
  return { id: x.i, hold: x.h, start: new Date(x.a), end: new Date(x.b) };
}

/** The request of a decrypted payload, if each claim has its type. */
function requestOf(p: JWTPayload): AnswerRequest | null {
  if (
    typeof p.jti !== 'string' ||
    typeof p.h !== 'string' ||
    typeof p.v !== 'string' ||
    !isService(p.s) ||
    !isFormat(p.f) ||
    typeof p.a !== 'number' ||
    typeof p.b !== 'number' ||
    typeof p.n !== 'string' ||
    typeof p.e !== 'string' ||
    !isLang(p.l) ||
    typeof p.exp !== 'number' ||
    (p.w !== undefined && p.w !== 1) ||
    (p.p !== undefined && typeof p.p !== 'string')
  )
    return null;
  const replaces = replacedOf(p.r);
  if (replaces === null) return null;
  return {
    id: p.jti,
    hold: p.h,
    visitor: p.v,
    service: p.s,
    format: p.f,
    start: new Date(p.a),
    end: new Date(p.b),
    name: p.n,
    email: p.e,
    lang: p.l,
    expires: new Date(p.exp * 1000),
    ...(p.w === 1 ? { remind: true } : {}),
    ...(replaces ? { replaces } : {}),
    ...(typeof p.p === 'string' ? { phone: p.p } : {}),
  };
}

/**
 * Whether a link's claims are ones the booking form could have sealed (answerLinks: it expires
 * when the answer is due or when the session starts, whichever is sooner): the session the
 * service's length; the link ending no later than the session starts, and the session within the
 * horizon of then; a live link at most the longest answer window from `now`, for a session in the
 * future within the horizon. A day's slack on the horizon for clocks and local midnights.
 */
function boundedClaims(r: AnswerRequest, now: Date, rules = bookingRules): boolean {
  const start = r.start.getTime();
  const expires = r.expires.getTime();
  const horizonMs = (rules.horizonDays + 1) * DAY_MS;
  const length = serviceMinutes(r.service) * MINUTE_MS;
  if (r.end.getTime() - start !== length) return false;
  if (r.replaces && r.replaces.end.getTime() - r.replaces.start.getTime() !== length) return false;
  if (expires > start || start > expires + horizonMs) return false;
  if (expires <= now.getTime()) return true;
  return (
    expires <= now.getTime() + longestAnswerWindow(rules) &&
    start > now.getTime() &&
    start <= addLocalDays(now.getTime(), rules.horizonDays + 1, rules.timeZone)
  );
}

/**
 * The request a link carries, if it is one of ours, unaltered, its claims bounded (boundedClaims)
 * and not expired; an expired one of ours says so, with its request. `secrets`: the current
 * BOOKING_SECRET first, then the previous one during a rotation. Any other text, however long or
 * shaped, is 'invalid'; nothing of it is echoed or logged.
 */
export async function openRequest(
  token: unknown,
  secrets: readonly Buffer[],
  audience: string,
  now: Date,
): Promise<Opened> {
  const opened = await unseal(token, secrets, audience, PURPOSE, now);
  const request = opened && requestOf(opened.payload);
  if (!opened || !request || !boundedClaims(request, now)) return { ok: false, why: 'invalid' };
  return opened.expired ? { ok: false, why: 'expired', request } : { ok: true, request };
}
