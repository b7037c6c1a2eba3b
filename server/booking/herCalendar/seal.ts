import { hkdfSync } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';
import type { BookableService } from '../../../content/booking';
import type { BookingFormat } from '../../../content/texts/booking';
import { isFormat, isService } from '../request';

// What her calendar's event says of the client (their name and phone, with the service, place and
// time), as the queue and the subscription keep it: sealed as her answer links are
// (decision/token.ts: a JWE, dir + A256GCM, its key derived from BOOKING_SECRET with a purpose of
// its own), so that Redis holds nothing of the client it could read. Opened with the current
// secret, or during a rotation with BOOKING_SECRET_PREVIOUS's (and then sealed again with the
// current one, so that the previous one can go).

/** A confirmed session as her calendar shows it. */
export interface Session {
  service: BookableService;
  format: BookingFormat;
  start: Date;
  end: Date;
  name: string;
  /** As the client typed it; null: not known (a request sent before links carried it). */
  phone: string | null;
}

const INFO = 'psykolog-aalborg her calendar v1';
const keyOf = (secret: Buffer) => new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));
const encoder = new TextEncoder();

/** The session sealed with `secret`: a few hundred characters. */
export function sealSession(s: Session, secret: Buffer): Promise<string> {
  const claims = { s: s.service, f: s.format, a: s.start.getTime(), b: s.end.getTime(), n: s.name, p: s.phone };
  return new CompactEncrypt(encoder.encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .encrypt(keyOf(secret));
}

/** The session a sealed text holds, and whether it was sealed with the current secret (the first); null: none of ours. */
export async function openSession(
  sealed: string,
  secrets: readonly Buffer[],
): Promise<{ session: Session; current: boolean } | null> {
  for (const [i, secret] of secrets.entries()) {
    let text: string;
    try {
      text = new TextDecoder().decode((await compactDecrypt(sealed, keyOf(secret))).plaintext);
    } catch {
      continue;
    }
    const session = sessionOf(JSON.parse(text) as Record<string, unknown>);
    return session ? { session, current: i === 0 } : null;
  }
  return null;
}

function sessionOf(c: Record<string, unknown>): Session | null {
  if (!isService(c.s) || !isFormat(c.f) || typeof c.a !== 'number' || typeof c.b !== 'number') return null;
  if (typeof c.n !== 'string' || (c.p !== null && typeof c.p !== 'string')) return null;
  return { service: c.s, format: c.f, start: new Date(c.a), end: new Date(c.b), name: c.n, phone: c.p };
}
