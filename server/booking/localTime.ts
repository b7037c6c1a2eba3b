import { DateTime, IANAZone } from 'luxon';
import { HOUR_MS } from '../../views/days';

// Wall-clock times in a time zone (the practice's, Europe/Copenhagen, or a feed's) to instants and
// back, by luxon (time-zone rules from the runtime's ICU data), so that 09:00 is 09:00 on both
// sides of the daylight-saving changes. As RFC 5545 reads them: a wall-clock time that does not
// exist (02:30 on the last Sunday of March) is moved forward by the gap; one that exists twice
// (02:30 on the last Sunday of October) is the first of the two.

/** A local date, 'YYYY-MM-DD'. */
export type LocalDate = string;

export interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Whether the runtime knows this IANA zone name (e.g. 'Europe/Copenhagen'). */
export function isKnownZone(name: string): boolean {
  return IANAZone.isValidZone(name);
}

/** The instant of a wall-clock time in `zone`, in ms since 1970. */
export function instantOf(wall: WallClock, zone: string): number {
  const local = DateTime.fromObject(wall, { zone });
  const ms = local.toMillis();
  // Only near a change of offset can a wall-clock time exist twice (luxon then reads the later).
  const z = local.zone;
  if (z.offset(ms - 3 * HOUR_MS) === z.offset(ms + 3 * HOUR_MS)) return ms;
  return Math.min(...local.getPossibleOffsets().map((d) => d.toMillis()));
}

/** The instant of `minutes` after local midnight's wall clock on `date` (09:30 is 570), in ms. */
export function instantAt(date: LocalDate, minutes: number, zone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return instantOf({ year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0 }, zone);
}

/** The local date of an instant in `zone`. */
export function localDateOf(ms: number, zone: string): LocalDate {
  return DateTime.fromMillis(ms, { zone }).toISODate() as LocalDate;
}

// Dates alone (no time of day, no zone) are plain calendar arithmetic, done on Date's proleptic
// calendar at UTC midnight: quicker than luxon here, where free times walk six weeks of days.

function utcMidnight(date: LocalDate): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/** ISO weekday of a date (1 = Monday … 7 = Sunday). */
export function isoWeekday(date: LocalDate): 1 | 2 | 3 | 4 | 5 | 6 | 7 {
  return (utcMidnight(date).getUTCDay() || 7) as 1 | 2 | 3 | 4 | 5 | 6 | 7;
}

/** The instant `days` calendar days after `ms` in `zone` (the same wall-clock time; 42 days ahead is 42 local days). */
export function addLocalDays(ms: number, days: number, zone: string): number {
  return DateTime.fromMillis(ms, { zone }).plus({ days }).toMillis();
}

/** "HH:MM" as minutes after midnight. */
export function minutesOfDay(hhmm: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 24 || minutes > 59 || (hours === 24 && minutes > 0))
    throw new Error(`not a time of day "HH:MM": "${hhmm}"`);
  return hours * 60 + minutes;
}
