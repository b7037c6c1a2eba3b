import type { Logger } from 'pino';
import { describeFailure, type MailFailure, type Mailer } from './transport';
import { MINUTE_MS } from '../../views/days';

// Whether contact messages can be delivered, known from the start-up check and from every
// delivery since. A broken mail set-up shows in the log seconds after a deploy, and an uptime
// monitor can ask GET /healthz/mail without making the server hammer the SMTP server: it
// answers from the last known state and checks again at most once every five minutes. The log
// has one line when delivery starts failing (error, with what to do) and one when it works again
// (info), not one per message.

type MailState = { ok: true } | ({ ok: false } & MailFailure);

export interface MailHealth {
  /** The start-up check, in the background: one log line, ready or NOT ready. */
  start(): void;
  /** The last known state; an older one than the re-check interval starts a check for the next caller. */
  current(): Promise<MailState>;
  /** The same mailer, every delivery's outcome noted. */
  readonly mailer: Mailer;
}

export const RECHECK_MS = 5 * MINUTE_MS;

export function createMailHealth(mailer: Mailer, logger: Logger, now: () => number = Date.now): MailHealth {
  let state: MailState | undefined;
  let since = 0;
  let checking: Promise<MailState> | undefined;

  /** The start-up check's line always; after it, a line only when the state changes. */
  const note = (next: MailState, seen: { startUp?: boolean; tls?: string } = {}) => {
    const was = state?.ok;
    state = next;
    since = now();
    if (seen.startUp || (was !== undefined && was !== next.ok)) log(next, seen);
    return next;
  };

  function log(next: MailState, { startUp, tls }: { startUp?: boolean; tls?: string }) {
    const mail = mailer.describe;
    if (next.ok && startUp) logger.info({ mail, tls }, `mail ready: ${mail}, TLS ${tls}`);
    else if (next.ok) logger.info({ mail }, `mail ready again: ${mail}`);
    else {
      const { ok: _, ...failure } = next;
      const advice = whatToDo(failure);
      const reply = failure.responseCode ? ` ${failure.responseCode}` : '';
      logger.error({ mail, ...failure, advice }, `mail NOT ready: ${mail}, ${failure.code}${reply}: ${advice}`);
    }
  }

  function check(startUp: boolean): Promise<MailState> {
    checking ??= mailer
      .check()
      .then(
        ({ tls }) => note({ ok: true }, { startUp, tls }),
        (err: unknown) => note({ ok: false, ...describeFailure(err) }, { startUp }),
      )
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  return {
    start() {
      void check(true);
    },
    async current() {
      if (!state) return checking ?? check(false);
      if (now() - since >= RECHECK_MS) void check(false);
      return state;
    },
    mailer: {
      describe: mailer.describe,
      key: mailer.key,
      check: mailer.check,
      close: mailer.close,
      async send(mail, options) {
        try {
          await mailer.send(mail, options);
        } catch (err) {
          note({ ok: false, ...describeFailure(err) });
          throw err;
        }
        note({ ok: true });
      },
    },
  };
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EDNS', 'ETIMEDOUT', 'ECONNECTION', 'ESOCKET']);

/** What the operator should do about a failure, in one sentence (docs/operations.md#mail). */
export function whatToDo({ code, responseCode }: MailFailure): string {
  if (responseCode === 421)
    return "the mail server refuses for now (421: busy, too many connections or messages, or maintenance); if it lasts beyond minutes, check the provider's status and sending limits";
  if (responseCode === 535 || code === 'EAUTH')
    return 'the SMTP login was refused: check the user and password in SMTP_URL';
  if (responseCode && responseCode >= 400 && responseCode < 500)
    return `the mail server put the message off (${responseCode}: a temporary error on its side, greylisting or a sending limit); if it lasts, ask the provider`;
  if (responseCode && responseCode >= 500)
    return `the mail server refused the message (${responseCode}): check that the provider accepts MAIL_FROM as sender and mail for MAIL_TO`;
  if (code === 'EPROTOCOL')
    return 'the server at SMTP_URL did not answer as an SMTP server should (another service on that port, or TLS where plain was expected): check the scheme and port (smtps:// on 465, smtp:// on 587)';
  if (code === 'ETLS')
    return 'the mail server offers no STARTTLS: use smtps:// on port 465 (mail travels only over TLS)';
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/.test(code))
    return "the mail server's certificate cannot be verified: check the host name in SMTP_URL (a private CA goes in NODE_EXTRA_CA_CERTS)";
  if (code === 'EKEYEXPIRED')
    return "the practice's key has expired: renew it and set MAIL_OPENPGP_KEY or MAIL_SMIME_CERT again";
  if (UNREACHABLE.has(code))
    return "the mail server cannot be reached: check the host and port in SMTP_URL and the provider's status";
  return 'see docs/privacy.md#read-the-start-up-line';
}
