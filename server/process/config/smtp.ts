import { readFileSync } from 'node:fs';
import { ConfigError, type Env } from './parse';

// Where mail goes (SMTP_URL, SMTP_INSECURE) and the practice's key it is encrypted to
// (MAIL_OPENPGP_KEY or MAIL_SMIME_CERT). Health data leaves the server only over TLS 1.2 or newer.

/** SMTP_URL read into its parts. */
export interface SmtpConfig {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte. smtp://: plain until STARTTLS, which is then required. */
  implicitTls: boolean;
  auth?: { user: string; pass: string };
  /** SMTP_INSECURE=1: a plain local test server without TLS is allowed (never in production). */
  insecure: boolean;
  /** For logs: scheme, host and port, never the user or password. */
  display: string;
}

/** MAIL_OPENPGP_KEY or MAIL_SMIME_CERT, read from the variable itself or from the file it names. */
export interface MailKeySource {
  variable: 'MAIL_OPENPGP_KEY' | 'MAIL_SMIME_CERT';
  text: string;
}

const SMTP_EXAMPLE = 'smtps://user:password@smtp.example.dk:465 or smtp://user:password@smtp.example.dk:587';

/** SMTP_URL and SMTP_INSECURE; null: no SMTP server (mail to the outbox folder, never in production). */
export function smtpConfig(env: Env, production: boolean): SmtpConfig | null {
  const insecureFlag = env.SMTP_INSECURE;
  if (!env.SMTP_URL) {
    if (production)
      throw new ConfigError('SMTP_URL must be set in production: contact messages cannot be delivered without it');
    if (insecureFlag) throw new ConfigError('SMTP_INSECURE only applies to an smtp:// SMTP_URL, and none is set');
    return null;
  }
  const url = smtpUrl(env.SMTP_URL);
  if (insecureFlag !== undefined && insecureFlag !== '' && insecureFlag !== '1') {
    throw new ConfigError(`SMTP_INSECURE must be 1 or unset (got "${insecureFlag}")`);
  }
  const insecure = insecureFlag === '1';
  if (insecure && production) {
    throw new ConfigError(
      'SMTP_INSECURE is refused in production: contact messages are health data and travel only over TLS',
    );
  }
  if (insecure && url.protocol === 'smtps:') {
    throw new ConfigError('SMTP_INSECURE applies to smtp:// only; smtps:// always uses TLS');
  }
  const implicitTls = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : implicitTls ? 465 : 587,
    implicitTls,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    insecure,
    display: `${url.protocol}//${url.host}`,
  };
}

function smtpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// URL, like ${SMTP_EXAMPLE}`);
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError(`SMTP_URL must be an smtp:// or smtps:// URL, like ${SMTP_EXAMPLE}`);
  }
  // A setting in the query (e.g. tls.rejectUnauthorized=false) could weaken TLS without anyone noticing.
  if (url.search || (url.pathname && url.pathname !== '/')) {
    throw new ConfigError('SMTP_URL takes no path or query: only scheme, user, password, host and port');
  }
  return url;
}

export function mailKeySource(env: Env): MailKeySource | null {
  const given = (['MAIL_OPENPGP_KEY', 'MAIL_SMIME_CERT'] as const).filter((name) => env[name]);
  if (given.length > 1)
    throw new ConfigError('MAIL_OPENPGP_KEY and MAIL_SMIME_CERT are both set: set one of them (OpenPGP or S/MIME)');
  const variable = given[0];
  if (!variable) return null;
  const raw = env[variable] as string;
  // Inline (a host may turn its line breaks into "\n"), or the path of a file; never echoed.
  if (raw.includes('-----BEGIN')) return { variable, text: raw.replace(/\\n/g, '\n') };
  try {
    return { variable, text: readFileSync(raw.trim(), 'utf8') };
  } catch {
    throw new ConfigError(
      `${variable} must be ${variable === 'MAIL_OPENPGP_KEY' ? 'an ASCII-armoured OpenPGP public key' : 'a PEM certificate'} or the path of a file with one, and no such file can be read`,
    );
  }
}
