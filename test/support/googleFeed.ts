import { PRACTICE_TIME_ZONE } from '../../content/practice';
import { icalUtc, VTIMEZONE } from './icalText';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../views/days';

// A practice's calendar of many years as Google's secret iCal address writes it, of about the size
// asked for: per 8.5 MB, 20,000 events, 400 of them weekly series since 2016 (most ended with
// UNTIL, each with EXDATEs and a moved occurrence), the rest one-off events from 2016 to two
// months ahead, with Google's fields (CREATED, LAST-MODIFIED, SEQUENCE, STATUS, a folded
// DESCRIPTION, an ATTENDEE, a VALARM). Deterministic: the same size and `now` give the same text.
// For the slow test of large feeds and the feed benchmark (scripts/bench-feed.ts).

const ZONE = PRACTICE_TIME_ZONE;
const MB = 1024 * 1024;

/** A Danish wall-clock time written as floating digits: the hour is all that matters here, winter or summer. */
const local = (ms: number, hour: number, minute = 0) =>
  `${icalUtc(ms).slice(0, 8)}T${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')}00`;

/** RFC 5545 folding at 75 octets, as Google does (the text here is ASCII). */
function fold(line: string): string[] {
  const out = [line.slice(0, 75)];
  for (let i = 75; i < line.length; i += 74) out.push(` ${line.slice(i, i + 74)}`);
  return out;
}

const NOTE = 'Noter og aftaler til næste gang. ';

/** Google's fields of an event; `pad`: how many characters of notes its description has. */
function details(i: number, pad: number, stamp: string): string[] {
  return [
    `DTSTAMP:${stamp}`,
    `UID:${(i * 2654435761).toString(36)}${i}x${(i * 40503).toString(36)}@google.com`,
    `CREATED:${icalUtc(Date.UTC(2016, 0, 1) + (i % 3000) * DAY_MS)}`,
    ...fold(`DESCRIPTION:Samtale ${i}. ${NOTE.repeat(Math.ceil(pad / NOTE.length)).slice(0, pad)}`),
    `LAST-MODIFIED:${icalUtc(Date.UTC(2016, 0, 1) + (i % 3000) * DAY_MS + HOUR_MS)}`,
    'LOCATION:Klinikken',
    `SEQUENCE:${i % 3}`,
    'STATUS:CONFIRMED',
    `SUMMARY:Klient ${i % 97}`,
    'TRANSP:OPAQUE',
    ...(i % 4 === 0
      ? [
          `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=praksis@example.dk;X-NUM-GUESTS=0:mailto:praksis@example.dk`,
        ]
      : []),
    ...(i % 3 === 0
      ? [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          'DESCRIPTION:This is an event reminder',
          'TRIGGER:-P0DT0H30M0S',
          'END:VALARM',
        ]
      : []),
  ];
}

function generate(megabytes: number, now: number, pad: number): string {
  const scale = megabytes / 8.5;
  const seriesCount = Math.max(1, Math.round(400 * scale));
  const eventCount = Math.max(seriesCount + 1, Math.round(20_000 * scale));
  const stamp = icalUtc(now);
  const start2016 = Date.UTC(2016, 0, 4); // a Monday
  const out = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Praksis',
    `X-WR-TIMEZONE:${ZONE}`,
    ...VTIMEZONE,
  ];
  for (let i = 0; i < seriesCount; i++) {
    const first = start2016 + (((i * 37) % 540) * 7 + (i % 5)) * DAY_MS;
    const hour = 9 + (i % 7);
    // Three in four series have ended; the rest run on (ongoing clients, supervision).
    const until = i % 4 === 0 ? '' : `;UNTIL=${icalUtc(first + (20 + (i % 80)) * 7 * DAY_MS)}`;
    const exdates = [3, 11, 17].map((w) => `EXDATE;TZID=${ZONE}:${local(first + w * 7 * DAY_MS, hour)}`);
    out.push(
      'BEGIN:VEVENT',
      `DTSTART;TZID=${ZONE}:${local(first, hour)}`,
      `DTEND;TZID=${ZONE}:${local(first, hour, 50)}`,
      `RRULE:FREQ=WEEKLY${until}`,
      ...exdates,
      ...details(i, pad, stamp),
      'END:VEVENT',
      // One occurrence moved an hour later (RECURRENCE-ID), as Google writes it: same UID.
      'BEGIN:VEVENT',
      `DTSTART;TZID=${ZONE}:${local(first + 5 * 7 * DAY_MS, hour + 1)}`,
      `DTEND;TZID=${ZONE}:${local(first + 5 * 7 * DAY_MS, hour + 1, 50)}`,
      ...details(i, 0, stamp),
      `RECURRENCE-ID;TZID=${ZONE}:${local(first + 5 * 7 * DAY_MS, hour)}`,
      'END:VEVENT',
    );
  }
  const span = now + 60 * DAY_MS - start2016;
  for (let i = seriesCount; i < eventCount; i++) {
    const day = start2016 + Math.floor((((i * 7919) % 100_000) / 100_000) * (span / DAY_MS)) * DAY_MS;
    const startMs = day + (7 + (i % 9)) * HOUR_MS;
    out.push(
      'BEGIN:VEVENT',
      `DTSTART:${icalUtc(startMs)}`,
      `DTEND:${icalUtc(startMs + (50 + (i % 3) * 25) * MINUTE_MS)}`,
      ...details(i, pad, stamp),
      'END:VEVENT',
    );
  }
  out.push('END:VCALENDAR', '');
  return out.join('\r\n');
}

/** About `megabytes` MB (MiB, within a per cent) of Google-shaped calendar, written at `now`. */
export function googleShapedFeed(megabytes: number, now = Date.now()): string {
  // The descriptions are padded until the size is right (a few tries: folding and 'æ' make it not quite linear).
  const target = megabytes * MB;
  const bare = Buffer.byteLength(generate(megabytes, now, 0));
  let pad = 0;
  let text = '';
  for (let i = 0; i < 4; i++) {
    const size = i === 0 ? bare + 1 : Buffer.byteLength(text);
    const perPad = i === 0 ? Buffer.byteLength(generate(megabytes, now, 1)) - bare : (size - bare) / pad;
    pad = Math.max(0, Math.floor((target - bare) / perPad));
    text = generate(megabytes, now, pad);
    if (Math.abs(Buffer.byteLength(text) - target) < target / 100) break;
  }
  return text;
}
