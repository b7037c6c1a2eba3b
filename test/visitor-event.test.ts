import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { visitorEvent } from '../server/mail/visitorEvent';
import { answerRequestAt } from './support/booking';

// The alarm in the visitor's event rings at the cancellation deadline (12.00 the day before, and
// at least 24 hours before) in Danish time, whatever the calendar's own zone: a trigger relative
// to the start, in exact hours and minutes, read by a calendar library (ical.js) as RFC 5545 says.

const zone = 'Europe/Copenhagen';

function eventAt(local: string) {
  const start = DateTime.fromISO(local, { zone }).toJSDate();
  const r = answerRequestAt(start);
  const ics = visitorEvent(r, new Date('2026-11-25T12:00:00Z'), 'Hjemmesiden <web@example.dk>', null, {
    uid: r.id,
    sequence: 0,
    manage: null,
  });
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return { ics, event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!) };
}

test.each([
  // 24 hours before comes first before noon; noon the day before after it.
  ['2027-01-14T10:00', '2027-01-13T10:00', '-PT24H'],
  ['2027-01-14T14:30', '2027-01-13T12:00', '-PT26H30M'],
  ['2027-06-17T09:00', '2027-06-16T09:00', '-PT24H'],
  // Across the change to summer time (28 March 2027, 02.00): 24 hours, not a calendar day of 23.
  ['2027-03-28T10:00', '2027-03-27T09:00', '-PT24H'],
  ['2027-03-29T09:00', '2027-03-28T09:00', '-PT24H'],
])('a session at %s (Danish time) rings at the deadline %s', (start, deadline, trigger) => {
  const { ics, event } = eventAt(start);
  // Relative to the start, never an absolute time (which without its Z would float in the reader's zone).
  expect(ics).toContain(`\r\nTRIGGER:${trigger}\r\n`);
  expect(ics).not.toMatch(/TRIGGER;VALUE=DATE-TIME/);
  const alarm = event.component.getFirstSubcomponent('valarm')!.getFirstProperty('trigger')!;
  expect(alarm.type).toBe('duration');
  const ringsAt = event.startDate.convertToZone(ICAL.Timezone.utcTimezone);
  ringsAt.addDuration(alarm.getFirstValue() as ICAL.Duration);
  expect(DateTime.fromSeconds(ringsAt.toUnixTime(), { zone }).toFormat("yyyy-MM-dd'T'HH:mm")).toBe(deadline);
});
