import { ICalAlarmType } from 'ical-generator';
import { DateTime } from 'luxon';
import { visitorMails } from '../../content/visitorMails';
import { fill } from '../../views/format';
import type { AnswerRequest } from '../booking/decision/token';
import { practiceCalendar } from './practiceCalendar';
import { cancellationDeadline, placeOf, sender, visitorPhone, zone } from './visitorParts';

// A confirmed session in the visitor's calendar: the iCalendar event attached to the confirmation
// (visitorMail.ts), and links that open Google's and Outlook's web calendars with it filled in.
// Discreet: the title names whom it is with, never what.

/** Bidi isolates and no-break spaces out: for a web calendar's address bar. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');

/** '20270114T090000Z' */
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Links that open Google's and Outlook's web calendars with the event filled in: the discreet title, the time and the place, nothing else. */
export function calendarLinks(r: AnswerRequest, videoUrl: string | null): { google: string; outlook: string } {
  const title = fill(visitorMails[r.lang].event.summary, { practitioner: visitorMails[r.lang].practitioner });
  const location = plain(placeOf(r, videoUrl));
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
  const minutes = Math.round(ms / 60_000);
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  return `-PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

/**
 * The session as an event for the visitor's calendar: a title that names whom it is with and not
 * what, the clinic with its floor (or the video room) as location, the practice's phone dialable
 * and isolated, and a reminder at the cancellation deadline.
 */
export function visitorEvent(r: AnswerRequest, now: Date, mailFrom: string, videoUrl: string | null): string {
  const t = visitorMails[r.lang].event;
  const domain = sender(mailFrom).address.split('@')[1] ?? 'localhost';
  const summary = fill(t.summary, { practitioner: visitorMails[r.lang].practitioner });
  const calendar = practiceCalendar(r.lang);
  const description = fill(t.description, { phone: visitorPhone(r) });
  const event = calendar.createEvent({
    // The request's id: imported twice, the same event.
    id: `${r.id}@${domain}`,
    start: DateTime.fromJSDate(r.start, { zone }),
    end: DateTime.fromJSDate(r.end, { zone }),
    timezone: zone,
    stamp: now,
    summary,
    description: r.format === 'online' && !videoUrl ? `${description}\n${t.onlineNote}` : description,
    location: placeOf(r, videoUrl),
    ...(r.format === 'online' && videoUrl ? { url: videoUrl } : {}),
  });
  // Apple Calendar and Outlook honour an imported alarm (Google ignores it): when there is still time to cancel.
  const before = r.start.getTime() - cancellationDeadline(r.start).getTime();
  event.createAlarm({ type: ICalAlarmType.display, trigger: before / 1000, description: summary });
  return calendar.toString().replace(/^TRIGGER:.*$/m, `TRIGGER:${exactBefore(before)}`);
}
