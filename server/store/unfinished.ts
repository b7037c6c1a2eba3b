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
  /** Runs `step` again until it resolves (first after the first wait), then logs `done`; `key` names it. */
  keep(key: string, step: () => Promise<unknown>, done: string): void;
  /** How many are waiting (those whose key starts with `prefix`). */
  count(prefix?: string): number;
  /** One last try of each; an error line for those left (never more than their number). */
  close(): Promise<void>;
}

/** `what` names the store in the log (e.g. "answer links"); `left`, for the stop's error line, what that leaves and what to do. */
export function unfinishedSteps(logger: Logger, what: string, left: string): Unfinished {
  const steps = new Map<string, { step: () => Promise<unknown>; done: string; timer?: NodeJS.Timeout }>();
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
          logger.info({ store: what }, `${what}: ${entry.done}`);
        })
        .catch(() => {
          if (steps.get(key) === entry) schedule(key, round + 1);
        });
    }, wait);
    // The server keeps the process alive; these alone never do.
    entry.timer.unref();
  }

  return {
    keep(key, step, done) {
      clearTimeout(steps.get(key)?.timer);
      steps.set(key, { step, done });
      schedule(key, 0);
    },
    count: (prefix = '') => [...steps.keys()].filter((key) => key.startsWith(prefix)).length,
    async close() {
      closed = true;
      for (const [key, entry] of steps) {
        clearTimeout(entry.timer);
        const done = await entry.step().then(
          () => true,
          () => false,
        );
        if (done) steps.delete(key);
      }
      if (steps.size > 0)
        logger.error(
          { store: what, unfinished: steps.size },
          `${what}: ${steps.size} step(s) owed to Redis not done before this process stopped (Redis did not answer); ${left}`,
        );
    },
  };
}
