import type { Logger } from 'pino';
import { describeFailure, type MailFailure, type Mailer } from './transport';

// Whether contact messages can be delivered, known from the start-up check and from every
// delivery since. A broken mail set-up shows in the log seconds after a deploy, and an uptime
// monitor can ask GET /healthz/mail without making the server hammer the SMTP server: it
// answers from the last known state and checks again at most once every five minutes.

type MailState = { ok: true } | ({ ok: false } & MailFailure);

export interface MailHealth {
  /** The start-up check, in the background: one log line, ready or NOT ready. */
  start(): void;
  /** The last known state; an older one than the re-check interval starts a check for the next caller. */
  current(): Promise<MailState>;
  /** The same mailer, every delivery's outcome noted. */
  readonly mailer: Mailer;
}

export const RECHECK_MS = 5 * 60 * 1000;

export function createMailHealth(mailer: Mailer, logger: Logger, now: () => number = Date.now): MailHealth {
  let state: MailState | undefined;
  let since = 0;
  let checking: Promise<MailState> | undefined;

  const note = (next: MailState) => {
    state = next;
    since = now();
    return next;
  };

  /** The start-up check always logs; a later one only when the state changed. */
  function check(always: boolean): Promise<MailState> {
    const wasOk = state?.ok;
    const log = (ok: boolean) => always || (wasOk !== undefined && wasOk !== ok);
    checking ??= mailer
      .check()
      .then(
        ({ tls }) => {
          if (log(true)) logger.info({ mail: mailer.describe, tls }, `mail ready: ${mailer.describe}, TLS ${tls}`);
          return note({ ok: true });
        },
        (err: unknown) => {
          const failure = describeFailure(err);
          if (log(false))
            logger.error({ mail: mailer.describe, ...failure }, `mail NOT ready: ${mailer.describe}, ${failure.code}`);
          return note({ ok: false, ...failure });
        },
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
