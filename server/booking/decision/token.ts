import { createHash, hkdfSync, randomUUID } from 'node:crypto';
import { EncryptJWT, errors, jwtDecrypt, type JWTPayload } from 'jose';
import { bookingRules, serviceMinutes } from '../../../content/booking';
import { isLang } from '../../../content/languages';
import { longestAnswerWindow } from '../answerWindow';
import { addLocalDays } from '../localTime';
import { isFormat, isService, type SessionRequest } from '../request';
import { DAY_MS } from '../../../views/days';

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
  /** As the client typed it, for her calendar's event; absent from links sealed before they carried it. */
  phone?: string;
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

const INFO = 'psykolog-aalborg booking answer link v1';

/** The 256-bit content key from a secret of any length ≥ 32 bytes (HKDF-SHA256, its own purpose). */
function linkKey(secret: Buffer): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));
}

/** The used-marker's key: nothing that could lead back to the request without the link itself. */
export const markOf = (id: string): string => createHash('sha256').update(`used:${id}`).digest('base64url');

/** The link's text (the path's `?t=`): ~500 characters of base64url. `audience`: BASE_URL. */
export async function sealRequest(
  request: Omit<AnswerRequest, 'id'> & { id?: string },
  secret: Buffer,
  audience: string,
): Promise<string> {
  return new EncryptJWT({
    h: request.hold,
    v: request.visitor,
    s: request.service,
    f: request.format,
    a: request.start.getTime(),
    b: request.end.getTime(),
    n: request.name,
    e: request.email,
    l: request.lang,
    ...(request.phone ? { p: request.phone } : {}),
  })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setJti(request.id ?? randomUUID())
    .setAudience(audience)
    .setExpirationTime(Math.floor(request.expires.getTime() / 1000))
    .encrypt(linkKey(secret));
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
    (p.p !== undefined && typeof p.p !== 'string')
  )
    return null;
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
  if (r.end.getTime() - start !== serviceMinutes(r.service) * 60_000) return false;
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
  // A link is a few hundred characters; anything much longer is nobody's (and costs nothing to refuse).
  if (typeof token !== 'string' || token.length > 4096 || !/^[\w-]+(\.[\w-]*){4}$/.test(token))
    return { ok: false, why: 'invalid' };
  for (const secret of secrets) {
    let payload: JWTPayload;
    let expired = false;
    try {
      payload = (
        await jwtDecrypt(token, linkKey(secret), {
          audience,
          currentDate: now,
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
          requiredClaims: ['jti', 'exp'],
        })
      ).payload;
    } catch (err) {
      // Sealed with this secret, past its time (no other secret makes it younger): its claims still checked.
      if (err instanceof errors.JWTExpired) {
        payload = err.payload;
        expired = true;
      } else if (err instanceof errors.JWTClaimValidationFailed) return { ok: false, why: 'invalid' };
      else continue;
    }
    const request = requestOf(payload);
    if (!request || !boundedClaims(request, now)) return { ok: false, why: 'invalid' };
    return expired ? { ok: false, why: 'expired', request } : { ok: true, request };
  }
  return { ok: false, why: 'invalid' };
}
