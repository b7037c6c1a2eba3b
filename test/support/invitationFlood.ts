import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../views/days';

// A flood of one-off invitations as a stranger could put them into the practitioner's calendar
// (Google and Outlook add received invitations by default), on every other day of six weeks from a
// Monday in winter: each a minute after the one before on its day, 30 seconds long, every fifth a
// minute, touching the next (tens of thousands of busy blocks, a few joined); half in UTC,
// half in Danish time by the feed's own VTIMEZONE (winter: UTC+1). Beside them, or instead, short
// recurring invitations (weekly, four times, 30 seconds, about 200 bytes each) on the days
// between, from 09:00 Danish time (winter) a minute apart. Each names her as an attendee who has
// not answered (PARTSTAT=NEEDS-ACTION). With the busy times they make worked out here, without
// ical.js or the feed module: the test's independent answer. Read by the tests through test/support/invitations.ts, and by
// scripts/bench-feed.ts, which runs outside jest.

/** An instant as iCalendar writes it (UTC: with Z; else the wall-clock digits alone). */
const stamp = (ms: number, utc: boolean) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]|\.\d{3}/g, '')
    .slice(0, utc ? 16 : 15);

/** How the invitations are written: `bare`, only what an event needs (UID and times), the most a feed can hold; `zone`, the TZID of those in Danish time. */
export interface Flood {
  bare?: boolean;
  /** 'Europe/Copenhagen' (the feed defines it) by default; Outlook writes 'W. Europe Standard Time', which it may not define. */
  zone?: string;
  /** How many short recurring invitations besides (none by default). */
  recurring?: number;
  /** Her calendar: test/fixtures/calendars/google.ics by default. */
  calendar?: string;
  /** BOOKING_CALENDAR_OWNER: with her address (or a calendar named after it) the invitations, not answered, are not busy. */
  owner?: string[];
}

/** The address the invitations name as their attendee (she has not answered). */
export const HER_ADDRESS = 'praksis@example.dk';
const WEEK = 7 * DAY_MS;

/** `count` short recurring invitations from `monday`, on the days between the one-offs', as VEVENT text, and their busy times (ms). */
export function recurringInvitations(count: number, monday: number) {
  const busy: { start: number; end: number }[] = [];
  const events: string[] = [];
  for (let i = 0; i < count; i++) {
    const start = monday + (2 * (i % 21) + 1) * DAY_MS + 8 * HOUR_MS + Math.floor(i / 21) * MINUTE_MS;
    for (let week = 0; week < 4; week++) busy.push({ start: start + week * WEEK, end: start + week * WEEK + 30_000 });
    events.push(
      `BEGIN:VEVENT\r\nUID:r${i}@evil.example\r\nDTSTART:${stamp(start, true)}\r\nDTEND:${stamp(start + 30_000, true)}\r\nRRULE:FREQ=WEEKLY;COUNT=4\r\nSUMMARY:Tilbud\r\nORGANIZER:mailto:tilbud@evil.example\r\nATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${HER_ADDRESS}\r\nEND:VEVENT\r\n`,
    );
  }
  return { ics: events.join(''), busy };
}

/** `count` invitations from `monday` (a Monday's 00:00 UTC, in winter), as VEVENT text, and their busy times (ms). */
export function invitations(
  count: number,
  monday: number,
  { bare = false, zone = 'Europe/Copenhagen' }: Flood,
): { ics: string; busy: { start: number; end: number }[] } {
  const busy: { start: number; end: number }[] = [];
  const events: string[] = [];
  for (let i = 0; i < count; i++) {
    const start = monday + 2 * (i % 21) * DAY_MS + Math.floor(i / 21) * MINUTE_MS;
    // Every fifth a minute long, touching the next: one busy block of the two.
    const end = start + (Math.floor(i / 21) % 5 === 4 ? MINUTE_MS : 30_000);
    busy.push({ start, end });
    const utc = i % 2 === 0;
    // Danish time in winter is an hour ahead of UTC.
    const at = (ms: number) => (utc ? `:${stamp(ms, true)}` : `;TZID=${zone}:${stamp(ms + HOUR_MS, false)}`);
    const details = bare
      ? ''
      : `DTSTAMP:20261101T000000Z\r\nSUMMARY:Gratis rådgivning – klik her\r\nORGANIZER:mailto:tilbud@evil.example\r\nATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${HER_ADDRESS}\r\nSTATUS:CONFIRMED\r\n`;
    events.push(`BEGIN:VEVENT\r\nUID:${i}\r\nDTSTART${at(start)}\r\nDTEND${at(end)}\r\n${details}END:VEVENT\r\n`);
  }
  return { ics: events.join(''), busy };
}

/** Her calendar with `oneOffs` one-off and `recurring` recurring invitations in the six weeks from the Monday of `now`'s week (scripts/bench-feed.ts). */
export function floodFeed(calendar: string, oneOffs: number, recurring: number, now: number): string {
  const day = new Date(now).getUTCDay();
  const monday = Math.floor(now / DAY_MS) * DAY_MS - ((day + 6) % 7) * DAY_MS;
  const ics = invitations(oneOffs, monday, {}).ics + recurringInvitations(recurring, monday).ics;
  return calendar.replace(/END:VCALENDAR\s*$/, `${ics}END:VCALENDAR\r\n`);
}
