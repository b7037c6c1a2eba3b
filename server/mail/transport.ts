import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import nodemailer from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { Lang } from '../../content/languages';
import type { ContactMessage } from '../../views/contact/validation';
import type { Config, SmtpConfig } from '../process/config';
import type { MailKey } from './key';
import { outgoingMail, protectedMail, type OutgoingMail } from './message';
import type { PracticeMail } from './practiceMail';
import type { VisitorMail } from './visitorMail';

// Delivery of contact messages: SMTP when SMTP_URL is set, otherwise (outside production)
// .eml files in the outbox folder. deliver() resolves only once the message is accepted.
// A contact message is health data: over SMTP it travels only with TLS 1.2 or newer and a
// verified certificate (Datatilsynet's forced TLS), unless SMTP_INSECURE allows a local test server.
// With the practice's key (server/mail/key.ts) it is encrypted before either (server/mail/message.ts).

export interface Mailer {
  /** Where messages go, for the start-up log line: never a secret. */
  describe: string;
  /** The practice's key every message is encrypted to; none: plain mail. */
  key?: MailKey | null;
  /** `lang`: the language of the pages the visitor wrote from, named in the mail. */
  deliver(message: ContactMessage, receivedAt: Date, lang: Lang): Promise<void>;
  /** A mail to the practice composed elsewhere (a booking request), on the same path: encrypted with the key, the same TLS and retry. */
  deliverMail(mail: PracticeMail): Promise<void>;
  /**
   * The practitioner's answer to a visitor (server/mail/visitorMail.ts), on the same TLS and retry
   * but never encrypted to the practice's key: it is the visitor's to read.
   */
  deliverToVisitor(mail: VisitorMail): Promise<void>;
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
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 8_000 };

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

function composer(config: Config, options: MailerOptions) {
  const now = options.now ?? (() => new Date());
  return (m: ContactMessage, receivedAt: Date, lang: Lang) =>
    outgoingMail(config, options.key ?? null, m, receivedAt, lang, now());
}

/** A composed practice mail as it leaves (encrypted with the key), checked against the same clock. */
function protector(options: MailerOptions) {
  const now = options.now ?? (() => new Date());
  return async (mail: PracticeMail) => protectedMail(mail, options.key ?? null, now());
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

function smtpMailer(config: Config, smtp: SmtpConfig, options: MailerOptions): Mailer {
  const connection = smtpOptions(smtp, options);
  const transport = nodemailer.createTransport(connection);
  const compose = composer(config, options);
  const protect = protector(options);

  async function attempt(mail: OutgoingMail | VisitorMail, ms: number) {
    await transport.sendMail({ ...mail, signal: AbortSignal.timeout(ms) });
  }

  async function send(mail: OutgoingMail | VisitorMail) {
    const deadline = Date.now() + DELIVERY_BUDGET_MS;
    try {
      await attempt(mail, DELIVERY_BUDGET_MS / 2);
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
    async deliver(m, receivedAt, lang) {
      await send(await compose(m, receivedAt, lang));
    },
    async deliverMail(mail) {
      await send(await protect(mail));
    },
    deliverToVisitor: (mail) => send(mail),
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
  const compose = composer(config, options);
  const protect = protector(options);
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const ensureDir = () => mkdir(config.outboxDir, { recursive: true, mode: 0o700 });
  async function write(mail: OutgoingMail | VisitorMail, receivedAt: Date) {
    const info = await outbox.sendMail(mail);
    await ensureDir();
    const file = `${receivedAt.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    await writeFile(path.join(config.outboxDir, file), info.message as Buffer, { flag: 'wx', mode: 0o600 });
  }
  return {
    describe: `outbox ${config.outboxDir}`,
    key: options.key ?? null,
    async deliver(m, receivedAt, lang) {
      await write(await compose(m, receivedAt, lang), receivedAt);
    },
    async deliverMail(mail) {
      await write(await protect(mail), mail.date);
    },
    deliverToVisitor: (mail) => write(mail, mail.date),
    async check() {
      await ensureDir();
      return { tls: 'none (local files)' };
    },
    close: () => outbox.close(),
  };
}

export function createMailer(config: Config, options: MailerOptions = {}): Mailer {
  return config.smtp ? smtpMailer(config, config.smtp, options) : outboxMailer(config, options);
}
