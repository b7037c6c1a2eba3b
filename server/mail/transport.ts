import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config, SmtpConfig } from '../process/config';
import type { MailKey } from './key';
import { protectedMail, type Mail, type OutgoingMail } from './message';
import { checkSmtp, deliver, MailOutcomeUnknown, smtpOptions } from './smtp';

// Delivery of every mail, composed elsewhere (server/mail/*Mail.ts): SMTP when SMTP_URL is set,
// otherwise (outside production) .eml files in the outbox folder. send() resolves only once the
// mail is accepted, and rejects with MailOutcomeUnknown when it may have been (smtp.ts). A mail
// to the practice is health data: over SMTP every mail travels only with TLS 1.2 or newer and a
// verified certificate (Datatilsynet's forced TLS), unless SMTP_INSECURE allows a local test server. With the practice's key (server/mail/key.ts) a mail for the
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
  /** 'unknown': no reply came after the message was handed over; it may have been delivered. */
  outcome?: 'unknown';
}

export { DELIVERY_BUDGET_MS, MailOutcomeUnknown } from './smtp';

interface SmtpError {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  name?: string;
}

export function describeFailure(err: unknown): MailFailure {
  if (err instanceof MailOutcomeUnknown) return { ...describeFailure(err.failure), outcome: 'unknown' };
  const e = (typeof err === 'object' && err !== null ? err : {}) as SmtpError;
  // nodemailer names the step (ESOCKET, ETLS); the system's code (ECONNREFUSED, a certificate
  // error) tells an operator more.
  const code = e.originalCode ?? e.code ?? (e.name === 'AbortError' ? 'ETIMEDOUT' : 'EUNKNOWN');
  return { code, ...(e.responseCode ? { responseCode: e.responseCode } : {}) };
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

function smtpMailer(smtp: SmtpConfig, options: MailerOptions): Mailer {
  const connection = smtpOptions(smtp, options.ca);
  const protect = protector(options);
  return {
    describe: `SMTP ${smtp.display}${smtp.insecure ? ' (SMTP_INSECURE: no TLS)' : ''}`,
    key: options.key ?? null,
    async send(mail, sendOptions) {
      await deliver(connection, await protect(mail, sendOptions));
    },
    check: () => checkSmtp(connection),
    close: () => undefined,
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
