import { danish } from '../../content/danish';
import { siteTexts } from '../../content/siteTexts';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { bookingRules, type BookableService } from '../../content/booking';
import { bookingMail as t } from '../../content/bookingMail';
import { practice } from '../../content/practice';
import { priceById } from '../../content/prices';
import { fill } from '../../views/format';
import { oneLine } from '../../views/oneLine';
import { dialled } from '../booking/dialled';
import { formatPrice } from '../../views/formatPage';
import { herCalendarWay, type Config } from '../process/config';
import { danishWhen, fullDayLabel, timeLabel } from '../booking/when';
import type { AnswerLinks } from '../booking/decision/links';
import type { SessionRequest } from '../booking/request';
import { html, type Markup } from './html';
import { practiceCalendar } from './practiceCalendar';
import {
  answerButton,
  danishTime,
  danishUntil,
  detailsTable,
  mailtoAddress,
  practiceDocument,
  replyAddress,
  typedHeader,
  type PracticeMail,
} from './practiceParts';
import { quoted } from './quoted';

// What the practitioner reads for each booking request (encrypted whole when the practice has a
// key, as every mail to the practice is: server/mail/message.ts): the service, the time in Danish
// time, clinic or online, the visitor's language, name, email, phone, note and consent time, in
// plain text and HTML where nothing the visitor typed is markup. Attached: the time as an
// iCalendar event (METHOD:PUBLISH, no organizer or attendees) that she adds to her calendar with
// one click, and that mails nobody when she does.

/** '50 min., 1.200 kr.' */
function serviceDetail(service: BookableService): string {
  const price = priceById(service);
  // As the price page says it: 'op til 50 min.' where the length is a limit (a child's session).
  const minutes = fill(price?.upTo ? danish.prices.duration.upTo : danish.prices.duration.minutes, {
    n: String(price?.minutes ?? ''),
  });
  return fill(t.serviceDetail, { minutes, price: price?.amount ? formatPrice(price.amount, 'da') : '' });
}

const zone = bookingRules.timeZone;

/** The event, in Europe/Copenhagen with its VTIMEZONE, so that every calendar shows the same local time. */
function bookingEvent(r: SessionRequest, receivedAt: Date, mailFrom: string, videoUrl: string | null): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  const calendar = practiceCalendar('da');
  const phone = dialled(oneLine(r.phone)).text;
  calendar.createEvent({
    id: `${randomUUID()}@${domain}`,
    // As luxon dates in the zone: ical-generator writes a plain Date's time of day as the server's own.
    start: DateTime.fromJSDate(r.start, { zone }),
    end: DateTime.fromJSDate(r.end, { zone }),
    timezone: zone,
    stamp: receivedAt,
    summary: fill(t.event.summary, { service: danish.prices.prices[r.service].label, name: oneLine(r.name) }),
    description: [
      fill(t.event.description, {
        format: danish.booking.flow.formats[r.format],
        phone,
        // The address the Reply-To gives, its domain lower-cased alike.
        email: replyAddress(r.email),
      }),
      // Her promise to the client, where she will see it on the day.
      ...(r.format === 'online' && !videoUrl ? [fill(t.event.sendVideoLink, { email: replyAddress(r.email) })] : []),
    ].join('\n'),
    location:
      r.format === 'online'
        ? (videoUrl ?? t.event.online)
        : `${practice.address.street}, ${practice.address.postalCode} ${practice.address.city}`,
  });
  return calendar.toString();
}

/**
 * The mail to the practice. `heldUntil`: when the hold lapses (every request is held: in this
 * process while the shared store fails). `links`: the answer page's two links (server/booking/decision/links.ts).
 */
export function composeBookingMail(
  config: Pick<Config, 'mailTo' | 'mailFrom' | 'booking' | 'herCalendar'>,
  r: SessionRequest,
  receivedAt: Date,
  heldUntil: Date,
  links: AnswerLinks,
): PracticeMail {
  const name = oneLine(r.name);
  const email = replyAddress(r.email);
  const language = siteTexts.da.languageNames[r.lang];
  const phone = dialled(oneLine(r.phone));
  const service = danish.prices.prices[r.service].label;
  const when = danishWhen(r.start, r.end);
  const format = danish.booking.flow.formats[r.format];
  const consent = fill(t.consent, { time: danishTime(receivedAt) });
  const way = herCalendarWay(config.herCalendar);
  const calendarNote = t.calendarNote[way === 'none' ? 'none' : way === 'subscription' ? 'subscribed' : 'written'];
  const hold = `${fill(t.held, { until: danishUntil(heldUntil) })} ${calendarNote}`;
  const note = r.message.trim() ? r.message : t.noMessage;
  const answerNote = fill(t.answerNote, { language, until: danishUntil(links.expires) });
  const rows: [string, string | Markup][] = [
    [t.service, `${service} (${serviceDetail(r.service)})`],
    [t.time, html`<strong>${when}</strong>`],
    [t.format, format],
    [t.name, name],
    [t.email, html`<a href="mailto:${mailtoAddress(email)}">${email}</a>`],
    [t.phone, phone.tel ? html`<a href="tel:${phone.tel}">${phone.text}</a>` : phone.text],
  ];
  return {
    from: config.mailFrom,
    to: config.mailTo,
    replyTo: email,
    subject: typedHeader(
      fill(t.subject, { service, when: `${fullDayLabel(r.start, 'da')} kl. ${timeLabel(r.start, 'da')}`, name }) +
        (r.lang === 'da' ? '' : ` ${fill(t.subjectLanguage, { language })}`),
    ),
    text: [
      t.intro,
      '',
      t.answer,
      `${t.confirmLink}: ${links.confirm}`,
      `${t.declineLink}: ${links.decline}`,
      answerNote,
      '',
      fill(t.language, { language }),
      `${t.service}: ${service} (${serviceDetail(r.service)})`,
      `${t.time}: ${when}`,
      `${t.format}: ${format}`,
      `${t.name}: ${name}`,
      `${t.email}: ${email}`,
      `${t.phone}: ${phone.text}`,
      consent,
      '',
      t.message,
      r.message.trim() ? quoted(note) : note,
      '',
      hold,
    ].join('\n'),
    html: practiceDocument([
      html`<p>${t.intro}</p>`,
      html`<p><strong>${t.answer}</strong></p>`,
      html`<p>${answerButton(links.confirm, t.confirmLink)} ${answerButton(links.decline, t.declineLink)}</p>`,
      html`<p>${answerNote}</p>`,
      html`<p>${fill(t.language, { language })}</p>`,
      detailsTable(rows),
      html`<p>${consent}</p>`,
      html`<p><strong>${t.message}</strong></p>`,
      html`<pre dir="auto" style="white-space:pre-wrap;font-family:inherit">${note}</pre>`,
      html`<p>${hold}</p>`,
    ]),
    date: receivedAt,
    attachments: [
      {
        filename: t.event.file,
        content: bookingEvent(r, receivedAt, config.mailFrom, config.booking?.videoUrl ?? null),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}
