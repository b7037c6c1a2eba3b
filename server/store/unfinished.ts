import type { Logger } from 'pino';

// Steps a process owes Redis: a record of something already done (an answer's mail went) that
// Redis did not take when it was made (it did not answer, even asked again: retry.ts). Each is
// kept in this process's memory and run again, a little later each time, until it goes through;
// a step that may run twice and count once (each carries its own claim) is the only kind kept.
// A process that stops with steps left says so in one error line: what Redis keeps meanwhile
// stays on the safe side by itself (decision 0050), but the operator should know.

/** The waits between tries: then every WAITS_MS's last, until it goes through. */
const WAITS_MS = [500, 1_000, 2_000, 5_000];

export interface Unfinished {
  /** Runs `step` again until it resolves (at once first, after the first wait); `key` names what it records. */
  keep(key: string, step: () => Promise<unknown>): void;
  /** How many are waiting (those whose key starts with `prefix`). */
  count(prefix?: string): number;
  /** One last try of each; an error line for those left (never more than their number). */
  close(): Promise<void>;
}

/** `what` names the records for the stop's error line, `left` says what that leaves ("...: their pages say …"). */
export function unfinishedSteps(logger: Logger, what: string, left: string): Unfinished {
  const steps = new Map<string, { step: () => Promise<unknown>; timer?: NodeJS.Timeout }>();
  let closed = false;

  function schedule(key: string, round: number) {
    const entry = steps.get(key);
    if (!entry || closed) return;
    const wait = WAITS_MS[Math.min(round, WAITS_MS.length - 1)] as number;
    entry.timer = setTimeout(() => {
      entry
        .step()
        .then(() => {
          if (steps.get(key) !== entry) return;
          steps.delete(key);
          logger.info({ store: what }, `${what}: a record Redis had not taken is made now`);
        })
        .catch(() => schedule(key, round + 1));
    }, wait);
    // The server keeps the process alive; these alone never do.
    entry.timer.unref();
  }

  return {
    keep(key, step) {
      const earlier = steps.get(key);
      clearTimeout(earlier?.timer);
      steps.set(key, { step });
      schedule(key, 0);
    },
    count: (prefix = '') => [...steps.keys()].filter((key) => key.startsWith(prefix)).length,
    async close() {
      closed = true;
      for (const [key, entry] of steps) {
        clearTimeout(entry.timer);
        if (
          await entry.step().then(
            () => true,
            () => false,
          )
        )
          steps.delete(key);
      }
      if (steps.size > 0)
        logger.error(
          { store: what, unfinished: steps.size },
          `${what}: ${steps.size} record(s) not made before this process stopped, Redis did not answer; ${left}`,
        );
    },
  };
}
