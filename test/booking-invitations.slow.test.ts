import { googleShapedFeed } from './support/googleFeed';
import { HER_ADDRESS, readFlood } from './support/invitations';
import { MINUTE_MS } from '../views/days';

// Slow (a minute or two; `npm run test:slow`): strangers' invitations cannot close booking (issue
// 51). Google and Outlook put every invitation she receives into her calendar, so anyone who knows
// her address can write into the feed. Beside her real calendar (a Google-shaped one of 1 MB: 48
// series since 2016, 2,400 events), read as the server reads it (on the feed's thread, within its
// heap): 5,000 short recurring invitations (1 MB) and 30,000 one-off ones (8 MB), none answered.
// Where the feed says whose calendar it is, booking stays on and offers exactly what her own
// events leave free; where it does not, every invitation is busy, and a flood larger than a read
// keeps leaves out the newest invitations, never her own events. One small case per rule:
// test/booking-invitations.test.ts.

jest.setTimeout(10 * MINUTE_MS);

const MONDAY = Date.parse('2026-11-30T08:00:00Z');
const hers = googleShapedFeed(1, MONDAY);

/** The flood read and checked, with how long it took in the log of the test. */
async function flood(name: string, oneOffs: number, how: Parameters<typeof readFlood>[1]) {
  const started = performance.now();
  const read = await readFlood(oneOffs, { calendar: hers, ...how });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${name}: ${read.megabytes.toFixed(1)} MB of invitations, ${read.busy.length} busy blocks, ${seconds} s`);
  expect(read.state).toMatchObject({ state: 'fresh' });
  expect(read.log).not.toContain('needs more than');
  // Named by UID only: no title, no organizer's or attendee's address.
  expect(read.log).not.toContain('Tilbud');
  expect(read.log).not.toContain('Gratis');
  expect(read.log).not.toContain('tilbud@');
  expect(read.log).not.toContain(HER_ADDRESS);
  return read;
}

test.each([
  ['BOOKING_CALENDAR_OWNER', { owner: [HER_ADDRESS] }, hers],
  ["the feed's own calendar name (X-WR-CALNAME, as Google names a primary calendar)", {}, null],
])(
  '5,000 recurring and 30,000 one-off invitations she has not answered, her address from %s: booking on, exactly the times her own events leave free',
  async (_from, owner, calendar) => {
    const named = hers.replace('X-WR-CALNAME:Praksis', `X-WR-CALNAME:${HER_ADDRESS}`);
    const read = await flood('both floods', 30_000, { recurring: 5_000, ...owner, calendar: calendar ?? named });
    expect(read.skipped).toEqual([]);
    expect(read.log).not.toContain('left out');
    // The flood made nothing busy: the busy times are her calendar's, and the times those leave free.
    expect(read.busy).toEqual(read.expectedBusy);
    expect(read.times).toEqual(read.expectedTimes);
    expect((read.times.individuel ?? []).length).toBeGreaterThan(20);
  },
);

test('5,000 short recurring invitations (1 MB), whose calendar it is unknown: read within the heap (it ran out before), every one of them busy and every other busy time too', async () => {
  const read = await flood('5,000 recurring, owner unknown', 0, { recurring: 5_000 });
  expect(read.megabytes).toBeGreaterThan(0.9);
  expect(read.skipped).toEqual([]);
  expect(read.busy).toEqual(read.expectedBusy);
  expect(read.times).toEqual(read.expectedTimes);
});

test('40,000 recurring invitations (9 MB), whose calendar it is unknown: booking on, the newest left out by UID, her own events all busy', async () => {
  const read = await flood('40,000 recurring, owner unknown', 0, { recurring: 40_000 });
  const [room] = read.skipped;
  expect(read.skipped).toHaveLength(1);
  expect(room).toMatchObject({ why: 'room', count: expect.any(Number) });
  expect(room?.count).toBeGreaterThan(1_000);
  expect(read.log).toMatch(
    new RegExp(
      `${room?.count} event\\(s\\) left out, ${room?.count} did not fit in what a read keeps \\(the newest invitations go first, her own events last\\) \\(UID r\\d+@evil\\.example, `,
    ),
  );
  // All of them invitations (her own events are not among them), and the newest: those last in the
  // feed (none has a CREATED), so that exactly the first 40,000 less those left out are kept.
  const named = (room?.uids ?? []).map((uid) => Number(/^r(\d+)@evil\.example$/.exec(uid)?.[1]));
  expect(named).toHaveLength(100);
  expect(named.every((n) => n >= 40_000 - (room?.count ?? 0))).toBe(true);
  // Every busy time of her own calendar is busy still (within the busy blocks found).
  const own = await readFlood(0, { calendar: hers });
  const covered = (b: { start: number; end: number }) => read.busy.some((x) => x.start <= b.start && x.end >= b.end);
  expect(own.busy.filter((b) => !covered(b))).toEqual([]);
});
