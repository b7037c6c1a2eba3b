import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { bookableServices } from '../content/booking';
import { PRACTICE_TIME_ZONE } from '../content/practice';
import { createBookingCalendar } from '../server/booking/calendar';
import { loadConfig } from '../server/process/config';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../views/days';
import { icalUtc, VTIMEZONE } from '../test/support/icalText';

// Part of `npm run bench`: what booking's free times cost. A practitioner's feed with a few hundred
// events (one-off events in UTC, Copenhagen time and floating; weekly series with exceptions and
// moved occurrences; daily series with years of history; all-day events; free/busy periods) is read
// as the server reads it (in the background), then six weeks of free times are computed per
// service, as a visitor's request does. The target (issue 26): under 5 ms.

const ZONE = PRACTICE_TIME_ZONE;
const RUNS = Number(process.env.BENCH_BOOKING_RUNS ?? 500);

/** YYYYMMDDTHHMMSS of an instant in Danish wall-clock time (or UTC with `Z`). */
const wall = (ms: number) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
};

/** A feed of `oneOff` single events, `weekly` series and a few daily ones, around `now`. */
export function benchFeed(now: number, oneOff = 300, weekly = 40): { text: string; events: number } {
  const out: string[] = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN'];
  out.push(...VTIMEZONE);
  let events = 0;
  const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
  // One-off events from two months back to two months ahead, in three kinds of time.
  for (let i = 0; i < oneOff; i++) {
    const start = hour + ((i * 7919) % (120 * 24)) * HOUR_MS - 60 * DAY_MS + (i % 4) * 15 * MINUTE_MS;
    const end = start + (45 + (i % 5) * 15) * MINUTE_MS;
    const kind = i % 3;
    const dt =
      kind === 0
        ? [`DTSTART:${icalUtc(start)}`, `DTEND:${icalUtc(end)}`]
        : kind === 1
          ? [`DTSTART;TZID=${ZONE}:${wall(start)}`, `DTEND;TZID=${ZONE}:${wall(end)}`]
          : [`DTSTART:${wall(start)}`, `DTEND:${wall(end)}`];
    out.push(
      'BEGIN:VEVENT',
      `UID:one-${i}@bench`,
      'DTSTAMP:20260101T000000Z',
      ...dt,
      i % 17 === 0 ? 'TRANSP:TRANSPARENT' : 'TRANSP:OPAQUE',
      'SUMMARY:Busy',
      'END:VEVENT',
    );
    events++;
  }
  // Weekly series started over the last year, each with an EXDATE and a moved occurrence.
  for (let i = 0; i < weekly; i++) {
    const start = hour - (7 * (i + 1) + (i % 7)) * DAY_MS + ((i % 8) - 2) * HOUR_MS;
    const exdate = start + 7 * DAY_MS * (i + 3);
    const moved = start + 7 * DAY_MS * (i + 4);
    out.push(
      'BEGIN:VEVENT',
      `UID:weekly-${i}@bench`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=${ZONE}:${wall(start)}`,
      `DTEND;TZID=${ZONE}:${wall(start + HOUR_MS)}`,
      'RRULE:FREQ=WEEKLY',
      `EXDATE;TZID=${ZONE}:${wall(exdate)}`,
      'SUMMARY:Busy',
      'END:VEVENT',
    );
    out.push(
      'BEGIN:VEVENT',
      `UID:weekly-${i}@bench`,
      'DTSTAMP:20260101T000000Z',
      `RECURRENCE-ID;TZID=${ZONE}:${wall(moved)}`,
      `DTSTART;TZID=${ZONE}:${wall(moved + 2 * HOUR_MS)}`,
      `DTEND;TZID=${ZONE}:${wall(moved + 3 * HOUR_MS)}`,
      'SUMMARY:Busy',
      'END:VEVENT',
    );
    events += 2;
  }
  // Daily series with six years of history (admin before opening, lunch, notes after closing).
  for (const [i, [from, to]] of [
    ['080000', '083000'],
    ['113000', '120000'],
    ['163000', '170000'],
  ].entries()) {
    out.push(
      'BEGIN:VEVENT',
      `UID:daily-${i}@bench`,
      'DTSTAMP:20200101T000000Z',
      `DTSTART;TZID=${ZONE}:20200106T${from}`,
      `DTEND;TZID=${ZONE}:20200106T${to}`,
      'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR',
      'SUMMARY:Busy',
      'END:VEVENT',
    );
    events++;
  }
  // All-day events (courses, holidays).
  for (let i = 0; i < 10; i++) {
    const day = wall(hour + (i * 4 + 2) * DAY_MS).slice(0, 8);
    const next = wall(hour + (i * 4 + 3) * DAY_MS).slice(0, 8);
    out.push(
      'BEGIN:VEVENT',
      `UID:allday-${i}@bench`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${day}`,
      `DTEND;VALUE=DATE:${next}`,
      'SUMMARY:Busy',
      'END:VEVENT',
    );
    events++;
  }
  out.push('END:VCALENDAR');
  return { text: `${out.join('\r\n')}\r\n`, events };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] as number;

async function main() {
  const now = new Date();
  const { text, events } = benchFeed(now.getTime());
  // The parser thread reads it as the server would read a feed: here from a file.
  const file = path.join(os.tmpdir(), `bench-booking-${process.pid}.ics`);
  await writeFile(file, text);
  const config = loadConfig({ NODE_ENV: 'test', BOOKING_CALENDAR_URL: file }).booking!;
  const logger = pino({ level: 'silent' });

  // Reading the feed (parse, expand the window, prepare the grid): in the background, every few
  // minutes, on a thread of its own (server/booking/feed/thread.ts; from source here, so the
  // thread also loads tsx: the built server's is a little faster). scripts/bench-feed.ts measures
  // large feeds and the built server.
  const calendar = createBookingCalendar(config, logger);
  const reads: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await calendar.refresh();
    reads.push(performance.now() - t);
  }
  await rm(file, { force: true });
  const state = calendar.state();
  if (state.state !== 'fresh') throw new Error(`the bench feed was not read: ${JSON.stringify(state)}`);

  // A visitor's request: six weeks of free times for one service, with a few held times.
  const held = [1, 2, 3].map((d) => ({
    start: new Date(now.getTime() + d * 2 * DAY_MS),
    end: new Date(now.getTime() + d * 2 * DAY_MS + HOUR_MS),
  }));
  const rows: { service: string; slots: number; median: number; p99: number }[] = [];
  for (const service of bookableServices) {
    const times: number[] = [];
    let slots = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      slots = calendar.freeTimes(service, new Date(), held)?.length ?? -1;
      times.push(performance.now() - t);
    }
    rows.push({ service, slots, median: median(times), p99: p99(times) });
  }
  const checks: number[] = [];
  const some = calendar.freeTimes('individuel', now) ?? [];
  for (let i = 0; i < RUNS; i++) {
    const slot = some[i % some.length];
    const t = performance.now();
    calendar.isFree('individuel', slot!.start, new Date(), held);
    checks.push(performance.now() - t);
  }

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`;
  const worst = Math.max(...rows.map((r) => r.median));
  const lines = [
    `Booking free times (${new Date().toISOString().slice(0, 10)}; ${machine}).`,
    `Feed: ${events} events (${state.busyBlocks} busy blocks in the next 42 days after merging), ${Math.round(text.length / 1024)} kB, including 40 weekly series with an EXDATE and a moved occurrence each and 3 daily series (weekdays) since 2020.`,
    `Reading it (in the background, on a thread of its own, never on a request): median ${median(reads).toFixed(0)} ms (${reads.map((x) => x.toFixed(0)).join(', ')}).`,
    '',
    '| Service | Free times in six weeks | Median ms | p99 ms |',
    '|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.service} | ${r.slots} | ${r.median.toFixed(3)} | ${r.p99.toFixed(3)} |`),
    '',
    `One start checked (isFree, as a request is): median ${median(checks).toFixed(3)} ms.`,
    `Target: six weeks of free times under 5 ms: ${worst < 5 ? 'met' : 'NOT met'} (slowest service's median ${worst.toFixed(3)} ms; the p99 column shows the machine's other work and garbage collection, on a shared machine: load average ${os.loadavg()[0]?.toFixed(1)}).`,
  ];
  const table = lines.join('\n');
  await writeFile(path.join(__dirname, '..', 'bench', 'booking.md'), `${table}\n`);
  console.log(`\n${table}\n\nwritten to bench/booking.md`);
}

if (require.main === module) {
  main().catch((err: Error) => {
    console.error(`booking bench failed: ${err.message}`);
    process.exit(1);
  });
}
