// The practice's own closed days (content/facts/booking.json's closedDays, decision 0072): one
// day, or a period from `date` to `to` (both closed), each written 'MM-DD' (every year) or
// 'YYYY-MM-DD' (once). The booking rules (content/booking.ts) close every day they name; the
// content check (scripts/checkContent.ts) says what a period cannot be.

export interface ClosedDay {
  date: string;
  to?: string;
  note?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A period is at most a year long. */
const LONGEST_PERIOD = 366;
/** Every year's days are counted in a leap year, so that 02-29 is one of them. */
const LEAP_YEAR = 2000;

const yearly = (day: string) => day.length === 5;
const utc = (day: string) => Date.parse(`${yearly(day) ? `${LEAP_YEAR}-` : ''}${day}T00:00:00Z`);

/** Why a period cannot be read, in words for her; undefined for one day or a period that can. */
export function periodProblem({ date, to }: ClosedDay): string | undefined {
  if (to === undefined) return undefined;
  if (yearly(date) !== yearly(to))
    return `'${to}' and the first day '${date}' must be written alike: both YYYY-MM-DD (once) or both MM-DD (every year)`;
  const days = dayCount(date, to);
  if (days < 1) return `'${to}' is before the first day '${date}'`;
  if (days > LONGEST_PERIOD) return `the period is ${days} days long: at most ${LONGEST_PERIOD}`;
  return undefined;
}

/** Days from `date` to `to`, both counted; a yearly period may run over the new year (12-24 to 01-01). */
function dayCount(date: string, to: string): number {
  const span = Math.round((utc(to) - utc(date)) / DAY_MS) + 1;
  return yearly(date) && span < 1 ? span + 366 : span;
}

/** The days a closed day or period closes, each as it is written ('MM-DD' or 'YYYY-MM-DD'); none for a period that cannot be read. */
export function closedDates(day: ClosedDay): string[] {
  if (day.to === undefined) return [day.date];
  if (periodProblem(day)) return [];
  const first = utc(day.date);
  return Array.from({ length: dayCount(day.date, day.to) }, (_, i) => {
    const iso = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
    return yearly(day.date) ? iso.slice(5) : iso;
  }).filter((d, i, all) => all.indexOf(d) === i);
}
