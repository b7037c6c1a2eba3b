import ICAL from 'ical.js';
import { leaveOut, type FeedBounds, type LeftOut } from './bounds';
import { shownUid, type KeptEvent } from './event';
import { blocks, instant, instants } from './times';
import { DAY_MS } from '../../../views/days';

// A recurring event's busy times over a window, within bounds (busy.ts reads the feed; this
// expands its series): simple rules jump to the window instead of walking from their first
// occurrence, every series has a bound of steps and CPU time, and the read has one for all of them
// together; what exceeds its bound is left out whole, named by its UID.

type Time = ICAL.Time;

// The steps (occurrences walked) and the time a recurring event may take come in rounds
// (bounds.ts): every event first gets the first bound, then those not finished the next, and so
// on while the read's steps and time last. A weekly or daily series jumps to the window and
// finishes in the first round, a monthly one walked from 1970 (under 700 steps) in the second
// (walked again from its start: a round's bound counts from there);
// what needs more than the last is left out. The time bounds (CPU time) are a safety net for
// rules whose single step ical.js makes long.
/**
 * The rule parts (besides FREQ, INTERVAL, COUNT, UNTIL, WKST) expanded per frequency: those the
 * calendars write (every weekday, the second Tuesday, the last working day of the month, 24
 * December). ical.js walks other combinations for long, or for ever when no date can match
 * (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30), within one step no bound can stop: such a rule is left out.
 * Of rules more frequent than daily, only parts whose gaps it walks through a day at most.
 */
const PARTS: Record<string, string[]> = {
  SECONDLY: ['BYSECOND', 'BYMINUTE'],
  MINUTELY: ['BYSECOND', 'BYMINUTE', 'BYHOUR'],
  HOURLY: ['BYSECOND', 'BYMINUTE', 'BYHOUR', 'BYDAY'],
  DAILY: ['BYDAY', 'BYMONTH'],
  WEEKLY: ['BYDAY', 'BYMONTH'],
  MONTHLY: ['BYDAY', 'BYMONTHDAY', 'BYSETPOS', 'BYMONTH'],
  YEARLY: ['BYDAY', 'BYMONTHDAY', 'BYSETPOS', 'BYMONTH'],
};
/** A weekday, with an ordinal only where the frequency allows one (the 2nd Tuesday, the last Friday). */
const ORDINAL_DAY = /^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether ical.js expands this rule in bounded steps (PARTS), and some date can match it. */
function expandable(rule: ICAL.Recur): boolean {
  const allowed = PARTS[rule.freq];
  const parts = rule.parts as Record<string, (string | number)[]>;
  if (!allowed || !Object.keys(parts).every((part) => allowed.includes(part))) return false;
  const ordinals = rule.freq === 'MONTHLY' || rule.freq === 'YEARLY';
  for (const day of parts.BYDAY ?? []) {
    const m = ORDINAL_DAY.exec(String(day));
    if (!m || (m[1] && !ordinals)) return false;
  }
  const months = (parts.BYMONTH ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).map(Number);
  if (!months.every((m) => m >= 1 && m <= 12)) return false;
  const monthDays = (parts.BYMONTHDAY ?? []).map(Number);
  return (
    monthDays.length === 0 ||
    monthDays.some((d) => d !== 0 && months.some((m) => Math.abs(d) <= (DAYS_IN_MONTH[m - 1] as number)))
  );
}

/** How often (in steps and events) the expansion lets its watcher look (thread.ts: the deadline). */
export const WATCH_EVERY = 1024;

/** A series as busy.ts hands it over: what the sieve kept of it, read by ical.js only while it is expanded (`open`, then `close`). */
export interface Series {
  kept: KeptEvent;
  open(): ICAL.Event;
  close(): void;
}

/**
 * Which series is expanded first: her own before others' invitations, the older before the newer
 * (the order in which a read leaves them out is the reverse: kept.ts); rules more frequent than
 * daily last (no practice keeps one), so that they cannot use up the others' share.
 */
function expandedFirst(a: Series, b: Series): number {
  const [x, y] = [a.kept, b.kept];
  return (
    Number(x.subDaily) - Number(y.subDaily) ||
    Number(x.invitation) - Number(y.invitation) ||
    (x.created === y.created ? 0 : x.created < y.created ? -1 : 1) ||
    x.order - y.order
  );
}

/**
 * Every series's occurrences in [from, to), each within its bound of steps, all within the
 * read's (rounds, readSteps, readCpuMs). What exceeds its bound is left out whole (its UID
 * returned), so that one event cannot take the others' busy times with it, nor the read's time.
 * One series is read by ical.js at a time: one not finished in a round is walked again from its
 * start in the next (its steps and time there count from its start too), so that thousands of
 * unfinished series never hold their events and iterators at once.
 */
export function expandAll(
  series: Series[],
  window: { from: number; to: number },
  add: (start: number, end: number) => void,
  watch: () => void,
  bounds: Pick<FeedBounds, 'rounds' | 'readSteps' | 'readCpuMs'>,
): LeftOut[] {
  const { from, to } = window;
  let left = bounds.readSteps;
  const end = cpuMs() + bounds.readCpuMs;
  const skipped: string[] = [];
  /** CPU time each series has taken so far (ms). */
  const spent = new Map<Series, number>();
  let pending = [...series].sort(expandedFirst);
  for (const [round, bound] of bounds.rounds.entries()) {
    const unfinished: Series[] = [];
    for (const s of pending) {
      const started = cpuMs();
      // The read's steps or time used up: every series not finished is left out, unread.
      if (left <= 0 || started > end) {
        unfinished.push(s);
        continue;
      }
      const event = s.open();
      try {
        if (!blocks(event.component)) continue;
        if (!event.isRecurring()) {
          add(...instants(event.startDate, event.endDate, event.component));
          continue;
        }
        const rules = event.component.getAllProperties('rrule').map((p) => p.getFirstValue() as ICAL.Recur);
        if (round === 0 && !rules.every(expandable)) {
          skipped.push(uidOf(event));
          continue;
        }
        const e = expansion(event, from, to);
        const stop = Math.min(end, started + bound.cpuMs - (spent.get(s) ?? 0));
        while (e.steps < bound.steps && left > 0 && !e.done) {
          e.step();
          left--;
          if (left % WATCH_EVERY === 0) watch();
          if (left % 16 === 0 && cpuMs() > stop) break;
        }
        if (e.done) for (const [start, finish] of e.found) add(start, finish);
        else unfinished.push(s);
      } finally {
        s.close();
        spent.set(s, (spent.get(s) ?? 0) + cpuMs() - started);
      }
    }
    pending = unfinished;
  }
  const out: LeftOut[] = [];
  for (const uid of [...skipped, ...pending.map((s) => shownUid(s.kept.uid))]) leaveOut(out, uid, 'rule');
  return out;
}

/**
 * The CPU time this thread has used (ms): the time bounds count work, not the wall clock, so
 * that a machine busy with other work (or the server answering pages beside it) leaves no
 * series out that an idle one would expand.
 */
function cpuMs(): number {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
}

/** An event's UID as a log may show it. */
function uidOf(event: ICAL.Event): string {
  return shownUid(String(event.component.getFirstPropertyValue('uid') ?? ''));
}

/** A recurring event's expansion over a window, one occurrence per step. */
interface Expansion {
  steps: number;
  done: boolean;
  /** Its busy times in the window so far: counted only once it is done. */
  found: [number, number][];
  step(): void;
}

/** Every occurrence of a recurring event that reaches into [from, to), as steps. */
function expansion(event: ICAL.Event, from: number, to: number): Expansion {
  const duration = event.duration;
  const durationMs = Math.max(0, duration.toSeconds() * 1000);
  const iterator = iteratorFrom(event, from - MARGIN - durationMs);
  const startProp = event.component.getFirstProperty('dtstart');
  // RFC 5545: with DTEND, every occurrence lasts exactly as long as the first (also across a
  // daylight-saving change); a DURATION in days or weeks, and all-day events, last whole days.
  let exactMs: number | null = null;
  if (event.component.hasProperty('dtend') && !event.startDate.isDate) {
    const [start, end] = instants(event.startDate, event.endDate, event.component);
    exactMs = Math.max(0, end - start);
  } else if (!event.startDate.isDate && duration.days === 0 && duration.weeks === 0) {
    exactMs = Math.max(0, duration.toSeconds() * 1000);
  }
  // Without overrides every occurrence is the series's own (what ical.js's details would say, cheaper).
  const plain = Object.keys(event.exceptions).length === 0 && event.rangeExceptions.length === 0;
  const found: [number, number][] = [];
  const add = (start: number, end: number) => found.push([start, end]);
  const own = (next: Time) => {
    const start = instant(next, startProp);
    if (exactMs !== null) add(start, start + exactMs);
    else {
      const end = next.clone();
      end.addDuration(duration);
      add(start, instant(end, startProp));
    }
  };
  const e: Expansion = {
    steps: 0,
    done: false,
    found,
    step() {
      e.steps++;
      const next = iterator.next();
      if (!next) {
        e.done = true;
        return;
      }
      // Occurrences are first compared by their calendar date alone (no zone is more than a day from
      // UTC), so two days' margin on both sides keeps every one that could touch the window.
      const day = Date.UTC(next.year, next.month - 1, next.day);
      if (day > to + MARGIN) {
        e.done = true;
        return;
      }
      if (day + durationMs < from - MARGIN) return;
      if (plain) return own(next);
      const details = event.getOccurrenceDetails(next);
      const item = details.item;
      if (item === event && details.startDate === next) return own(next);
      // An occurrence with its own override is that override's business (added on its own). A
      // THISANDFUTURE override shifts the later occurrences: ical.js gives their times.
      if (item !== event && (!item.modifiesFuture() || !blocks(item.component))) return;
      const end = details.endDate ?? details.startDate.clone();
      add(...instants(details.startDate, end, item.component));
    },
  };
  return e;
}

/** Two days: no zone is more than a day from UTC, and an all-day date is a day long. */
const MARGIN = 2 * DAY_MS;

/** A rule's period in seconds, by frequency, for the rules that repeat the same pattern every period. */
const PERIOD_SECONDS: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
};
const WEEKDAY = /^(MO|TU|WE|TH|FR|SA|SU)$/;

/**
 * For a rule that repeats one pattern every period (every n seconds, minutes, hours, days or
 * weeks, on given weekdays for days and weeks), a later start in the same place of its pattern,
 * before `before` (ms): expanding from there gives the same occurrences from there on as from the
 * first, without walking the years between. With a COUNT, only for rules of one occurrence per
 * period, and the count is shortened by the periods jumped. Null: walk from the first start.
 */
function iteratorFrom(event: ICAL.Event, before: number): ICAL.RecurExpansion {
  const jump = jumpTo(event, before);
  if (!jump) return event.iterator();
  if (jump.count === null) return event.iterator(jump.start);
  // The count shortened on a copy of the event: ical.js counts from the start it is given.
  const copy = new ICAL.Component(structuredClone(event.component.jCal), event.component.parent);
  (copy.getFirstPropertyValue('rrule') as ICAL.Recur).count = jump.count;
  return new ICAL.RecurExpansion({ component: copy, dtstart: jump.start });
}

function jumpTo(event: ICAL.Event, before: number): { start: Time; count: number | null } | null {
  const component = event.component;
  const rules = component.getAllProperties('rrule');
  // RDATEs: ical.js starts from the first of them when it is earlier; walked as they are.
  if (rules.length !== 1 || component.hasProperty('rdate')) return null;
  const rule = (rules[0] as ICAL.Property).getFirstValue() as ICAL.Recur;
  const unit = PERIOD_SECONDS[rule.freq];
  if (!unit) return null;
  const parts = Object.keys(rule.parts);
  const byDay = rule.parts.BYDAY as string[] | undefined;
  const weekdaysOnly =
    parts.length === 1 && byDay?.every((d) => WEEKDAY.test(d)) && (rule.freq === 'DAILY' || rule.freq === 'WEEKLY');
  if (parts.length > 0 && !weekdaysOnly) return null;
  if (rule.count && parts.length > 0) return null;
  const interval = rule.interval || 1;
  // Days on given weekdays repeat every seven of their periods.
  const period = unit * interval * (rule.freq === 'DAILY' && weekdaysOnly ? 7 : 1);
  const first = event.startDate;
  // The instant roughly (its zone aside): the slack below covers it.
  const firstMs = first.toUnixTime() * 1000;
  let periods = Math.floor((before - 2 * DAY_MS - firstMs) / (period * 1000));
  if (rule.count) periods = Math.min(periods, rule.count - 1);
  if (periods <= 0) return null;
  const start = first.clone();
  if (period % 86_400 === 0) start.adjust((periods * period) / 86_400, 0, 0, 0);
  else start.adjust(0, 0, 0, periods * period);
  return { start, count: rule.count ? rule.count - periods : null };
}
