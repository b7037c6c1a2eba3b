import { createHmac, timingSafeEqual } from 'node:crypto';
import { HOUR_MS } from '../../views/days';

// Her preview ticket (decision 0073): what her editor shows POST /admin/preview to prove that she
// logged in here, as GitHub's user token proves it to GitHub (which the site never sees again).
// Made at a successful login (index.ts), for as long as that token lasts: its expiry, signed with
// HMAC-SHA256 under a key of its own derived from the App's secret (the same in every process),
// as the login's state is (state.ts). No store: checking one is an HMAC, before the preview
// reads anything else or counts anything.

/** A user token of a GitHub App lasts 8 hours; the ticket never longer, whatever GitHub says. */
export const TICKET_MOST_MS = 8 * HOUR_MS;

/** Its expiry in ms since the epoch, a dot, the HMAC of it (base64url). */
const TICKET = /^(\d{13})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: Buffer, expiry: string) =>
  createHmac('sha256', key).update(`editor preview until ${expiry}`).digest('base64url');

/** A ticket for `lifetimeMs` (her token's), at most TICKET_MOST_MS. */
export function sealTicket(key: Buffer, lifetimeMs: number, now: Date): string {
  const expiry = String(now.getTime() + Math.min(lifetimeMs, TICKET_MOST_MS));
  return `${expiry}.${mac(key, expiry)}`;
}

/** Why a ticket is refused (for the log; the preview says only that she must log in again). */
export type TicketRefusal = 'missing' | 'malformed' | 'forged' | 'expired';

/** null when the ticket is this site's and still valid at `now`; else why not. */
export function ticketRefusal(key: Buffer, ticket: unknown, now: Date): TicketRefusal | null {
  if (ticket === undefined || ticket === '') return 'missing';
  const parts = typeof ticket === 'string' ? TICKET.exec(ticket) : null;
  if (!parts) return 'malformed';
  const [, expiry = '', signature = ''] = parts;
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(mac(key, expiry)))) return 'forged';
  return now.getTime() > Number(expiry) ? 'expired' : null;
}
