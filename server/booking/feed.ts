import ICAL from 'ical.js';
import { FeedError } from './feedError';
import { busyIndex, type BusyIndex } from './freeTimes';
import { touches, type KeptEvent } from './feedEvent';
import { FeedSieve, type Sieved } from './feedSieve';
import { unpacked } from './feedText';
import { expandAll, WATCH_EVERY } from './feedExpansion';
import { blocks, instants } from './feedTimes';
import { mergeIntervals, type Interval } from './interval';
import { DAY_MS } from '../../views/days';

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
// Nothing else of an event is kept: not its title, place or people (feedSieve.ts reads the feed
// as it comes). Series are expanded in feedExpansion.ts, times read in feedTimes.ts.

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
 * A feed's busy times over a window: what a read hands back from its parser thread
 * (server/booking/feedParser.ts), and all of the feed the thread keeps. `watch`: called now and
 * then during the work (it may throw to stop it).
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
  return { busy: busyIndex(intervals), skipped: [...sieved.skipped, ...skipped] };
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
        return busyIn({ series, moved, freeBusy }, from, to, watch);
      } catch (err) {
        if (err instanceof FeedError) throw err;
        // A date or rule ical.js cannot read: the busy times would be incomplete.
        throw new FeedError('an event in the feed cannot be read (a date or recurrence rule is not valid)');
      }
    },
  };
}

/** The busy times of a feed's parts between `from` and `to`, and the series left out (too costly to expand). */
function busyIn(
  parts: { series: ICAL.Event[]; moved: ICAL.Event[]; freeBusy: ICAL.Component[] },
  from: number,
  to: number,
  watch: () => void,
) {
  const { series, moved, freeBusy } = parts;
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
  return { intervals: mergeIntervals(busy), skipped };
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
  return touches({ start: e.replaces - 4 * DAY_MS, end: e.replaces + length + 4 * DAY_MS }, window);
}
