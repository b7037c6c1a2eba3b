import type { HoldStore } from '../server/store/holds';
import { memoryHolds } from '../server/store/holdsMemory';
import { redisHolds } from '../server/store/holdsRedis';
import { captureLogs } from './support/app';
import { eventually } from './support/eventually';
import { describeRedis, useRedis } from './support/redis';
import { MINUTE_MS } from '../views/days';

// The holds store's second line of defence before a confirmation (server/store/holds.ts
// overlapping): a request whose hold lapsed while another visitor took an overlapping time is
// told apart from one that still holds its time alone, in memory and in Redis.

const at = (iso: string, visitor: string) => ({
  service: 'par' as const,
  start: new Date(iso),
  end: new Date(Date.parse(iso) + 75 * MINUTE_MS),
  visitor,
});
const first = at('2027-02-01T09:00+01:00', 'visitor-a');
// Starts within the first's 75 minutes: the two overlap.
const second = at('2027-02-01T09:30+01:00', 'visitor-b');

async function held(holds: HoldStore, hold: ReturnType<typeof at>, now: Date) {
  const result = await holds.hold(hold, now);
  if (result.result !== 'held') throw new Error(result.result);
  return result.id;
}

test('in memory: alone, no overlap; lapsed and taken by another, an overlap', async () => {
  const t0 = new Date('2027-01-15T12:00:00Z');
  const holds = memoryHolds({ until: (now) => new Date(now.getTime() + 1_000), perVisitor: 1 });
  const a = await held(holds, first, t0);
  expect(await holds.overlapping(a, first, t0)).toBe(false);
  const later = new Date(t0.getTime() + 2_000);
  const b = await held(holds, second, later);
  expect(await holds.overlapping(a, first, later)).toBe(true);
  expect(await holds.overlapping(b, second, later)).toBe(false);
});

describeRedis('in Redis', () => {
  const redis = useRedis();
  // Redis away, no answer: redis-away.slow.test.ts (the store asks again for about 3 s first).
  test('alone, no overlap; lapsed and taken by another, an overlap', async () => {
    const { logger } = captureLogs();
    const holds = redisHolds(
      await redis.connect(),
      { until: (now) => new Date(now.getTime() + 500), perVisitor: 1 },
      logger,
    );
    const a = await held(holds, first, new Date());
    expect(await holds.overlapping(a, first, new Date())).toBe(false);
    // Once Redis has dropped the first (its own clock), the second takes an overlapping time.
    const b = await eventually(() => held(holds, second, new Date()), 10_000);
    expect(await holds.overlapping(a, first, new Date())).toBe(true);
    expect(await holds.overlapping(b, second, new Date())).toBe(false);
  });
});
