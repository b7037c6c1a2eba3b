import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { bookingRules, bookableServices, serviceMinutes, type BookableService } from '../content/booking';
import { earliestStart } from '../server/booking/answerWindow';
import { createBookingCalendar } from '../server/booking/calendar';
import type { Interval, Slot } from '../server/booking/interval';
import { captureLogs, testConfig } from './support/app';
import { inHolidayTable } from './support/danishHolidays';
import { bytesFeed } from './support/inlineFeed';
import { VTIMEZONE } from './support/icalText';
import { PRACTICE_TIME_ZONE } from '../content/practice';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../views/days';

// Properties of the free times, for random calendars (one-off events in UTC, in Europe/Copenhagen
// with its VTIMEZONE and floating; weekly series; all-day events; VFREEBUSY periods; free and
// cancelled events; held times) at random moments from 2026 to 2028 (so across many
// daylight-saving changes), with the practice's own rules, checked against an oracle that knows
// Danish time only through Intl (not through the server's code):
// - no offered time comes within the buffer of a busy time or a held time;
// - every offered time lies within the booking hours of its service, on the grid, on an open day,
//   after the minimum notice and within the horizon;
// - each lasts its service's length;
// - and nothing else is offered: every start the rules allow and the calendar leaves free is.
// Each feed comes in one of the shapes providers and tools write (a byte-order mark, LF line ends,
// folded lines, ISO-8859-1, UTF-16, gzipped): the oracle knows nothing of them. The bytes are
// read by the feed module's one function (server/booking/feed readFeed), in this thread
// (test/support/inlineFeed.ts): a thread per run would make the hundreds of runs slow.

const ZONE = PRACTICE_TIME_ZONE;
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Danish wall-clock time of an instant, by Intl (remembered: the oracle asks often). */
const seen = new Map<number, ReturnType<typeof readLocal>>();
function local(ms: number) {
  let l = seen.get(ms);
  if (!l) {
    l = readLocal(ms);
    seen.set(ms, l);
  }
  return l;
}
function readLocal(ms: number) {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    minutes: Number(p.hour) * 60 + Number(p.minute),
    weekday: (WEEKDAYS.indexOf(p.weekday as string) + 1) as 1 | 2 | 3 | 4 | 5 | 6 | 7,
    stamp: `${p.year}${p.month}${p.day}T${p.hour}${p.minute}00`,
  };
}

/** The instant of a Danish wall-clock time (the first, if it happens twice), found by trying both offsets. */
function instant(date: string, minutes: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const found = [2, 1]
    .map((h) => wall - h * HOUR_MS)
    .filter((t) => local(t).date === date && local(t).minutes === minutes);
  return found[0] ?? wall - HOUR_MS;
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const utcStamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

type Kind = 'utc' | 'tzid' | 'floating' | 'weekly' | 'allday' | 'freebusy' | 'transparent' | 'cancelled';
interface Generated {
  kind: Kind;
  offsetMinutes: number;
  minutes: number;
  count: number;
}

/** The event as a feed writes it, and the busy times it means (none for free or cancelled). */
function render(e: Generated, now: number, uid: number): { ics: string; busy: Interval[] } {
  const start = Math.floor(now / (5 * MINUTE_MS)) * 5 * MINUTE_MS + e.offsetMinutes * MINUTE_MS;
  const end = start + e.minutes * MINUTE_MS;
  const interval = (a: number, b: number) => ({ start: new Date(a), end: new Date(b) });
  const ev = (lines: string[]) =>
    `BEGIN:VEVENT\r\nUID:${uid}@prop\r\nDTSTAMP:20260101T000000Z\r\n${lines.join('\r\n')}\r\nEND:VEVENT\r\n`;
  // A wall-clock time between 02:00 and 03:00 may not exist, or exist twice: such events are written in UTC.
  const atTwo = (ms: number) => local(ms).minutes >= 120 && local(ms).minutes < 180;
  const wallSafe = !atTwo(start) && !atTwo(end);
  const kind: Kind = (e.kind === 'tzid' || e.kind === 'floating' || e.kind === 'weekly') && !wallSafe ? 'utc' : e.kind;
  switch (kind) {
    case 'utc':
      return { ics: ev([`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(end)}`]), busy: [interval(start, end)] };
    case 'tzid':
      return {
        ics: ev([`DTSTART;TZID=${ZONE}:${local(start).stamp}`, `DTEND;TZID=${ZONE}:${local(end).stamp}`]),
        busy: [interval(start, end)],
      };
    case 'floating':
      return { ics: ev([`DTSTART:${local(start).stamp}`, `DTEND:${local(end).stamp}`]), busy: [interval(start, end)] };
    case 'transparent':
      return { ics: ev([`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(end)}`, 'TRANSP:TRANSPARENT']), busy: [] };
    case 'cancelled':
      return { ics: ev([`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(end)}`, 'STATUS:CANCELLED']), busy: [] };
    case 'weekly': {
      const first = local(start);
      const busy = Array.from({ length: e.count }, (_, k) => {
        const s = instant(addDays(first.date, 7 * k), first.minutes);
        return interval(s, s + e.minutes * MINUTE_MS);
      });
      return {
        ics: ev([
          `DTSTART;TZID=${ZONE}:${first.stamp}`,
          `DTEND;TZID=${ZONE}:${local(end).stamp}`,
          `RRULE:FREQ=WEEKLY;COUNT=${e.count}`,
        ]),
        busy,
      };
    }
    case 'allday': {
      const day = local(start).date;
      const days = 1 + (e.count % 3);
      const stamp = (d: string) => d.replace(/-/g, '');
      return {
        ics: ev([`DTSTART;VALUE=DATE:${stamp(day)}`, `DTEND;VALUE=DATE:${stamp(addDays(day, days))}`]),
        busy: [interval(instant(day, 0), instant(addDays(day, days), 0))],
      };
    }
    case 'freebusy':
      return {
        ics: `BEGIN:VFREEBUSY\r\nUID:${uid}@prop\r\nDTSTAMP:20260101T000000Z\r\nFREEBUSY;FBTYPE=BUSY:${utcStamp(start)}/${utcStamp(end)}\r\nFREEBUSY;FBTYPE=FREE:${utcStamp(end)}/${utcStamp(end + 120 * MINUTE_MS)}\r\nEND:VFREEBUSY\r\n`,
        busy: [interval(start, end)],
      };
  }
}

const eventArb: fc.Arbitrary<Generated> = fc.record({
  kind: fc.constantFrom<Kind>('utc', 'tzid', 'floating', 'weekly', 'allday', 'freebusy', 'transparent', 'cancelled'),
  // From three days before now to past the horizon, on five-minute marks (so they meet the grid's edges).
  offsetMinutes: fc.integer({ min: -3 * 288, max: 46 * 288 }).map((n) => n * 5),
  minutes: fc.integer({ min: 1, max: 96 }).map((n) => n * 5),
  count: fc.integer({ min: 1, max: 7 }),
});
const holdArb = fc.record({
  offsetMinutes: fc.integer({ min: 0, max: 44 * 96 }).map((n) => n * 15),
  minutes: fc.constantFrom(50, 60, 75),
});
// 2026-2028: six daylight-saving changes; times on the minute, as a visitor's clock reads.
const nowArb = fc
  .integer({ min: Date.parse('2026-01-01T00:00:00Z') / MINUTE_MS, max: Date.parse('2028-12-31T00:00:00Z') / MINUTE_MS })
  .map((m) => m * MINUTE_MS);
const serviceArb = fc.constantFrom<BookableService>(...bookableServices);

/** Closed: a public holiday of the table written out by hand, or one of the practice's own days (every year's 'MM-DD', or once). */
const closedOn = (date: string) =>
  inHolidayTable(date) || bookingRules.closedDates.includes(date) || bookingRules.closedDates.includes(date.slice(5));

/** Every start the rules allow and nothing blocks, worked out from Intl alone. */
function oracle(service: BookableService, now: number, busy: Interval[]): number[] {
  const r = bookingRules;
  const length = serviceMinutes(service) * MINUTE_MS;
  const buffer = r.bufferMinutes * MINUTE_MS;
  const today = local(now);
  // The answer is due at the end of the Nth working day after today; times start the day after next.
  let due = today.date;
  for (let counted = 0; counted < r.confirmWithinWorkingDays; ) {
    due = addDays(due, 1);
    if (local(instant(due, 12 * 60)).weekday <= 5 && !closedOn(due)) counted++;
  }
  const earliest = Math.max(now, instant(addDays(due, 1 + r.noticeDaysAfterAnswer), 0));
  const horizonEnd = instant(addDays(today.date, r.horizonDays), today.minutes);
  const starts: number[] = [];
  for (let date = local(earliest).date; date <= local(horizonEnd).date; date = addDays(date, 1)) {
    if (closedOn(date)) continue;
    const weekday = local(instant(date, 12 * 60)).weekday;
    for (const span of r.week[weekday] ?? []) {
      if (!span.services.includes(service)) continue;
      const [fh, fm] = span.from.split(':').map(Number) as [number, number];
      const [th, tm] = span.to.split(':').map(Number) as [number, number];
      for (let m = fh * 60 + fm; m + serviceMinutes(service) <= th * 60 + tm; m += r.stepMinutes) {
        const s = instant(date, m);
        if (s < earliest || s >= horizonEnd) continue;
        if (busy.some((b) => s < b.end.getTime() + buffer && s + length > b.start.getTime() - buffer)) continue;
        starts.push(s);
      }
    }
  }
  return [...new Set(starts)].sort((a, b) => a - b);
}

function withinHours(slot: Slot): boolean {
  const start = local(slot.start.getTime());
  const end = local(slot.end.getTime());
  if (closedOn(start.date) || end.date !== start.date) return false;
  return (bookingRules.week[start.weekday] ?? []).some((span) => {
    const [fh, fm] = span.from.split(':').map(Number) as [number, number];
    const [th, tm] = span.to.split(':').map(Number) as [number, number];
    const from = fh * 60 + fm;
    return (
      span.services.includes(slot.service) &&
      start.minutes >= from &&
      end.minutes <= th * 60 + tm &&
      (start.minutes - from) % bookingRules.stepMinutes === 0
    );
  });
}

const config = testConfig({ BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics' }).booking!;

type Shape = 'plain' | 'bom' | 'lf' | 'folded' | 'latin1' | 'utf16' | 'gzip';
const shapeArb = fc.constantFrom<Shape>('plain', 'bom', 'lf', 'folded', 'latin1', 'utf16', 'gzip');

/** The feed's text as a provider or tool of this shape sends it, with the character set its answer declares. */
function shaped(text: string, shape: Shape): [Uint8Array, string | null] {
  switch (shape) {
    case 'plain':
      return [Buffer.from(text), null];
    case 'bom':
      return [Buffer.from(`\uFEFF${text}`), null];
    case 'lf':
      return [Buffer.from(text.replace(/\r\n/g, '\n')), null];
    case 'folded':
      return [Buffer.from(text.replace(/^(.{7})(.{1,9})/gm, '$1\r\n $2')), null];
    case 'latin1':
      return [Buffer.from(text.replace(/SUMMARY:/g, 'SUMMARY:Møde '), 'latin1'), 'ISO-8859-1'];
    case 'utf16':
      return [Buffer.from(`\uFEFF${text}`, 'utf16le'), null];
    case 'gzip':
      return [gzipSync(text), null];
  }
}

/** A calendar whose feed is `text` in `shape`, at `now`. */
function calendarOf(text: string, shape: Shape, now: number) {
  return createBookingCalendar(config, captureLogs().logger, {
    clock: () => new Date(now),
    read: bytesFeed(...shaped(text, shape)),
  });
}

test('free times never meet a busy or held time, lie within the hours, have their length, and are all there are', async () => {
  await fc.assert(
    fc.asyncProperty(
      nowArb,
      serviceArb,
      fc.array(eventArb, { maxLength: 40 }),
      fc.array(holdArb, { maxLength: 4 }),
      shapeArb,
      async (now, service, events, holds, shape) => {
        const rendered = events.map((e, i) => render(e, now, i));
        const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//property//EN\r\n${VTIMEZONE.join('\r\n')}\r\n${rendered.map((r) => r.ics).join('')}END:VCALENDAR\r\n`;
        const calendar = calendarOf(text, shape, now);
        await calendar.refresh();
        const held = holds.map((h) => {
          const s = Math.floor(now / (15 * MINUTE_MS)) * 15 * MINUTE_MS + h.offsetMinutes * MINUTE_MS;
          return { start: new Date(s), end: new Date(s + h.minutes * MINUTE_MS) };
        });
        const busy = rendered.flatMap((r) => r.busy);
        const slots = calendar.freeTimes(service, new Date(now), held);
        if (!slots) throw new Error('no free times from a good feed');
        const buffer = bookingRules.bufferMinutes * MINUTE_MS;
        for (const [i, slot] of slots.entries()) {
          expect(slot.service).toBe(service);
          expect(slot.end.getTime() - slot.start.getTime()).toBe(serviceMinutes(service) * MINUTE_MS);
          for (const b of [...busy, ...held]) {
            const clear =
              slot.end.getTime() + buffer <= b.start.getTime() || slot.start.getTime() >= b.end.getTime() + buffer;
            if (!clear)
              throw new Error(`${slot.start.toISOString()} meets busy ${b.start.toISOString()}-${b.end.toISOString()}`);
          }
          expect(withinHours(slot)).toBe(true);
          expect(slot.start.getTime()).toBeGreaterThanOrEqual(earliestStart(bookingRules, now));
          // The single check (what a request is checked with) agrees; a sample, as each costs a conversion.
          if (i % 25 === 0 || i === slots.length - 1)
            expect(calendar.isFree(service, slot.start, new Date(now), held)).toBe(true);
        }
        expect(slots.map((s) => s.start.toISOString())).toEqual(
          oracle(service, now, [...busy, ...held]).map((s) => new Date(s).toISOString()),
        );
      },
    ),
    { numRuns: Number(process.env.BOOKING_PROPERTY_RUNS ?? 80) },
  );
});

test('a start that is not offered is not free either (isFree agrees with the list)', async () => {
  await fc.assert(
    fc.asyncProperty(
      nowArb,
      serviceArb,
      fc.array(eventArb, { maxLength: 20 }),
      fc.integer({ min: 0, max: 44 * 24 * 4 }),
      shapeArb,
      async (now, service, events, quarter, shape) => {
        const text = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//property//EN\r\n${VTIMEZONE.join('\r\n')}\r\n${events.map((e, i) => render(e, now, i).ics).join('')}END:VCALENDAR\r\n`;
        const calendar = calendarOf(text, shape, now);
        await calendar.refresh();
        const start = new Date(Math.floor(now / (15 * MINUTE_MS)) * 15 * MINUTE_MS + quarter * 15 * MINUTE_MS);
        const listed = (calendar.freeTimes(service, new Date(now)) ?? []).some(
          (s) => s.start.getTime() === start.getTime(),
        );
        expect(calendar.isFree(service, start, new Date(now))).toBe(listed);
      },
    ),
    { numRuns: 200 },
  );
});
