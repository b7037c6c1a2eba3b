// The wall clock as the code under test reads it (Date, and only Date), moved on by the test
// instead of waited for: a window or a hold that lapses "in a second" lapses at once. Time goes
// on as usual in between; timers, sockets and the servers the tests start stay real.

/** Every fakeable API but Date: jest leaves them alone. */
const REAL = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/** From now until `restore()`, Date runs with real time and `forward(ms)` moves it on at once. */
export function movableClock() {
  jest.useFakeTimers({ doNotFake: [...REAL], advanceTimers: true });
  return {
    forward(ms: number) {
      jest.setSystemTime(Date.now() + ms);
    },
    restore() {
      jest.useRealTimers();
    },
  };
}
