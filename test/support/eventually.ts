// The tests' one way to wait on a condition instead of the clock: retry until it holds.

/**
 * Retries `fn` until it stops throwing (jest's expect has no auto-waiting matchers like
 * Playwright Test's) and returns its value; after `timeoutMs` the last error is thrown.
 * `intervalMs`: the pause between tries (the browser's checks take 50).
 */
export async function eventually<T>(fn: () => Promise<T> | T, timeoutMs = 5_000, intervalMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}
