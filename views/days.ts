// Whole days, for dates written 'YYYY-MM-DD' (calendar days: the dates are Denmark's already), and
// spans of time in milliseconds, each unit written once here. A local day with its daylight-saving
// change is luxon's (server/booking/localTime.ts).

/** A minute in milliseconds. */
export const MINUTE_MS = 60_000;
/** An hour in milliseconds. */
export const HOUR_MS = 60 * MINUTE_MS;
/** A day in milliseconds: 24 hours. */
export const DAY_MS = 24 * HOUR_MS;

/** 'YYYY-MM-DD' plus whole calendar days; '' for something that is not such a date. */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? '' : new Date(time + days * DAY_MS).toISOString().slice(0, 10);
}
