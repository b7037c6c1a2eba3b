import { ICalAlarmType, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { manageTexts } from '../../content/manageTexts';
import { visitorMails } from '../../content/visitorMails';
import { fill } from '../../views/format';
import { cancellationDeadline } from '../booking/deadline';
import type { AnswerRequest } from '../booking/decision/token';
import { fullDayLabel, timeLabel } from '../booking/when';
import { practiceCalendar } from './practiceCalendar';
import { placeOf, sender, visitorPhone, zone } from './visitorParts';
import { MINUTE_MS } from '../../views/days';

// A confirmed session in the visitor's calendar: the iCalendar event attached to the confirmation
// (visitorMail.ts), and links that open Google's and Outlook's web calendars with it filled in.
// Discreet: the title names whom it is with, never what.

/** Bidi isolates and no-break spaces out: for a web calendar's address bar. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');

/**
 * Where the session is, as data a calendar hands to a maps search (LOCATION, a web calendar's
 * field): plain, without the isolates that keep it in order in rendered Persian text.
 */
const placeData = (r: AnswerRequest, videoUrl: string | null) => plain(placeOf(r, videoUrl));

/** '20270114T090000Z' */
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Links that open Google's and Outlook's web calendars with the event filled in: the discreet title, the time and the place, nothing else. */
export function calendarLinks(r: AnswerRequest, videoUrl: string | null): { google: string; outlook: string } {
  const title = fill(visitorMails[r.lang].event.summary, { practitioner: visitorMails[r.lang].practitioner });
  const location = placeData(r, videoUrl);
  const google = new URLSearchParams({
    action: 'TEMPLATE',
    text: title,
    dates: `${utcStamp(r.start)}/${utcStamp(r.end)}`,
    location,
  });
  const outlook = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: title,
    startdt: r.start.toISOString(),
    enddt: r.end.toISOString(),
    location,
  });
  return {
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: `https://outlook.live.com/calendar/0/deeplink/compose?${outlook}`,
  };
}

/**
 * A trigger before the start in hours and minutes ('-PT26H30M'): relative to the start, the form
 * every calendar reads (Outlook keeps reminders as minutes before the start), and exact, where
 * the library's days ('-P1DT2H30M') are calendar days that a change to summer time lengthens or
 * shortens by an hour (RFC 5545, 3.3.6). An absolute time would have to be UTC: without its Z
 * (as the library writes it in an event with a zone) it rings in the reader's own local time.
 */
function exactBefore(ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS);
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  return `-PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

/**
 * Which event it is in her calendar: the UID (the appointment's first request's id, so that an
 * event imported twice, moved or cancelled is the same entry), its SEQUENCE (0, 1 once moved,
 * one more for a cancellation), and her manage link for its description (null: none).
 */
export interface EventIdentity {
  uid: string;
  sequence: number;
  manage: string | null;
}

/** The event's calendar, for `r`'s language: METHOD:PUBLISH (an entry to add or replace) or CANCEL. */
function eventCalendar(r: Pick<AnswerRequest, 'lang'>, method: ICalCalendarMethod) {
  return practiceCalendar(r.lang, method);
}

/** The event's fields both a confirmation and a cancellation carry. */
function eventBase(r: AnswerRequest, now: Date, mailFrom: string, videoUrl: string | null, id: EventIdentity) {
  const domain = sender(mailFrom).address.split('@')[1] ?? 'localhost';
  return {
    id: `${id.uid}@${domain}`,
    sequence: id.sequence,
    // As luxon dates in the zone: the library writes a plain Date's time of day as the server's own.
    start: DateTime.fromJSDate(r.start, { zone }),
    end: DateTime.fromJSDate(r.end, { zone }),
    timezone: zone,
    stamp: now,
    summary: fill(visitorMails[r.lang].event.summary, { practitioner: visitorMails[r.lang].practitioner }),
    location: placeData(r, videoUrl),
  };
}

/**
 * The session as an event for the visitor's calendar: a title that names whom it is with and not
 * what, the clinic with its floor (or the video room) as location, the free deadline, the
 * practice's phone dialable and isolated, her manage link, and a reminder at the deadline that
 * says so.
 */
export function visitorEvent(
  r: AnswerRequest,
  now: Date,
  mailFrom: string,
  videoUrl: string | null,
  id: EventIdentity,
): string {
  const t = visitorMails[r.lang].event;
  const calendar = eventCalendar(r, ICalCalendarMethod.PUBLISH);
  // The free deadline first: the alarm rings then, and the description is what a calendar shows of the event.
  const deadline = cancellationDeadline(r.start);
  const lastFree = fill(t.deadline, { day: fullDayLabel(deadline, r.lang), time: timeLabel(deadline, r.lang) });
  const lines = [
    lastFree,
    fill(t.description, { phone: visitorPhone(r) }),
    ...(r.format === 'online' && !videoUrl ? [t.onlineNote] : []),
    ...(id.manage ? [fill(manageTexts[r.lang].mails.eventLine, { url: id.manage })] : []),
  ];
  const base = eventBase(r, now, mailFrom, videoUrl, id);
  const event = calendar.createEvent({
    ...base,
    description: lines.join('\n'),
    ...(r.format === 'online' && videoUrl ? { url: videoUrl } : {}),
  });
  const summary = base.summary;
  // Apple Calendar and Outlook honour an imported alarm (Google ignores it): when there is still time to cancel.
  const before = r.start.getTime() - deadline.getTime();
  event.createAlarm({ type: ICalAlarmType.display, trigger: before / 1000, description: `${lastFree}\n${summary}` });
  return calendar.toString().replace(/^TRIGGER:.*$/m, `TRIGGER:${exactBefore(before)}`);
}

/** The same event cancelled (METHOD:CANCEL, STATUS:CANCELLED, the same UID, its SEQUENCE one higher): calendar apps take it out. */
export function cancelledEvent(
  r: AnswerRequest,
  now: Date,
  mailFrom: string,
  id: Omit<EventIdentity, 'manage'>,
): string {
  const calendar = eventCalendar(r, ICalCalendarMethod.CANCEL);
  calendar.createEvent({
    ...eventBase(r, now, mailFrom, null, { ...id, manage: null }),
    status: ICalEventStatus.CANCELLED,
  });
  return calendar.toString();
}
