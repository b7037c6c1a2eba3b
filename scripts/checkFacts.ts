import { readdirSync } from 'node:fs';
import path from 'node:path';
import { periodProblem } from '../content/closedDays';
import { photoName } from '../content/images';
import type { Problem } from '../content/schema/check';
import { danishPublicHolidays } from '../server/booking/holidays';

// What the facts' declarations (content/schema/facts.ts) cannot say, checked by
// scripts/checkContent.ts once a file matches its declaration: an opening that ends before it
// begins, a closed day that cannot be or is closed already, "op til" without a length, the
// clinic's photos against their folder.

const root = path.resolve(__dirname, '..');

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** An opening that ends before it starts. */
export function checkWeek(value: unknown, problems: Problem[]): void {
  const week = (value as { week?: Record<string, { from?: unknown; to?: unknown }[]> }).week ?? {};
  for (const [day, spans] of Object.entries(week))
    if (Array.isArray(spans))
      spans.forEach((span, i) => {
        if (typeof span.from === 'string' && typeof span.to === 'string' && minutesOf(span.to) <= minutesOf(span.from))
          problems.push({ key: `week.${day}[${i}]`, message: `ends (${span.to}) before it begins (${span.from})` });
      });
}

/** "Op til" is said of a session's length: on a price without minutes it would mean nothing. */
export function checkPrices(value: unknown, problems: Problem[]): void {
  for (const [id, price] of Object.entries(value as Record<string, { minutes?: unknown; upTo?: unknown }>))
    if (price.upTo === true && price.minutes === undefined)
      problems.push({
        key: `${id}.upTo`,
        message: '»Op til« goes with a length only: give the minutes, or switch it off',
      });
}

const PICTURE = /\.(jpe?g|png|webp)$/i;

/**
 * The clinic photos listed against their folder, by name (room.jpg and room.webp are the photo
 * 'room', so that a photo replaced in another format keeps its place): a photo there that is not listed,
 * and a photo listed twice. A listed photo not there yet is no problem: its description waits for
 * it, and the page shows it once it is there.
 */
export function checkPictures(value: unknown, imagesDir: string, problems: Problem[]): void {
  const clinic = (value as { clinic?: { file?: unknown }[] }).clinic;
  if (!Array.isArray(clinic)) return;
  const listed = clinic.map((photo) => String(photo.file));
  const dir = path.join(imagesDir, 'clinic');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => PICTURE.test(name));
  } catch {
    // No clinic/ folder: no photos yet.
  }
  const folder = path.relative(root, dir).startsWith('..') ? dir : path.relative(root, dir);
  const names = listed.map(photoName);
  for (const name of files.filter((name) => !names.includes(photoName(name))))
    problems.push({
      key: 'clinic',
      message: `${folder}/${name} is not listed: choose it for a photo under Billeder, or delete the file`,
    });
  names.forEach((name, i) => {
    const first = names.indexOf(name);
    if (first !== i)
      problems.push({ key: `clinic[${i}].file`, message: `'${listed[i]}' is listed twice (clinic[${first}])` });
  });
}

type ClosedDayJson = { date: string; to?: string };

/** Public holidays on the same day every year: New Year's Day, Christmas Day, Boxing Day. */
const FIXED_HOLIDAYS = new Set(['01-01', '12-25', '12-26']);

/** Why one day is closed already, or undefined: a public holiday, or (a dated day) a day closed every year. */
function closedAlready(date: string, everyYear: Map<string, number>): string | undefined {
  if (date.length === 5)
    return FIXED_HOLIDAYS.has(date) ? 'is a public holiday every year, closed by itself' : undefined;
  const yearly = everyYear.get(date.slice(5));
  if (yearly !== undefined) return `is closed every year already (closedDays[${yearly}])`;
  return danishPublicHolidays(Number(date.slice(0, 4))).includes(date)
    ? 'is a public holiday, closed by itself'
    : undefined;
}

/** A period that cannot be read; one day listed twice or closed already (a public holiday, a day closed every year). */
export function checkClosedDays(value: unknown, problems: Problem[]): void {
  const days = (value as { closedDays?: ClosedDayJson[] }).closedDays ?? [];
  const everyYear = new Map<string, number>();
  const seen = new Map<string, number>();
  days.forEach((day, i) => {
    if (day.to === undefined && day.date.length === 5 && !everyYear.has(day.date)) everyYear.set(day.date, i);
  });
  days.forEach((day, i) => {
    const period = periodProblem(day);
    if (period) problems.push({ key: `closedDays[${i}].to`, message: period });
    if (day.to !== undefined) return;
    const first = seen.get(day.date);
    if (first === undefined) seen.set(day.date, i);
    const said = first !== undefined ? `is listed twice (closedDays[${first}])` : closedAlready(day.date, everyYear);
    if (said) problems.push({ key: `closedDays[${i}].date`, message: `'${day.date}' ${said}: delete it` });
  });
}
