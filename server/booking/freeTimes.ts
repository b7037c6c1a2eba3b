import { LRUCache } from 'lru-cache';
import { bookableServices, serviceMinutes, type BookableService, type BookingRules } from '../../content/booking';
import { earliestStart } from './answerWindow';
import { isClosed } from './closedDays';
import { mergeIntervals, type Interval, type Slot } from './interval';
import { addDays, MINUTE_MS } from '../../views/days';
import { addLocalDays, instantAt, isoWeekday, localDateOf, minutesOfDay, type LocalDate } from './localTime';

// Free times: the booking hours (content/booking.ts) minus the busy times, each kept `bufferMinutes`
// clear on both sides; starts on the span's grid (every `stepMinutes` from the span's start, in
// wall-clock time), the whole session inside the span, none before the day after the
// practitioner's answer is due (answerWindow.ts), before `horizonDays` local days from now, never on a closed day (a public holiday or the practice's own: closedDays.ts).

/** Busy times, merged and sorted, as two arrays for binary search (ends never go backwards). */
export interface BusyIndex {
  starts: Float64Array;
  ends: Float64Array;
}

/** `intervals` need not be sorted or disjoint. */
export function busyIndex(intervals: readonly Interval[]): BusyIndex {
  const merged = mergeIntervals(intervals);
  return {
    starts: Float64Array.from(merged, (i) => i.start.getTime()),
    ends: Float64Array.from(merged, (i) => i.end.getTime()),
  };
}

/** Whether [start, end) comes within `buffer` ms of a busy time. */
function clashes(busy: BusyIndex, start: number, end: number, buffer: number): boolean {
  // The first busy time that ends after start - buffer; ends are sorted, so binary search.
  let lo = 0;
  let hi = busy.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((busy.ends[mid] as number) + buffer > start) hi = mid;
    else lo = mid + 1;
  }
  return lo < busy.starts.length && (busy.starts[lo] as number) - buffer < end;
}

/** Problems with the owner's rules, in words (empty: fine). Checked at start-up. */
export function checkRules(rules: BookingRules): string[] {
  const problems: string[] = [];
  const positive = (name: keyof BookingRules, value: number) => {
    if (!Number.isInteger(value) || value < 0)
      problems.push(`${name} must be a whole number of 0 or more (is ${value})`);
  };
  positive('bufferMinutes', rules.bufferMinutes);
  if (!Number.isInteger(rules.noticeDaysAfterAnswer) || rules.noticeDaysAfterAnswer < 1)
    problems.push(
      `noticeDaysAfterAnswer must be 1 or more, so that the answer comes before the cancellation deadline (is ${rules.noticeDaysAfterAnswer})`,
    );
  positive('confirmWithinWorkingDays', rules.confirmWithinWorkingDays);
  if (!Number.isInteger(rules.horizonDays) || rules.horizonDays < 1)
    problems.push(`horizonDays must be 1 or more (is ${rules.horizonDays})`);
  if (!Number.isInteger(rules.stepMinutes) || rules.stepMinutes < 5)
    problems.push(`stepMinutes must be 5 or more (is ${rules.stepMinutes})`);
  for (const [day, spans] of Object.entries(rules.week)) {
    if (!/^[1-7]$/.test(day)) problems.push(`week: ${day} is not an ISO weekday (1 = Monday … 7 = Sunday)`);
    for (const span of spans ?? []) {
      let from = 0;
      let to = 0;
      try {
        from = minutesOfDay(span.from);
        to = minutesOfDay(span.to);
      } catch (err) {
        problems.push(`week ${day}: ${(err as Error).message}`);
        continue;
      }
      if (from >= to) problems.push(`week ${day}: ${span.from}-${span.to} ends before it starts`);
      for (const s of span.services)
        if (!bookableServices.includes(s)) problems.push(`week ${day}: ${s} is not a bookable service`);
    }
  }
  for (const date of rules.closedDates) {
    // 'MM-DD' (every year) is checked as a day of a leap year, so that 29 February may be given.
    const full = /^\d{2}-\d{2}$/.test(date) ? `2028-${date}` : date;
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(full) ||
      localDateOf(instantAt(full, 12 * 60, rules.timeZone), rules.timeZone) !== full
    ) {
      problems.push(
        full === date ? `closedDates: "${date}" is not a date YYYY-MM-DD` : `closedDates: "${date}" is not a day MM-DD`,
      );
    }
  }
  return problems;
}

/**
 * What a set of rules gives, computed once: the grid per date and
 * service. The grid is a request's luxon work (each span's edges in the practice's zone): without
 * it six weeks of free times cost several times as much (docs/performance.md). At most
 * GRID_DATES entries, the least recently used going first: a horizon of 42 days for five
 * services is 210.
 */
interface Prepared {
  grid: LRUCache<string, number[]>;
}
const GRID_DATES = 2_000;
const prepared = new WeakMap<BookingRules, Prepared>();

function prepare(rules: BookingRules): Prepared {
  let p = prepared.get(rules);
  if (!p) {
    p = { grid: new LRUCache({ max: GRID_DATES }) };
    prepared.set(rules, p);
  }
  return p;
}

/** Candidate starts (ms) of a service on a local date, by the weekly hours only; cached per date. */
function gridOn(rules: BookingRules, p: Prepared, date: LocalDate, service: BookableService): number[] {
  const key = `${date} ${service}`;
  const cached = p.grid.get(key);
  if (cached) return cached;
  const at = (minutes: number) => instantAt(date, minutes, rules.timeZone);
  const length = serviceMinutes(service) * MINUTE_MS;
  const step = rules.stepMinutes * MINUTE_MS;
  const starts = new Set<number>();
  for (const span of rules.week[isoWeekday(date)] ?? []) {
    if (!span.services.includes(service)) continue;
    const fromMinutes = minutesOfDay(span.from);
    const toMinutes = minutesOfDay(span.to);
    const spanStart = at(fromMinutes);
    const spanEnd = at(toMinutes);
    // Wall-clock steps are equal instants unless the clocks change inside the span (at night in
    // Denmark, so never with daytime hours); then each start is converted on its own.
    const even = spanEnd - spanStart === (toMinutes - fromMinutes) * MINUTE_MS;
    for (let m = fromMinutes; m < toMinutes; m += rules.stepMinutes) {
      const start = even ? spanStart + ((m - fromMinutes) / rules.stepMinutes) * step : at(m);
      if (start + length <= spanEnd) starts.add(start);
    }
  }
  const list = [...starts].sort((a, b) => a - b);
  p.grid.set(key, list);
  return list;
}

/** A slot's tests apart from the grid: notice, horizon, busy times and their buffer. */
function makeCheck(
  rules: BookingRules,
  service: BookableService,
  now: number,
  busy: BusyIndex,
  alsoBusy: readonly Interval[],
) {
  const earliest = Math.max(now, earliestStart(rules, now));
  const horizonEnd = addLocalDays(now, rules.horizonDays, rules.timeZone);
  const length = serviceMinutes(service) * MINUTE_MS;
  const buffer = rules.bufferMinutes * MINUTE_MS;
  const held = alsoBusy.length ? busyIndex(alsoBusy) : null;
  return {
    earliest,
    horizonEnd,
    length,
    ok: (start: number) =>
      start >= earliest &&
      start < horizonEnd &&
      !clashes(busy, start, start + length, buffer) &&
      !(held && clashes(held, start, start + length, buffer)),
  };
}

/** Free starts for a service from `now` to the horizon, soonest first. */
export function computeFreeTimes(
  rules: BookingRules,
  service: BookableService,
  now: Date,
  busy: BusyIndex,
  alsoBusy: readonly Interval[] = [],
): Slot[] {
  const p = prepare(rules);
  const check = makeCheck(rules, service, now.getTime(), busy, alsoBusy);
  const last = localDateOf(check.horizonEnd, rules.timeZone);
  const slots: Slot[] = [];
  for (let date = localDateOf(check.earliest, rules.timeZone); date <= last; date = addDays(date, 1)) {
    if (isClosed(rules, date)) continue;
    for (const start of gridOn(rules, p, date, service)) {
      if (check.ok(start)) slots.push({ service, start: new Date(start), end: new Date(start + check.length) });
    }
  }
  return slots;
}

/** Whether exactly this start would be offered by computeFreeTimes (without computing them all). */
export function isFreeStart(
  rules: BookingRules,
  service: BookableService,
  start: Date,
  now: Date,
  busy: BusyIndex,
  alsoBusy: readonly Interval[] = [],
): boolean {
  const ms = start.getTime();
  if (!Number.isFinite(ms)) return false;
  const p = prepare(rules);
  const date = localDateOf(ms, rules.timeZone);
  if (isClosed(rules, date) || !gridOn(rules, p, date, service).includes(ms)) return false;
  return makeCheck(rules, service, now.getTime(), busy, alsoBusy).ok(ms);
}
