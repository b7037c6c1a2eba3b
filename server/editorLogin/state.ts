import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MINUTE_MS } from '../../views/days';

// The login's state (OAuth's `state`), bound to the login window without a cookie: the window
// keeps a random proof in its own sessionStorage and sends only its SHA-256 (the binding) to
// /start; the state carries the binding, a use-once id and its expiry, signed with a key derived
// from the App's secret (the same in every process). On the way back the window shows its proof:
// a state taken from another window, or replayed, or made by anyone but this site, is worth
// nothing.

/** GitHub's code lives ten minutes; the state no longer. */
export const STATE_LIFETIME_MS = 10 * MINUTE_MS;

/** A binding: the SHA-256 of the window's proof, base64url (43 characters). */
export const BINDING = /^[A-Za-z0-9_-]{43}$/;
/** A proof: 32 random bytes from the window, base64url. */
const PROOF = /^[A-Za-z0-9_-]{43}$/;

interface Payload {
  /** The binding. */
  b: string;
  /** The use-once id. */
  n: string;
  /** Expiry, in ms since the epoch. */
  x: number;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A new state for the window whose binding is `binding`. */
export function sealState(key: Buffer, binding: string, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ b: binding, n: randomBytes(16).toString('base64url'), x: now + STATE_LIFETIME_MS }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** Why a state is refused (for the log; the window says only that the login must start again). */
export type StateRefusal = 'malformed' | 'forged' | 'expired' | 'other-window';

/** The state's use-once id when it is ours, fresh and this window's (its proof hashes to its binding). */
export function openState(
  key: Buffer,
  state: unknown,
  proof: unknown,
  now = Date.now(),
): { id: string } | { refused: StateRefusal } {
  if (typeof state !== 'string' || state.length > 400 || typeof proof !== 'string' || !PROOF.test(proof))
    return { refused: 'malformed' };
  const [payload = '', signature = ''] = state.split('.');
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { refused: 'forged' };
  const { b, n, x } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Payload;
  if (now > x) return { refused: 'expired' };
  if (createHash('sha256').update(proof).digest('base64url') !== b) return { refused: 'other-window' };
  return { id: n };
}
