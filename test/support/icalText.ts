import { PRACTICE_TIME_ZONE } from '../../content/practice';

// What the feeds the tests and benches make up share: the practice's zone as a VTIMEZONE, written
// as Google writes it, and a UTC date-time as iCalendar writes it.

export const VTIMEZONE: readonly string[] = [
  'BEGIN:VTIMEZONE',
  `TZID:${PRACTICE_TIME_ZONE}`,
  `X-LIC-LOCATION:${PRACTICE_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** 20261130T080000Z */
export const icalUtc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
