import ICAL from 'ical.js';
import { FeedError, joinedLeftOut, type FeedBounds, type LeftOut } from './bounds';
import { touches, type KeptEvent } from './event';
import { expandAll, WATCH_EVERY, type Series } from './expansion';
import type { Sieved, SievedCalendar } from './sieve';
import { blocks, instants, knownZone } from './times';
import type { BusyIndex } from '../freeTimes';
import { mergeSpans } from '../interval';
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
// expansion.ts once the feed is in, each read by ical.js only at its turn; times read in times.ts.

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
 * tens of thousands of invitations in the weeks ahead keeps a few hundred kilobytes. The series'
 * occurrences join them the same way once the feed is in. The same
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
    // A zone not defined so far, and not one of the world's by its name, may be defined further on: the event waits for the end.
    for (const name of ['dtstart', 'dtend']) {
      const tzid = event.getFirstProperty(name)?.getParameter('tzid');
      if (!last && typeof tzid === 'string' && !c.tzids.has(tzid) && !knownZone(tzid)) return false;
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

  /** Every busy time taken, merged. */
  busy(): BusyIndex {
    return mergeSpans(this.starts, this.ends);
  }

  /** A busy time (ms), if it reaches into the window: also the series', free/busy periods' and moved occurrences' (busyOfSieved). */
  readonly add = (start: number, end: number): void => {
    if (!(end > this.window.from && start < this.window.to && end > start)) return;
    this.starts.push(start);
    this.ends.push(end);
    // Merged whenever they have doubled: what is kept stays within twice the busy blocks.
    if (this.starts.length < 2 * this.merged + 1024) return;
    const merged = mergeSpans(this.starts, this.ends);
    this.starts = Array.from(merged.starts);
    this.ends = Array.from(merged.ends);
    this.merged = this.starts.length;
  };

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
  // Every busy time goes where the one-offs' go: merged as they double, so that what is kept stays within twice the busy blocks.
  const series = readSieved(sieved, oneOffs, window, watch, oneOffs.add);
  let skipped: LeftOut[];
  try {
    skipped = expandAll(series, window, oneOffs.add, watch, bounds);
  } catch (err) {
    throw unreadable(err);
  }
  return { busy: oneOffs.busy(), skipped: joinedLeftOut(sieved.skipped, skipped), own: oneOffs.own };
}

/**
 * What ical.js makes of the kept components, one at a time: the one-offs left for the end, the
 * moved occurrences and the free/busy periods made busy time at once (`add`), and the series,
 * each to be read at its turn (expansion.ts), so that thousands of them never stand in memory
 * together as ical.js events.
 */
function readSieved(
  sieved: Sieved,
  oneOffs: OneOffs,
  window: Window,
  watch: () => void,
  add: (start: number, end: number) => void,
): Series[] {
  // An override that was kept only as its series's exception (its own time is outside the window) matters
  // only if the occurrence it replaces could reach into the window.
  const lengths = new Map<string, number | null>();
  for (const c of sieved.calendars)
    for (const e of c.events) if (!e.override && e.recurring) lengths.set(e.uid, e.lengthMs);
  // Overrides (RECURRENCE-ID) belong to their series, by UID.
  const overrides = new Map<string, KeptEvent[]>();
  const series: Series[] = [];
  let n = 0;
  try {
    for (const c of sieved.calendars) {
      // One VCALENDAR per calendar of the feed, with its VTIMEZONEs: each event's TZID is looked up in its own calendar.
      const calendar = new ICAL.Component(['vcalendar', [], []]);
      for (const text of c.timezones) calendar.addSubcomponent(parsed(text));
      const within = (text: string, use: (component: ICAL.Component) => void) => {
        const component = parsed(text);
        calendar.addSubcomponent(component);
        try {
          use(component);
        } finally {
          calendar.removeSubcomponent(component);
        }
      };
      for (const e of c.events) {
        if (++n % WATCH_EVERY === 0) watch();
        // A one-off left for the end (a zone the feed had not defined when it came): one at a time, as the others.
        if (!e.override && !e.recurring && oneOffs.take(e, c, true)) continue;
        if (!e.override) {
          series.push(seriesOf(e, calendar, overrides));
          continue;
        }
        if (!needed(e, lengths, window)) continue;
        overrides.set(e.uid, [...(overrides.get(e.uid) ?? []), e]);
        // Each override is busy at its own time, whether or not its series is in the feed (some publish
        // only the changed occurrence) and whether or not its RECURRENCE-ID still matches the rule.
        within(e.text, (component) => {
          if (blocks(component)) {
            const { startDate, endDate } = new ICAL.Event(component);
            add(...instants(startDate, endDate, component));
          }
        });
      }
      for (const text of c.freeBusy) within(text, (fb) => freeBusyOf(fb, add));
    }
  } catch (err) {
    if (err instanceof FeedError) throw err;
    throw unreadable(err);
  }
  return series;
}

/** A series to be read at its turn, in its calendar, with its overrides (those of the whole feed: ical.js relates them by UID). */
function seriesOf(e: KeptEvent, calendar: ICAL.Component, overrides: Map<string, KeptEvent[]>): Series {
  let components: ICAL.Component[] = [];
  return {
    kept: e,
    open() {
      const master = parsed(e.text);
      const exceptions = (overrides.get(e.uid) ?? []).map((o) => parsed(o.text));
      components = [master, ...exceptions];
      for (const component of components) calendar.addSubcomponent(component);
      return new ICAL.Event(master, { exceptions });
    },
    close() {
      for (const component of components) calendar.removeSubcomponent(component);
      components = [];
    },
  };
}

/** A VFREEBUSY's periods: RFC 5545's FBTYPE defaults to BUSY; BUSY-UNAVAILABLE and BUSY-TENTATIVE block as well. */
function freeBusyOf(fb: ICAL.Component, add: (start: number, end: number) => void) {
  for (const prop of fb.getAllProperties('freebusy')) {
    const type = String(prop.getParameter('fbtype') ?? 'BUSY').toUpperCase();
    if (type === 'FREE') continue;
    for (const period of prop.getValues() as ICAL.Period[]) add(...instants(period.start, period.getEnd(), null, prop));
  }
}

/** A date or rule ical.js cannot read: the busy times would be incomplete. */
function unreadable(err: unknown): FeedError {
  if (err instanceof FeedError) return err;
  return new FeedError('an event in the feed cannot be read (a date or recurrence rule is not valid)');
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
