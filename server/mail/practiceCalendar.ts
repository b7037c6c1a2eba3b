import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, type ICalCalendar } from 'ical-generator';
import { practice } from '../../content/practice';

// The calendar file the practice's events travel in (booking.ics to her, the session's .ics to the
// client, its cancellation): one event, METHOD:PUBLISH (or CANCEL), the practice's name in PRODID. ical-generator escapes the
// event's texts (SUMMARY, DESCRIPTION, LOCATION) but writes PRODID as it is given, so a line break
// in the name would start calendar lines of its own: the name is written as iCalendar TEXT here.

/** iCalendar TEXT (RFC 5545, 3.3.11): backslash, semicolon and comma escaped, a line break as \n, any other control character a space. */
export function icalText(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\p{Cc}\u2028\u2029]/gu, ' ');
}

/** An empty calendar of the practice's in `lang` (PUBLISH: an entry to add or replace; CANCEL): events added to it carry their VTIMEZONE. */
export function practiceCalendar(lang: string, method = ICalCalendarMethod.PUBLISH): ICalCalendar {
  return ical({
    method,
    prodId: `//${icalText(practice.name)}//Booking//${lang.toUpperCase()}`,
    // No calendar-wide zone (with one, DTSTAMP would lose its Z); the generator still writes each
    // event's VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
}
