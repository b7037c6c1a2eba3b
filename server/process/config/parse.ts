import { DAY_MS } from '../../../views/days';

// The readers every part of the configuration uses: each throws a ConfigError whose one line
// names the variable and what it must be, and never echoes a secret.

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

/** A limit's window in milliseconds: from a second to a day. */
export const windowMs = (env: Env, name: string, fallback: number) => integer(env, name, fallback, 1000, DAY_MS);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function email(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  // MAIL_FROM may carry a display name: "Psykolog Aalborg <web@example.dk>".
  const address = /<([^>]*)>\s*$/.exec(raw)?.[1] ?? raw;
  if (!EMAIL.test(address) || /[\r\n]/.test(raw)) {
    throw new ConfigError(`${name} must be an email address, optionally "Name <address>" (got "${raw}")`);
  }
  return raw;
}

/**
 * A token or key chosen by the operator (HEALTHZ_TOKEN, BOOKING_VISITOR_SECRET): long enough not
 * to be guessed, and sendable in a header and a query as it is; null when unset. Never echoed.
 */
export function token(env: Env, name: string): string | null {
  const value = env[name];
  if (!value) return null;
  if (!/^[A-Za-z0-9._~-]{32,256}$/.test(value) || plainSecret(value)) {
    throw new ConfigError(
      `${name} must be 32 to 256 letters, digits or . _ ~ -, at least ${SECRET_MIN_CHARACTERS} of them different (e.g. the output of \`openssl rand -hex 32\`)`,
    );
  }
  return value;
}

/**
 * The least number of different characters a secret chosen by the operator must have. Made at
 * random (`openssl rand -hex 16` and longer), fewer happen less than once in ten million; one
 * character repeated, or a short pattern, has fewer (decision 0055).
 */
const SECRET_MIN_CHARACTERS = 8;

/** A secret too plain to be random: fewer than SECRET_MIN_CHARACTERS different characters. */
export const plainSecret = (text: string) => new Set(text).size < SECRET_MIN_CHARACTERS;

/** An absolute URL, or null for one that cannot be read. */
export function urlOf(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
