import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { PRACTICE_TIME_ZONE } from '../../content/practice';
import { FeedError } from './feedError';
import { busyIndex, type BusyIndex } from './freeTimes';
import { FeedSieve, touches, type KeptEvent, type Sieved } from './feedSieve';
import { unpacked } from './feedText';
import { instantOf, isKnownZone } from './localTime';
import type { Interval } from './interval';

// An iCalendar feed read into the times it says are busy, with ical.js (Mozilla's iCalendar
// library: recurrence rules with EXDATE, RDATE and RECURRENCE-ID overrides, VTIMEZONE
// definitions). What the providers publish and how it is read:
// - VEVENT: timed, all-day (VALUE=DATE) and multi-day, one-off or recurring. Not busy: marked free
//   (TRANSP:TRANSPARENT, or Outlook's X-MICROSOFT-CDO-BUSYSTATUS:FREE) or cancelled
//   (STATUS:CANCELLED), the whole series or one occurrence.
// - VFREEBUSY (Fastmail's free/busy address): FREEBUSY periods, busy unless FBTYPE=FREE.
// - Times: UTC; a TZID the feed defines in a VTIMEZONE (Google, iCloud, Nextcloud, Outlook's
//   Windows names such as "Romance Standard Time") by that definition; a TZID it does not define
//   by its IANA name, or a Windows name's IANA zone; floating times and all-day dates in the
//   practice's zone (Europe/Copenhagen).
// Nothing else of an event is kept: not its title, place or people.

const DAY = 86_400_000;

/**
 * The steps (occurrences walked) and the time a recurring event may take, in rounds: every event
 * first gets the first bound, then those not finished the next, and so on while the read's steps
 * and time last. A weekly or daily series jumps to the window and finishes in the first round, a
 * monthly one walked from 1970 (under 700 steps) in the second; what needs more than the last is
 * left out. The time bounds (CPU time) are a safety net for rules whose single step ical.js makes long.
 */
const ROUNDS = [
  { steps: 100, ms: 100 },
  { steps: 1_000, ms: 500 },
  { steps: 5_000, ms: 1_000 },
];
/** The most steps, and CPU time, one read takes for all its recurring events together. */
const READ_STEPS = 200_000;
const READ_MS = 5_000;
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
const SUB_DAILY = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);
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

/** How often (in steps and events) the expansion lets its watcher look (feedParser.ts: the parent, the deadline). */
const WATCH_EVERY = 1024;

type Time = ICAL.Time;

export interface ParsedFeed {
  /** Busy times between two instants (ms), sorted by start, overlapping ones merged. */
  busyBetween(from: number, to: number): Interval[];
}

/** What a read is given: the feed's bytes as they came, and what its answer declared. */
export interface FeedInput {
  bytes: Uint8Array;
  charset: string | null;
  /** The busy times wanted: from and to (ms). */
  window: { from: number; to: number };
  maxBytes: number;
}

/** A feed's busy times over a window, and the recurring events skipped (their UIDs). */
export interface FeedBusy {
  busy: BusyIndex;
  /** Recurring events left out because they repeat more often than a read may expand (UIDs, never titles). */
  skipped: string[];
}

/**
 * A feed's busy times over a window: what a read hands back from its parser process
 * (server/booking/feedParser.ts), and all of the feed the process keeps. `watch`: called now and
 * then during the work (it may throw to stop it, or end the process).
 */
export function busyOfFeed(input: FeedInput, watch: () => void = () => undefined): FeedBusy {
  const sieve = new FeedSieve(input.window, input.charset);
  sieve.push(unpacked(input.bytes, input.maxBytes));
  return busyOfSieved(sieve.end(), input.window, watch);
}

/** The busy times of what a sieve kept (feedSieve.ts), over the window it was sieved for. */
export function busyOfSieved(sieved: Sieved, window: { from: number; to: number }, watch: () => void): FeedBusy {
  const feed = readSieved(sieved, window, watch);
  const { intervals, skipped } = feed.busyIn(window.from, window.to);
  return { busy: busyIndex(intervals), skipped };
}

/** Reads a whole feed's text (for tests: no window, nothing dropped); throws FeedError if it is not an iCalendar calendar. */
export function parseFeed(text: string): ParsedFeed {
  const everything = { from: -Infinity, to: Infinity };
  const sieve = new FeedSieve(everything, 'utf-8');
  sieve.push(new TextEncoder().encode(text));
  const feed = readSieved(sieve.end(), everything, () => undefined);
  return { busyBetween: (from, to) => feed.busyIn(from, to).intervals };
}

/** What ical.js makes of the kept components: the series, the moved occurrences and the free/busy periods. */
function readSieved(sieved: Sieved, window: { from: number; to: number }, watch: () => void) {
  const masters: ICAL.Component[] = [];
  const overrides: ICAL.Component[] = [];
  const freeBusy: ICAL.Component[] = [];
  // An override that was kept only as its series's exception (its own time is outside the window) matters
  // only if the occurrence it replaces could reach into the window.
  const lengths = new Map<string, number | null>();
  for (const c of sieved.calendars)
    for (const e of c.events) if (!e.override && e.recurring) lengths.set(e.uid, e.lengthMs);
  let n = 0;
  try {
    for (const c of sieved.calendars) {
      // One VCALENDAR per calendar of the feed, with its VTIMEZONEs: each event's TZID is looked up in its own calendar.
      const calendar = new ICAL.Component(['vcalendar', [], []]);
      for (const text of c.timezones) calendar.addSubcomponent(component(text));
      for (const e of c.events) {
        if (++n % WATCH_EVERY === 0) watch();
        if (e.override && !needed(e, lengths, window)) continue;
        const event = component(e.text);
        calendar.addSubcomponent(event);
        (e.override ? overrides : masters).push(event);
      }
      for (const text of c.freeBusy) {
        const fb = component(text);
        calendar.addSubcomponent(fb);
        freeBusy.push(fb);
      }
    }
  } catch (err) {
    if (err instanceof FeedError) throw err;
    throw new FeedError('not an iCalendar feed (cannot be parsed)');
  }
  // Overrides (RECURRENCE-ID) belong to their series: ical.js relates them by UID.
  const byUid = new Map<string, ICAL.Component[]>();
  for (const o of overrides) {
    const uid = String(o.getFirstPropertyValue('uid'));
    byUid.set(uid, [...(byUid.get(uid) ?? []), o]);
  }
  const series = masters.map(
    (component) =>
      new ICAL.Event(component, { exceptions: byUid.get(String(component.getFirstPropertyValue('uid'))) ?? [] }),
  );
  // Each override is busy at its own time, whether or not its series is in the feed (some publish
  // only the changed occurrence) and whether or not its RECURRENCE-ID still matches the rule.
  const moved = overrides.map((component) => new ICAL.Event(component));

  return {
    busyIn(from: number, to: number) {
      try {
        return busyIn(from, to);
      } catch (err) {
        if (err instanceof FeedError) throw err;
        // A date or rule ical.js cannot read: the busy times would be incomplete.
        throw new FeedError('an event in the feed cannot be read (a date or recurrence rule is not valid)');
      }
    },
  };

  function busyIn(from: number, to: number) {
    const busy: Interval[] = [];
    const add = (start: number, end: number) => {
      if (end > from && start < to && end > start) busy.push({ start: new Date(start), end: new Date(end) });
    };
    const recurring: ICAL.Event[] = [];
    for (const event of series) {
      if (!blocks(event.component)) continue;
      if (event.isRecurring()) recurring.push(event);
      else add(...instants(event.startDate, event.endDate, event.component));
    }
    for (const event of moved) {
      if (blocks(event.component)) add(...instants(event.startDate, event.endDate, event.component));
    }
    for (const fb of freeBusy) {
      for (const prop of fb.getAllProperties('freebusy')) {
        // RFC 5545: FBTYPE defaults to BUSY; BUSY-UNAVAILABLE and BUSY-TENTATIVE block as well.
        const type = String(prop.getParameter('fbtype') ?? 'BUSY').toUpperCase();
        if (type === 'FREE') continue;
        for (const period of prop.getValues() as ICAL.Period[]) {
          add(...instants(period.start, period.getEnd(), null, prop));
        }
      }
    }
    const skipped = expandAll(recurring, from, to, add, watch);
    return { intervals: merge(busy), skipped };
  }
}

function component(text: string): ICAL.Component {
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

/** Whether an override kept by the sieve counts: its own time, or the occurrence it replaces, may reach into the window. */
function needed(e: KeptEvent, lengths: Map<string, number | null>, window: { from: number; to: number }): boolean {
  if (e.modifiesFuture || touches(e.span, window)) return true;
  if (!lengths.has(e.uid)) return false;
  const length = lengths.get(e.uid);
  if (e.replaces === null || length === null || length === undefined) return true;
  return touches({ start: e.replaces - 4 * DAY, end: e.replaces + length + 4 * DAY }, window);
}

/**
 * Every recurring event's occurrences in [from, to), each within its bound of steps, all within
 * the read's (ROUNDS, READ_STEPS). What exceeds its bound is left out whole (its UID returned),
 * so that one event cannot take the others' busy times with it, nor the read's time.
 */
function expandAll(
  recurring: ICAL.Event[],
  from: number,
  to: number,
  add: (start: number, end: number) => void,
  watch: () => void,
): string[] {
  let left = READ_STEPS;
  const end = cpuMs() + READ_MS;
  const skipped: string[] = [];
  let pending: Expansion[] = [];
  // Rules more frequent than daily last: no practice keeps one, so they cannot use up the others' share.
  const subDaily = (event: ICAL.Event) => (SUB_DAILY.has(rrule(event)?.freq ?? '') ? 1 : 0);
  for (const event of [...recurring].sort((a, b) => subDaily(a) - subDaily(b))) {
    const rules = event.component.getAllProperties('rrule').map((p) => p.getFirstValue() as ICAL.Recur);
    if (rules.every(expandable)) pending.push(expansion(event, from, to));
    else skipped.push(uidOf(event));
  }
  for (const bound of ROUNDS) {
    const unfinished: Expansion[] = [];
    for (const e of pending) {
      const started = cpuMs();
      const stop = Math.min(end, started + bound.ms - e.ms);
      while (e.steps < bound.steps && left > 0 && !e.done) {
        e.step();
        left--;
        if (left % WATCH_EVERY === 0) watch();
        if (left % 16 === 0 && cpuMs() > stop) break;
      }
      e.ms += cpuMs() - started;
      if (e.done) for (const [s, end] of e.found) add(s, end);
      else unfinished.push(e);
    }
    pending = unfinished;
  }
  return [...skipped, ...pending.map((e) => uidOf(e.event))];
}

/**
 * The CPU time this process has used (ms): the time bounds count work, not the wall clock, so
 * that a machine busy with other work (the parser runs below the server's priority) leaves no
 * series out that an idle one would expand.
 */
function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

function rrule(event: ICAL.Event): ICAL.Recur | undefined {
  return event.component.getFirstPropertyValue('rrule') as ICAL.Recur | undefined;
}

/** An event's UID as a log may show it: printable, short. */
function uidOf(event: ICAL.Event): string {
  return String(event.component.getFirstPropertyValue('uid') ?? '(no UID)')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 120);
}

/** Whether an event (or one occurrence's override) keeps the practitioner busy. */
function blocks(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const outlook = String(component.getFirstPropertyValue('x-microsoft-cdo-busystatus') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transp !== 'TRANSPARENT' && outlook !== 'FREE';
}

/** A recurring event's expansion over a window, one occurrence per step. */
interface Expansion {
  event: ICAL.Event;
  steps: number;
  /** Time taken so far (ms). */
  ms: number;
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
    event,
    steps: 0,
    ms: 0,
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
const MARGIN = 2 * DAY;

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
  let periods = Math.floor((before - 2 * DAY - firstMs) / (period * 1000));
  if (rule.count) periods = Math.min(periods, rule.count - 1);
  if (periods <= 0) return null;
  const start = first.clone();
  if (period % 86_400 === 0) start.adjust((periods * period) / 86_400, 0, 0, 0);
  else start.adjust(0, 0, 0, periods * period);
  return { start, count: rule.count ? rule.count - periods : null };
}

/**
 * A start and an end as instants (ms). All-day dates are local midnights in the practice's zone;
 * a DATE-TIME is read in its own zone (see the top of this file).
 */
function instants(start: Time, end: Time, component: ICAL.Component | null, prop?: ICAL.Property): [number, number] {
  const startProp = prop ?? component?.getFirstProperty('dtstart') ?? null;
  const endProp = prop ?? component?.getFirstProperty('dtend') ?? startProp;
  return [instant(start, startProp), instant(end, endProp)];
}

function instant(time: Time | null, prop: ICAL.Property | null): number {
  if (!time) throw new FeedError('an event in the feed has no start (DTSTART)');
  if (time.isDate)
    return instantOf(
      { year: time.year, month: time.month, day: time.day, hour: 0, minute: 0, second: 0 },
      PRACTICE_TIME_ZONE,
    );
  // UTC, or a zone the feed defines: ical.js knows the offset.
  if (time.zone === ICAL.Timezone.utcTimezone || definedZone(time)) return time.toUnixTime() * 1000;
  const tzid = prop?.getParameter('tzid');
  const zone = typeof tzid === 'string' ? zoneNamed(tzid) : PRACTICE_TIME_ZONE;
  return instantOf(
    { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second },
    zone,
  );
}

/** Whether ical.js read this time's zone from a VTIMEZONE in the feed. */
function definedZone(time: Time): boolean {
  const zone = time.zone as ICAL.Timezone | null | undefined;
  return Boolean(zone?.component && zone !== ICAL.Timezone.localTimezone);
}

/** A TZID the feed does not define: an IANA name, a Windows name (Outlook), or else the practice's zone. */
function zoneNamed(tzid: string): string {
  const name = tzid.replace(/^"|"$/g, '').trim();
  if (isKnownZone(name)) return name;
  const iana = findIana(name)[0];
  if (iana && isKnownZone(iana)) return iana;
  return PRACTICE_TIME_ZONE;
}

/** Sorted by start, overlapping and touching intervals joined (so that ends never go backwards). */
function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start.getTime() <= last.end.getTime()) {
      if (i.end.getTime() > last.end.getTime()) last.end = i.end;
    } else {
      out.push({ start: i.start, end: i.end });
    }
  }
  return out;
}
