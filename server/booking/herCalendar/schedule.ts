import { HOUR_MS, MINUTE_MS } from '../../../views/days';

// When a write that failed is tried again: soon at first (a server restarting, a network blip),
// then less and less often, then every six hours until the session has passed; a write that
// never went through by then is given up (its error line says so).

/** The waits after the first, second, third and fourth failure. */
const RETRY_WAITS_MS = [MINUTE_MS, 5 * MINUTE_MS, 30 * MINUTE_MS, 120 * MINUTE_MS] as const;
/** The wait after every later failure. */
const THEN_EVERY_MS = 6 * HOUR_MS;

/** When to try again after `failures` failures (1: the first) at `at`; null: not before the session ends at `until`. */
export function nextAttempt(failures: number, at: number, until: number): number | null {
  const next = at + (RETRY_WAITS_MS[failures - 1] ?? THEN_EVERY_MS);
  return next < until ? next : null;
}
