import { Readable } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { SmtpConfig } from '../process/config';
import type { OutgoingMail } from './message';

// One mail over SMTP, and what its failure means. nodemailer composes the message and speaks the
// protocol; what it does not say is whether a failure came before the message was handed over or
// after, and that decides everything (RFC 5321 §4.1.1.4: the server's reply to the end of the
// data is the commit point). So the message goes to nodemailer's SMTPConnection as a stream of
// our own, which it starts reading only once the server answered DATA with 354: once that
// stream has ended, the end of data is on its way, and a connection that then closes or a reply
// that does not come within the budget leaves the mail neither sent nor failed
// (MailOutcomeUnknown). A failure before it, or any reply of the server's (a 4xx, a 5xx), is a
// mail the server did not take.

/** The whole delivery, a retry included, ends well before a Heroku-style router's 30 s (decision 0037, 0050). */
export const DELIVERY_BUDGET_MS = 18_000;
/** A retry needs this much of the budget left to be worth starting. */
const RETRY_MIN_MS = 2_000;
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: DELIVERY_BUDGET_MS };

/** The message was handed over whole and no reply came: it may have been accepted. Never sent again by itself. */
export class MailOutcomeUnknown extends Error {
  constructor(readonly failure: unknown) {
    super(`no reply after the message was handed over (${(failure as Error)?.message ?? String(failure)})`);
  }
}

interface SmtpError {
  code?: string;
  originalCode?: string;
  responseCode?: number;
}
const smtpError = (err: unknown) => (typeof err === 'object' && err !== null ? err : {}) as SmtpError;

/** A 4xx reply or a failure before the message was handed over may pass on a second try; a 5xx, a TLS or login failure will not. */
function isTransient(err: unknown): boolean {
  const e = smtpError(err);
  if (e.responseCode) return e.responseCode >= 400 && e.responseCode < 500;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/.test(e.originalCode ?? '')) return false;
  return e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'ETIMEDOUT' || e.code === 'EDNS';
}

/** The connection settings shared by deliveries and the start-up check. */
export function smtpOptions(smtp: SmtpConfig, ca?: string) {
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.implicitTls,
    // STARTTLS or nothing: a server that does not offer it gets no MAIL FROM and no DATA.
    requireTLS: !smtp.implicitTls && !smtp.insecure,
    ignoreTLS: smtp.insecure,
    tls: { minVersion: 'TLSv1.2' as const, rejectUnauthorized: true, ...(ca ? { ca } : {}) },
    ...(smtp.auth ? { auth: smtp.auth } : {}),
    ...TIMEOUTS,
  };
}
type Options = ReturnType<typeof smtpOptions>;

/** A connection that greeted (and took the login): its first failure rejects. */
function opened(options: Options): Promise<SMTPConnection> {
  return new Promise((resolve, reject) => {
    const conn = new SMTPConnection(options);
    // Every failure also reaches the step that waits for it; an 'error' without a listener would end the process.
    conn.on('error', () => undefined);
    conn.once('error', (err) => {
      conn.close();
      reject(err);
    });
    conn.connect((err) => {
      if (err) return reject(err);
      if (!options.auth) return resolve(conn);
      conn.login(options.auth, (failed) => (failed ? reject(failed) : resolve(conn)));
    });
  });
}

/** The message as it goes: composed once, so that a retry sends the very same bytes (the same Message-ID). */
async function composed(mail: OutgoingMail): Promise<{ envelope: { from: string; to: string[] }; raw: Buffer }> {
  if ('raw' in mail) return mail;
  const node = new MailComposer(mail).compile();
  const envelope = node.getEnvelope();
  return { envelope: { from: envelope.from || '', to: envelope.to }, raw: await node.build() };
}

/** One try within `ms`: resolves once the server accepted the message; rejects with MailOutcomeUnknown when it may have. */
async function attempt(options: Options, message: Awaited<ReturnType<typeof composed>>, ms: number): Promise<void> {
  let handedOver = false;
  let conn: SMTPConnection | null = null;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: 'ETIMEDOUT' })), ms);
  });
  const sent = (async () => {
    conn = await opened(options);
    const body = Readable.from([message.raw], { objectMode: false });
    // Read only after the 354: its end means the end of data follows at once.
    body.once('end', () => {
      handedOver = true;
    });
    await new Promise<void>((resolve, reject) => {
      conn?.once('error', reject);
      conn?.send(message.envelope, body, (err) => (err ? reject(err) : resolve()));
    });
    conn.quit();
  })();
  try {
    await Promise.race([sent, timedOut]);
  } catch (err) {
    (conn as SMTPConnection | null)?.close();
    sent.catch(() => undefined);
    // A reply (even a refusal) is an answer; silence after the message is not.
    throw handedOver && !smtpError(err).responseCode ? new MailOutcomeUnknown(err) : err;
  } finally {
    clearTimeout(timer);
  }
}

/** Delivers within DELIVERY_BUDGET_MS: once more after a failure the server did not take the message in (a 4xx, a lost connection before the end of data). */
export async function deliver(options: Options, mail: OutgoingMail): Promise<void> {
  const message = await composed(mail);
  const deadline = Date.now() + DELIVERY_BUDGET_MS;
  try {
    await attempt(options, message, DELIVERY_BUDGET_MS);
  } catch (err) {
    const left = deadline - Date.now();
    if (err instanceof MailOutcomeUnknown || !isTransient(err) || left < RETRY_MIN_MS) throw err;
    await attempt(options, message, left);
  }
}

/** One connection (and login) without sending anything: how the transport is secured. */
export async function checkSmtp(options: Options): Promise<{ tls: string }> {
  const conn = await opened(options);
  // nodemailer documents the socket as public; it is a TLSSocket once the session is secure.
  const socket = conn._socket as TLSSocket | false | null;
  const tls =
    conn.secure && socket && typeof socket.getProtocol === 'function' ? (socket.getProtocol() ?? 'unknown') : 'none';
  conn.quit();
  return { tls };
}
