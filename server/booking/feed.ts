import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { PRACTICE_TIME_ZONE } from '../../content/practice';
import { FeedError } from './feedError';
import { feedText } from './feedText';
import { busyIndex, type BusyIndex } from './freeTimes';
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

/** The most occurrences walked through for one recurring event (a daily event since 1970 is ~20,000). */
const MAX_OCCURRENCES = 100_000;

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

/**
 * A feed's busy times over a window: what a read hands back from its parser process
 * (server/booking/feedParser.ts), and all of the feed the process keeps.
 */
export function busyOfFeed(input: FeedInput): BusyIndex {
  const text = feedText(input.bytes, input.charset, input.maxBytes);
  return busyIndex(parseFeed(text).busyBetween(input.window.from, input.window.to));
}

/** Reads a feed's text; throws FeedError if it is not an iCalendar calendar. */
export function parseFeed(text: string): ParsedFeed {
  let calendars: ICAL.Component[];
  try {
    const parsed = ICAL.parse(text) as unknown[];
    // One component, or several one after another (a feed made by joining calendars).
    const list = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[][];
    calendars = list.filter((c) => c.length > 0).map((c) => new ICAL.Component(c));
  } catch {
    throw new FeedError('not an iCalendar feed (cannot be parsed)');
  }
  if (calendars.length === 0) throw new FeedError('not an iCalendar feed (empty)');
  const other = calendars.find((c) => c.name !== 'vcalendar');
  if (other) throw new FeedError(`not an iCalendar feed (a ${other.name.toUpperCase()} instead of a VCALENDAR)`);
  const events = calendars.flatMap((c) => c.getAllSubcomponents('vevent'));
  const freeBusy = calendars.flatMap((c) => c.getAllSubcomponents('vfreebusy'));
  // Overrides (RECURRENCE-ID) belong to their series: ical.js relates them by UID.
  const masters = events.filter((e) => !e.hasProperty('recurrence-id'));
  const overrides = events.filter((e) => e.hasProperty('recurrence-id'));
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
    busyBetween(from, to) {
      try {
        return busyIn(from, to);
      } catch (err) {
        if (err instanceof FeedError) throw err;
        // A date or rule ical.js cannot read: the busy times would be incomplete.
        throw new FeedError('an event in the feed cannot be read (a date or recurrence rule is not valid)');
      }
    },
  };

  function busyIn(from: number, to: number): Interval[] {
    const busy: Interval[] = [];
    const add = (start: number, end: number) => {
      if (end > from && start < to && end > start) busy.push({ start: new Date(start), end: new Date(end) });
    };
    for (const event of series) {
      if (!blocks(event.component)) continue;
      if (event.isRecurring()) expand(event, from, to, add);
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
    return merge(busy);
  }
}

/** Whether an event (or one occurrence's override) keeps the practitioner busy. */
function blocks(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const outlook = String(component.getFirstPropertyValue('x-microsoft-cdo-busystatus') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transp !== 'TRANSPARENT' && outlook !== 'FREE';
}

/** Every occurrence of a recurring event that reaches into [from, to). */
function expand(event: ICAL.Event, from: number, to: number, add: (start: number, end: number) => void) {
  const iterator = event.iterator();
  const duration = event.duration;
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
  // Occurrences are first compared by their calendar date alone (no zone is more than a day from
  // UTC), so two days' margin on both sides keeps every one that could touch the window.
  const durationMs = Math.max(0, duration.toSeconds() * 1000);
  const MARGIN = 2 * 86_400_000;
  let count = 0;
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (++count > MAX_OCCURRENCES)
      throw new FeedError(`a recurring event repeats more than ${MAX_OCCURRENCES} times before the booking horizon`);
    const day = Date.UTC(next.year, next.month - 1, next.day);
    if (day > to + MARGIN) break;
    if (day + durationMs < from - MARGIN) continue;
    const details = event.getOccurrenceDetails(next);
    const item = details.item;
    if (item === event && details.startDate === next) {
      const start = instant(next, startProp);
      if (exactMs !== null) add(start, start + exactMs);
      else {
        const end = next.clone();
        end.addDuration(duration);
        add(start, instant(end, startProp));
      }
      continue;
    }
    // An occurrence with its own override is that override's business (added on its own). A
    // THISANDFUTURE override shifts the later occurrences: ical.js gives their times.
    if (item !== event && (!item.modifiesFuture() || !blocks(item.component))) continue;
    const end = details.endDate ?? details.startDate.clone();
    add(...instants(details.startDate, end, item.component));
  }
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
