import { startSmtp, type ReceivedMail, type SmtpOptions, type TestSmtp } from '../../test/support/smtp';

// The faults of real operation, on a fixed schedule (fractions of the run, so that the 30-second
// form in `npm test` has the same phases as the three-minute soak), and the practice's mail
// server, which can refuse, go away, slow down and come back on the same port.

export interface Phase {
  name: string;
  /** Fraction of the run at which it starts. */
  at: number;
  /** What a visitor notices, and what the operator sees in the log (for the report). */
  means: string;
}

export const schedule: Phase[] = [
  { name: 'warm-up', at: 0, means: 'nothing: pages and messages as usual' },
  {
    name: 'smtp-421',
    at: 0.1,
    means:
      'the mail server greets with 421: one retry, then "not sent, try again or call" with the text kept; log: "contact message not delivered" {code, responseCode 421}',
  },
  {
    name: 'smtp-down',
    at: 0.2,
    means:
      'the mail server refuses connections: "not sent" with the text kept; log: "contact message not delivered" {code ECONNREFUSED}',
  },
  {
    name: 'smtp-slow',
    at: 0.3,
    means:
      'the mail server takes 7.5 s per message (the first try has 14 s): a slow "sent"; log: nothing but slow response times',
  },
  { name: 'smtp-recovered', at: 0.4, means: 'mail as usual again' },
  {
    name: 'redis-down',
    at: 0.48,
    means:
      'Redis killed: each worker counts the limits on its own (decision 0027), messages within them still go; log: warn "form limits unavailable"',
  },
  {
    name: 'redis-back',
    at: 0.58,
    means: 'Redis restarted, empty: the shared limit counts again from zero; log: "form limits in Redis again"',
  },
  {
    name: 'worker-killed',
    at: 0.66,
    means:
      'one worker SIGKILLed: its open requests fail (network error, text kept), the other worker answers; log: error "worker N died (signal SIGKILL)", a new one listens',
  },
  {
    name: 'deploy',
    at: 0.76,
    means:
      'SIGTERM to all processes with messages in flight: those finish ("sent"), new connections are refused until the new release listens (network error, text kept); log: "shutting down", "stopped", then "listening"',
  },
  { name: 'steady', at: 0.88, means: 'after the deploy: as usual' },
];

/** The mail server of the practice: one port, several lives. */
export async function practiceSmtp() {
  const options: SmtpOptions = {};
  let current: TestSmtp | null = await startSmtp(options);
  const port = current.port;
  const lives: TestSmtp[] = [current];
  return {
    url: current.url,
    options,
    /** Connections refused: it is gone (the listening socket closed; open sessions end on their own). */
    down() {
      void current?.close();
      current = null;
    },
    async up() {
      if (current) return;
      // The new life reads the same options object, so later changes reach it too.
      options.port = port;
      current = await startSmtp(options);
      lives.push(current);
    },
    /** Every mail received by any life. */
    received: (): ReceivedMail[] => lives.flatMap((l) => l.received),
    close: async () => {
      await Promise.race([Promise.all(lives.map((l) => l.close())), new Promise((r) => setTimeout(r, 2_000))]);
    },
  };
}
