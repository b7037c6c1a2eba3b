import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import nodemailer from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { Config, SmtpConfig } from '../process/config';
import type { MailKey } from './key';
import { protectedMail, type Mail, type OutgoingMail } from './message';

// Delivery of every mail, composed elsewhere (server/mail/*Mail.ts): SMTP when SMTP_URL is set,
// otherwise (outside production) .eml files in the outbox folder. send() resolves only once the
// mail is accepted. A mail to the practice is health data: over SMTP every mail travels only with
// TLS 1.2 or newer and a verified certificate (Datatilsynet's forced TLS), unless SMTP_INSECURE
// allows a local test server. With the practice's key (server/mail/key.ts) a mail for the
// practice is encrypted before either (server/mail/message.ts); a visitor's never is: it is theirs to read.

/** Whom a mail is for: the practice's is encrypted to her key when she has one. */
interface SendOptions {
  for: 'practice' | 'visitor';
}

export interface Mailer {
  /** Where messages go, for the start-up log line: never a secret. */
  describe: string;
  /** The practice's key every message is encrypted to; none: plain mail. */
  key?: MailKey | null;
  /** Every mail, on one path: the same TLS and retry; encrypted with the key when it is for the practice. */
  send(mail: Mail, options: SendOptions): Promise<void>;
  /** One connection (and login) without sending anything: how the transport is secured. */
  check(): Promise<{ tls: string }>;
  close(): void;
}

/** A failure as an operator may see it: codes only, never a message text or an address. */
export interface MailFailure {
  code: string;
  responseCode?: number;
}

/** The whole delivery, a retry included, ends well before a Heroku-style router's 30 s. */
export const DELIVERY_BUDGET_MS = 18_000;
/**
 * The first try's share: a server that takes its time to accept the data (a content filter; 12 s
 * in issue 45's probe) is answered, not cut off and sent the mail twice; a retry mostly follows a
 * quick failure (a 421, a dropped connection) and has the rest.
 */
const FIRST_TRY_MS = 14_000;
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: FIRST_TRY_MS };

interface SmtpError {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  name?: string;
}

export function describeFailure(err: unknown): MailFailure {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpError;
  // nodemailer names the step (ESOCKET, ETLS); the system's code (ECONNREFUSED, a certificate
  // error) tells an operator more.
  const code = e.originalCode ?? e.code ?? (e.name === 'AbortError' ? 'ETIMEDOUT' : 'EUNKNOWN');
  return { code, ...(e.responseCode ? { responseCode: e.responseCode } : {}) };
}

/** A 4xx reply or a lost connection may pass on a second try; a 5xx, a TLS or login failure will not. */
function isTransient(err: unknown): boolean {
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpError;
  if (e.responseCode) return e.responseCode >= 400 && e.responseCode < 500;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/.test(e.originalCode ?? '')) return false;
  return e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'ETIMEDOUT' || e.code === 'EDNS';
}

export interface MailerOptions {
  /** Test-only: a CA to trust besides the system's (production uses NODE_EXTRA_CA_CERTS for a private CA). */
  ca?: string;
  /** The key checked at start-up (server/mail/key.ts); none: plain mail. */
  key?: MailKey | null;
  /** The clock the key's expiry is checked against (a test moves it). */
  now?: () => Date;
}

/** A composed mail as it leaves: the practice's encrypted with the key (its expiry checked against the clock), a visitor's as it is. */
function protector(options: MailerOptions) {
  const now = options.now ?? (() => new Date());
  return async (mail: Mail, { for: reader }: SendOptions): Promise<OutgoingMail> =>
    reader === 'practice' ? protectedMail(mail, options.key ?? null, now()) : mail;
}

/** The connection settings shared by deliveries and the start-up check. */
function smtpOptions(smtp: SmtpConfig, options: MailerOptions = {}) {
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.implicitTls,
    // STARTTLS or nothing: a server that does not offer it gets no MAIL FROM and no DATA.
    requireTLS: !smtp.implicitTls && !smtp.insecure,
    ignoreTLS: smtp.insecure,
    tls: { minVersion: 'TLSv1.2' as const, rejectUnauthorized: true, ...(options.ca ? { ca: options.ca } : {}) },
    ...(smtp.auth ? { auth: smtp.auth } : {}),
    ...TIMEOUTS,
  };
}

function smtpMailer(smtp: SmtpConfig, options: MailerOptions): Mailer {
  const connection = smtpOptions(smtp, options);
  const transport = nodemailer.createTransport(connection);
  const protect = protector(options);

  async function attempt(mail: OutgoingMail, ms: number) {
    await transport.sendMail({ ...mail, signal: AbortSignal.timeout(ms) });
  }

  async function deliver(mail: OutgoingMail) {
    const deadline = Date.now() + DELIVERY_BUDGET_MS;
    try {
      await attempt(mail, FIRST_TRY_MS);
    } catch (err) {
      // Once more within the same request; a duplicate mail is better than a lost one.
      const left = deadline - Date.now();
      if (!isTransient(err) || left < 2_000) throw err;
      await attempt(mail, left);
    }
  }

  return {
    describe: `SMTP ${smtp.display}${smtp.insecure ? ' (SMTP_INSECURE: no TLS)' : ''}`,
    key: options.key ?? null,
    async send(mail, sendOptions) {
      await deliver(await protect(mail, sendOptions));
    },
    check: () =>
      new Promise((resolve, reject) => {
        const conn = new SMTPConnection(connection);
        const fail = (err: Error) => {
          conn.close();
          reject(err);
        };
        conn.once('error', fail);
        conn.connect(() => {
          const ready = () => {
            // nodemailer documents the socket as public; it is a TLSSocket once the session is secure.
            const socket = conn._socket as TLSSocket | false | null;
            const tls =
              conn.secure && socket && typeof socket.getProtocol === 'function'
                ? (socket.getProtocol() ?? 'unknown')
                : 'none';
            conn.quit();
            resolve({ tls });
          };
          if (!smtp.auth) return ready();
          conn.login(smtp.auth, (err) => (err ? fail(err) : ready()));
        });
      }),
    close: () => transport.close(),
  };
}

/** Outside production without SMTP_URL: each message an .eml file only its owner may read. */
function outboxMailer(config: Config, options: MailerOptions): Mailer {
  const protect = protector(options);
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const ensureDir = () => mkdir(config.outboxDir, { recursive: true, mode: 0o700 });
  async function write(mail: OutgoingMail, receivedAt: Date) {
    const info = await outbox.sendMail(mail);
    await ensureDir();
    const file = `${receivedAt.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    await writeFile(path.join(config.outboxDir, file), info.message as Buffer, { flag: 'wx', mode: 0o600 });
  }
  return {
    describe: `outbox ${config.outboxDir}`,
    key: options.key ?? null,
    async send(mail, sendOptions) {
      await write(await protect(mail, sendOptions), mail.date);
    },
    async check() {
      await ensureDir();
      return { tls: 'none (local files)' };
    },
    close: () => outbox.close(),
  };
}

export function createMailer(config: Config, options: MailerOptions = {}): Mailer {
  return config.smtp ? smtpMailer(config.smtp, options) : outboxMailer(config, options);
}
