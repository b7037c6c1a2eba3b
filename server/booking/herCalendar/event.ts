import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency, type ICalCalendar } from 'ical-generator';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { bookingRules } from '../../../content/booking';
import { danish } from '../../../content/danish';
import { herCalendar as t } from '../../../content/herCalendar';
import { siteTexts } from '../../../content/siteTexts';
import { fill } from '../../../views/format';
import { oneLine } from '../../../views/oneLine';
import { icalText } from '../../mail/practiceCalendar';
import { dialled } from '../dialled';
import type { Session } from './seal';

// A confirmed session as an event in her calendar, the same in the CalDAV object and at the
// subscription address: its UID fixed by the booking, its times in Europe/Copenhagen with the
// zone's VTIMEZONE (never floating, never only UTC: every calendar shows the Danish hour), the
// service and the client's name as its title, the place or video room, the phone; nothing the
// client wrote, no ORGANIZER and no ATTENDEE, so that no calendar server mails the client.
// Read back, an event is compared by its times and its words, whatever the server re-wrote.

const zone = bookingRules.timeZone;

/** What the event is made from besides the session. */
export interface EventContext {
  uid: string;
  /** Bumped with every version of what is wanted (a move). */
  sequence: number;
  now: Date;
  videoUrl: string | null;
}

/** The event's words as a calendar reads them back (a server may re-fold or re-order the lines). */
interface Words {
  summary: string;
  description: string;
  location: string;
}

/** '<start ms>/<end ms>': how the site recognises the times it wrote. */
export const timesOf = (start: Date, end: Date): string => `${start.getTime()}/${end.getTime()}`;

function wordsOf(s: Session, videoUrl: string | null): Words & { url?: string } {
  const phone = s.phone ? dialled(oneLine(s.phone)).text : t.event.noPhone;
  const online = s.format === 'online';
  const description = fill(t.event.description, { format: danish.booking.flow.formats[s.format], phone });
  return {
    summary: fill(t.event.summary, { service: danish.prices.prices[s.service].label, name: oneLine(s.name) }),
    description: online && !videoUrl ? `${description}\n${t.event.sendVideoLink}` : description,
    location: online ? (videoUrl ?? t.event.online) : siteTexts.da.practice.address.oneLine,
    ...(online && videoUrl ? { url: videoUrl } : {}),
  };
}

/** A calendar to put sessions in: METHOD:PUBLISH for the subscription, none for a CalDAV object. */
export function sessionCalendar(options: { publish?: { name: string; refreshHours: number } } = {}): ICalCalendar {
  const { publish } = options;
  return ical({
    prodId: { company: 'psykolog-aalborg', product: 'Booking', language: 'DA' },
    // No calendar-wide zone (DTSTAMP keeps its Z); each event's VTIMEZONE is written.
    timezone: { name: null, generator: getVtimezoneComponent },
    // ical-generator writes the name (NAME, X-WR-CALNAME) as it is given: a text of hers, written as iCalendar TEXT here.
    ...(publish
      ? { method: ICalCalendarMethod.PUBLISH, name: icalText(publish.name), ttl: publish.refreshHours * 3600 }
      : {}),
  });
}

/** The session as an event in `calendar`. */
export function addSession(calendar: ICalCalendar, s: Session, c: EventContext): void {
  const { url, ...words } = wordsOf(s, c.videoUrl);
  calendar.createEvent({
    id: c.uid,
    sequence: c.sequence,
    // As luxon dates in the zone: a plain Date's time of day would be written as the server's own.
    start: DateTime.fromJSDate(s.start, { zone }),
    end: DateTime.fromJSDate(s.end, { zone }),
    timezone: zone,
    stamp: c.now,
    status: ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
    ...words,
    ...(url ? { url } : {}),
  });
}

/** One session as a CalDAV object's text. */
export function sessionObject(s: Session, c: EventContext): string {
  const calendar = sessionCalendar();
  addSession(calendar, s, c);
  return calendar.toString();
}

/** What a calendar holds under the event's name, as the site compares it: its times and words; null: no such event. */
export interface ReadBack extends Words {
  times: string;
}

/** The event with `uid` in an object's text, read with ical.js; null when it is not there or cannot be read. */
export function readBack(text: string, uid: string): ReadBack | null {
  try {
    const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const zones = new Map<string, ICAL.Timezone>();
    for (const z of root.getAllSubcomponents('vtimezone')) {
      const timezone = new ICAL.Timezone(z);
      zones.set(timezone.tzid, timezone);
    }
    const event = root
      .getAllSubcomponents('vevent')
      .find((e) => e.getFirstPropertyValue('uid') === uid && !e.hasProperty('recurrence-id'));
    if (!event) return null;
    const at = (name: string) => instant(event.getFirstProperty(name), zones);
    const word = (name: string) => String(event.getFirstPropertyValue(name) ?? '');
    return {
      times: timesOf(at('dtstart'), at('dtend')),
      summary: word('summary'),
      description: word('description'),
      location: word('location'),
    };
  } catch {
    return null;
  }
}

/** A DTSTART or DTEND as an instant: UTC, in the zone the object defines, or (a server that dropped the VTIMEZONE) the IANA zone it names. */
function instant(property: ICAL.Property | null, zones: Map<string, ICAL.Timezone>): Date {
  const time = property?.getFirstValue() as ICAL.Time | undefined;
  if (!time) throw new Error('no time');
  const tzid = property?.getParameter('tzid');
  if (typeof tzid !== 'string' || time.zone === ICAL.Timezone.utcTimezone) return time.toJSDate();
  const defined = zones.get(tzid);
  if (defined) {
    const zoned = time.clone();
    zoned.zone = defined;
    return zoned.toJSDate();
  }
  const { year, month, day, hour, minute, second } = time;
  return DateTime.fromObject({ year, month, day, hour, minute, second }, { zone: tzid }).toJSDate();
}

/** Whether what is there has the words the site writes for `s` (its times are compared apart). */
export function sameWords(there: ReadBack, s: Session, videoUrl: string | null): boolean {
  const ours = wordsOf(s, videoUrl);
  return there.summary === ours.summary && there.description === ours.description && there.location === ours.location;
}
