import { connect } from 'node:net';

// A Redis that cannot be reached because of how it is set up (the password, the certificate, the
// scheme in REDIS_URL) is no outage that passes by itself: it is told once, at error level, naming
// the variable and what to check (server/store/redis.ts), instead of a warning a minute.

/** What is wrong with the settings, for the one error line. */
export interface ConfigProblem {
  /** The variable to look at. */
  variable: string;
  /** What to check, as a sentence. */
  check: string;
}

/** How the connection was made, and how far the failed attempt got. */
export interface Attempt {
  tls: boolean;
  /** REDIS_TLS_CA is set. */
  ca: boolean;
  /** The TCP connection was made (ioredis's 'connect') and Redis had not answered yet. */
  handshaking: boolean;
}

const AUTH = /^(WRONGPASS|NOAUTH)\b|invalid password|without any password configured/i;
/** Node's codes for a certificate that does not verify. */
const UNVERIFIED = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
]);
/** TLS spoken to a port that answers in plain text. */
const NOT_TLS = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG', 'EPROTO']);
/** Plain text spoken to a TLS port: the server hangs up before answering. */
const HUNG_UP = new Set(['ECONNRESET', 'EPIPE']);

const codeOf = (err: unknown) => String((err as { code?: unknown } | null)?.code ?? '');
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

const TO_REDISS = {
  variable: 'REDIS_URL',
  check:
    'Redis hung up before answering, as a TLS port does to plain text: if the provider gives a TLS port, REDIS_URL must begin with rediss://',
};
const TO_REDIS = {
  variable: 'REDIS_URL',
  check:
    'the TLS handshake got no TLS answer, as from a plain port: if the port is not TLS, REDIS_URL must begin with redis:// (and Redis should then be on a private network)',
};

/** The configuration problem an error shows, or null for anything a wait may cure. */
export function configProblem(err: unknown, attempt: Attempt): ConfigProblem | null {
  const code = codeOf(err);
  if (AUTH.test(messageOf(err)))
    return {
      variable: 'REDIS_URL',
      check: `Redis refused the password (${messageOf(err).split(' ')[0]}): check the password (and user) in REDIS_URL against the provider's; a rotated credential means a new REDIS_URL`,
    };
  if (attempt.tls && UNVERIFIED.has(code))
    return {
      variable: attempt.ca ? 'REDIS_TLS_CA' : 'REDIS_TLS_CA (or REDIS_TLS_REJECT_UNAUTHORIZED)',
      check: attempt.ca
        ? `Redis's TLS certificate does not verify with REDIS_TLS_CA (${code}): check that it is the CA your provider publishes for this Redis`
        : `Redis's TLS certificate does not verify (${code}): set REDIS_TLS_CA to the CA certificate your provider publishes (PEM); REDIS_TLS_REJECT_UNAUTHORIZED=0 accepts any certificate, an impostor's too (docs/operations.md)`,
    };
  if (attempt.tls && code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return {
      variable: 'REDIS_URL',
      check: `Redis's TLS certificate is for another host name (${code}): check the host in REDIS_URL against the provider's`,
    };
  if (attempt.tls && NOT_TLS.has(code)) return TO_REDIS;
  if (!attempt.tls && attempt.handshaking && HUNG_UP.has(code)) return TO_REDISS;
  return null;
}

/**
 * A rediss:// attempt that timed out: whether TCP reached the port within `ms` (then the port
 * took the connection but gave no TLS answer, as a plain Redis does), told as the problem.
 */
export function plainPortBehindTls(host: string, port: number, ms: number): Promise<ConfigProblem | null> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (problem: ConfigProblem | null) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(ms, () => done(null));
    socket.once('connect', () => done(TO_REDIS));
    socket.once('error', () => done(null));
  });
}
