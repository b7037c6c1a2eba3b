import ICAL from 'ical.js';
import { FeedError, type FeedBounds, type LeftOut } from './bounds';
import { touches, type KeptEvent } from './event';
import { expandAll, WATCH_EVERY } from './expansion';
import type { Sieved, SievedCalendar } from './sieve';
import { blocks, instants } from './times';
import type { BusyIndex } from '../freeTimes';
import { mergeSpans, type Interval } from '../interval';
import { DAY_MS } from '../../../views/days';

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
// Nothing else of an event is kept: not its title, place or people (sieve.ts reads the feed as it
// comes). One-off events are busy time as soon as they are read (OneOffs); series are expanded in
// expansion.ts once the feed is in, times read in times.ts.

/** A feed's busy times over a window, what was left out (by UID, and why), and the site's own events apart. */
export interface FeedBusy {
  busy: BusyIndex;
  skipped: LeftOut[];
  own: OwnEvent[];
}

/**
 * An event the site wrote into her calendar (server/booking/herCalendar/), told by its UID: kept
 * apart from the other busy times, so that a booking's own event does not count against a move of
 * that booking (booking/calendar.ts counts it as busy for everything else).
 */
export interface OwnEvent {
  uid: string;
  start: number;
  end: number;
}

/** Own events kept apart per read, at most: past it (a feed of crafted UIDs) they are plain busy times. */
const MAX_OWN = 1_000;

/** A window of time (ms). */
type Window = { from: number; to: number };

/**
 * One-off events (no recurrence, no override) made busy time as the sieve reads them: they need no
 * expansion, so of each only its interval is kept, merged with the others as they come; a feed of
 * tens of thousands of invitations in the weeks ahead keeps a few hundred kilobytes. The same
 * ical.js reading as a series' (times.ts), in a VCALENDAR holding the zones the feed defined so
 * far; an event whose zone is defined further on is left to the sieve, for the end.
 */
export class OneOffs {
  /** Their starts and ends (ms), numbers rather than an object each: a flood of them would fill the heap. */
  private starts: number[] = [];
  private ends: number[] = [];
  private merged = 0;
  private readonly calendars = new Map<
    SievedCalendar,
    { component: ICAL.Component; zones: number; tzids: Set<string> }
  >();

  /** The site's own events (by UID), kept apart. */
  readonly own: OwnEvent[] = [];

  /** `ownUids`: the UIDs the site writes (server/booking/herCalendar/); none: every event is plain busy time. */
  constructor(
    private readonly window: Window,
    private readonly ownUids: RegExp | null = null,
  ) {}

  /**
   * The sieve's taker (sieve.ts OneOffTaker): true when the event is busy time now (or not busy at
   * all). `last`: the whole feed is in, every zone it defines known (readSieved takes those left).
   */
  readonly take = (e: KeptEvent, calendar: SievedCalendar, last = false): boolean => {
    const c = this.calendarOf(calendar);
    const event = parsed(e.text);
    for (const name of ['dtstart', 'dtend']) {
      const tzid = event.getFirstProperty(name)?.getParameter('tzid');
      if (!last && typeof tzid === 'string' && !c.tzids.has(tzid)) return false;
    }
    c.component.addSubcomponent(event);
    try {
      if (!blocks(event)) return true;
      const { startDate, endDate } = new ICAL.Event(event);
      const [start, end] = instants(startDate, endDate, event);
      if (!(end > this.window.from && start < this.window.to && end > start)) return true;
      if (this.ownUids?.test(e.uid) && this.own.length < MAX_OWN) this.own.push({ uid: e.uid, start, end });
      else this.add(start, end);
      return true;
    } catch (err) {
      throw unreadable(err);
    } finally {
      c.component.removeSubcomponent(event);
    }
  };

  /** The busy times taken, with these besides, merged. */
  busyWith(intervals: readonly Interval[]): BusyIndex {
    for (const i of intervals) {
      this.starts.push(i.start.getTime());
      this.ends.push(i.end.getTime());
    }
    return mergeSpans(this.starts, this.ends);
  }

  private add(start: number, end: number) {
    this.starts.push(start);
    this.ends.push(end);
    // Merged whenever they have doubled: what is kept stays within twice the busy blocks.
    if (this.starts.length < 2 * this.merged + 1024) return;
    const merged = mergeSpans(this.starts, this.ends);
    this.starts = Array.from(merged.starts);
    this.ends = Array.from(merged.ends);
    this.merged = this.starts.length;
  }

  /** The calendar's component with every zone the sieve has read of it so far. */
  private calendarOf(calendar: SievedCalendar) {
    let c = this.calendars.get(calendar);
    if (!c) {
      c = { component: new ICAL.Component(['vcalendar', [], []]), zones: 0, tzids: new Set() };
      this.calendars.set(calendar, c);
    }
    for (; c.zones < calendar.timezones.length; c.zones++) {
      const zone = parsed(calendar.timezones[c.zones] as string);
      c.component.addSubcomponent(zone);
      c.tzids.add(String(zone.getFirstPropertyValue('tzid')));
    }
    return c;
  }
}

/** The busy times of what a sieve kept (sieve.ts) and of the one-offs taken as it read, over the window it was sieved for. */
export function busyOfSieved(
  sieved: Sieved,
  oneOffs: OneOffs,
  window: Window,
  watch: () => void,
  bounds: Pick<FeedBounds, 'rounds' | 'readSteps' | 'readCpuMs'>,
): FeedBusy {
  const feed = readSieved(sieved, oneOffs, window, watch);
  const { intervals, skipped } = feed.busyIn(window, bounds);
  return { busy: oneOffs.busyWith(intervals), skipped: [...sieved.skipped, ...skipped], own: oneOffs.own };
}

/** What ical.js makes of the kept components: the series, the moved occurrences and the free/busy periods. */
function readSieved(sieved: Sieved, oneOffs: OneOffs, window: Window, watch: () => void) {
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
      for (const text of c.timezones) calendar.addSubcomponent(parsed(text));
      for (const e of c.events) {
        if (++n % WATCH_EVERY === 0) watch();
        // A one-off left for the end (a zone the feed had not defined when it came): one at a time, as the others.
        if (!e.override && !e.recurring && oneOffs.take(e, c, true)) continue;
        if (e.override && !needed(e, lengths, window)) continue;
        const event = parsed(e.text);
        calendar.addSubcomponent(event);
        (e.override ? overrides : masters).push(event);
      }
      for (const text of c.freeBusy) {
        const fb = parsed(text);
        calendar.addSubcomponent(fb);
        freeBusy.push(fb);
      }
    }
  } catch (err) {
    if (err instanceof FeedError) throw err;
    throw new FeedError(NOT_ICALENDAR);
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
    busyIn(window: Window, bounds: Pick<FeedBounds, 'rounds' | 'readSteps' | 'readCpuMs'>) {
      try {
        return busyIn({ series, moved, freeBusy }, window, watch, bounds);
      } catch (err) {
        throw unreadable(err);
      }
    },
  };
}

/** A date or rule ical.js cannot read: the busy times would be incomplete. */
function unreadable(err: unknown): FeedError {
  if (err instanceof FeedError) return err;
  return new FeedError('an event in the feed cannot be read (a date or recurrence rule is not valid)');
}

/** The busy times of a feed's parts in the window, and the series left out (too costly to expand). */
function busyIn(
  parts: { series: ICAL.Event[]; moved: ICAL.Event[]; freeBusy: ICAL.Component[] },
  window: Window,
  watch: () => void,
  bounds: Pick<FeedBounds, 'rounds' | 'readSteps' | 'readCpuMs'>,
) {
  const { series, moved, freeBusy } = parts;
  const { from, to } = window;
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
  const skipped = expandAll(recurring, window, add, watch, bounds);
  return { intervals: busy, skipped };
}

const NOT_ICALENDAR = 'not an iCalendar feed (cannot be parsed)';

/** A component's text as ical.js reads it; throws FeedError. */
function parsed(text: string): ICAL.Component {
  try {
    return new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new FeedError(NOT_ICALENDAR);
  }
}

/** Whether an override kept by the sieve counts: its own time, or the occurrence it replaces, may reach into the window. */
function needed(e: KeptEvent, lengths: Map<string, number | null>, window: Window): boolean {
  if (e.modifiesFuture || touches(e.span, window)) return true;
  if (!lengths.has(e.uid)) return false;
  const length = lengths.get(e.uid);
  if (e.replaces === null || length === null || length === undefined) return true;
  return touches({ start: e.replaces - 4 * DAY_MS, end: e.replaces + length + 4 * DAY_MS }, window);
}
