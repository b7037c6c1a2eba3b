import { unfinishedSteps } from '../server/store/unfinished';
import { captureLogs } from './support/app';
import { eventually } from './support/eventually';

// What a process owes Redis (server/store/unfinished.ts): a record of an answer already mailed,
// which Redis did not take, is run again until it goes through; one still owed when the process
// stops is one error line. The whole path, with a real Redis stopped around a press, is in
// test/booking-answer-edges.slow.test.ts.

test('a step Redis did not take runs again until it goes through; one left at the stop is one error line', async () => {
  const { logger, logs } = captureLogs();
  const owed = unfinishedSteps(logger, 'answer links', 'what that leaves');
  let redisAnswers = false;
  let tries = 0;
  owed.keep(
    'settle a',
    async () => {
      tries++;
      if (!redisAnswers) throw new Error('Redis does not answer');
    },
    'recorded now',
  );
  owed.keep('abandon b', () => Promise.reject(new Error('Redis does not answer')), 'given back now');
  expect([owed.count(), owed.count('settle ')]).toEqual([2, 1]);
  await eventually(() => expect(tries).toBeGreaterThanOrEqual(1));
  redisAnswers = true;
  await eventually(() => expect(owed.count('settle ')).toBe(0));
  expect(logs.lines.map((l) => l.msg)).toEqual(['answer links: recorded now']);

  await owed.close();
  expect(logs.lines.filter((l) => l.level === 50).map((l) => l.msg)).toEqual([
    'answer links: 1 step(s) owed to Redis not done before this process stopped (Redis did not answer); what that leaves',
  ]);
});
