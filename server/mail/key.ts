import { ConfigError, type Config } from '../process/config';
import { expiryDate, KeyProblem, type MailKey } from './keyTypes';
import { DAY_MS } from '../../views/days';

// The practice's public key (OpenPGP) or certificate (S/MIME), read and checked once at
// start-up: it parses, can encrypt, has not expired and is strong enough. A bad one stops
// start-up with one line naming the variable and the reason, never the key itself. The server
// holds only the public half: a private key given by mistake is refused.

export { expiryDate, type MailKey };

const EXPIRES_SOON_DAYS = 30;

export async function loadMailKey(config: Pick<Config, 'mailKey'>, now: Date = new Date()): Promise<MailKey | null> {
  const source = config.mailKey;
  if (!source) return null;
  const { variable, text } = source;
  try {
    if (/-----BEGIN PGP PRIVATE KEY BLOCK-----|-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) {
      throw new KeyProblem(
        "holds a private key: give the public key (or certificate) only; the server must never hold the practice's private key",
      );
    }
    // Loaded only when a key is set: a server with plain mail starts without either library.
    const key =
      variable === 'MAIL_OPENPGP_KEY'
        ? await (await import('./openpgp')).readOpenpgpKey(text, now)
        : await (await import('./smime')).readSmimeCert(text);
    if (key.expires && key.expires.getTime() <= now.getTime())
      throw new KeyProblem(`has expired (${expiryDate(key.expires)})`);
    // Once, to prove it encrypts; a few milliseconds.
    await key.encrypt(Buffer.from('check\r\n'), now);
    return key;
  } catch (err) {
    if (err instanceof KeyProblem) throw new ConfigError(`${variable} ${err.message}`);
    throw new ConfigError(
      `${variable} cannot encrypt: ${variable === 'MAIL_OPENPGP_KEY' ? 'not a usable OpenPGP public key' : 'not a usable X.509 certificate'}`,
    );
  }
}

export type KeyState = { state: 'none' | 'ok' | 'expires-soon' | 'expired'; expires?: string };

/** For /healthz/mail and the start-up warning: expired, expiring within 30 days, or fine. */
export function keyState(key: MailKey | null | undefined, now: Date = new Date()): KeyState {
  if (!key) return { state: 'none' };
  if (!key.expires) return { state: 'ok' };
  const expires = expiryDate(key.expires);
  const left = key.expires.getTime() - now.getTime();
  if (left <= 0) return { state: 'expired', expires };
  return { state: left <= EXPIRES_SOON_DAYS * DAY_MS ? 'expires-soon' : 'ok', expires };
}

/** Thrown at delivery with an expired key: the message is not sent at all, never in clear text. */
export function keyExpiredError(key: MailKey): Error {
  return Object.assign(new Error(`${key.variable} expired on ${expiryDate(key.expires)}`), { code: 'EKEYEXPIRED' });
}
