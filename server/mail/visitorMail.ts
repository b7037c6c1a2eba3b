import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import { bookingRules, serviceMinutes } from '../../content/booking';
import { languages, type Lang } from '../../content/languages';
import { practice } from '../../content/practice';
import { priceById } from '../../content/prices';
import { siteTexts } from '../../content/siteTexts';
import { translations } from '../../content/translations';
import { visitorMails } from '../../content/visitorMails';
import { fill, localDigits, ltr, parts } from '../../views/format';
import { formatPrice } from '../../views/formatPage';
import { directionsUrl } from '../../views/map';
import { bookingQuery } from '../../views/booking/model';
import { paths } from '../../views/routes';
import type { Config } from '../process/config';
import type { AnswerRequest } from '../booking/decision/token';
import { dayLabel, fullDayLabel, timeLabel } from '../booking/when';
import { html, mailDocument, type Markup } from './html';
import { oneLine, type PracticeMail, typedHeader } from './practiceMail';

// The one mail a visitor receives after the practitioner pressed a button on the answer page
// (server/booking/decision/), in the language they wrote from, right to left in Persian: the time
// confirmed, with the session as an iCalendar event (and links that add it to Google's and
// Outlook's web calendars), or the request declined, with her message and the nearest free times.
// Only her press sends it, to the address the request carried; nothing a visitor does sends mail
// to an address a visitor typed. Discreet from the first line: the sender is the practitioner by
// name, and neither the subject, the first lines a mail program previews, nor the event's title
// say what the appointment is (content/texts/visitorMail.ts). Plain mail over TLS like every mail
// (server/mail/transport.ts): the practice's key is hers, not the visitor's.

/** As the practice's own mail, but from the practitioner by name, and answered to the practice. */
export interface VisitorMail extends Omit<PracticeMail, 'from' | 'replyTo'> {
  from: { name: string; address: string };
  replyTo: string;
}

/** What the visitor's mails need of the configuration: BOOKING_VIDEO_URL, the practice's video room, if it has one. */
export type VisitorMailConfig = Pick<Config, 'mailFrom' | 'mailTo' | 'baseUrl'> & { videoUrl?: string | null };

/** A free time offered in a declined request's mail: its words, and the booking page with that time chosen. */
export interface OfferedTime {
  label: string;
  url: string;
}

const zone = bookingRules.timeZone;

/** MAIL_FROM's address under the practitioner's own name: a name that says nothing of psychology (the address should not either: docs/operations.md). */
function sender(mailFrom: string) {
  return { name: practice.practitioner, address: /<([^>]*)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom };
}

/** '+45', from the number as dialled from abroad and as written at home. */
const countryCode = practice.phoneE164.slice(0, practice.phoneE164.length - practice.phone.replace(/\D/g, '').length);

/**
 * The practice's number as this visitor can dial it: with the country code in English and Persian
 * and for every online session (the visitor may be abroad), never broken across lines (no-break
 * spaces), and isolated left to right in Persian so that its groups keep their order.
 */
function visitorPhone(r: Pick<AnswerRequest, 'lang' | 'format'>): string {
  const abroad = r.lang !== 'da' || r.format === 'online';
  return ltr((abroad ? `${countryCode} ${practice.phone}` : practice.phone).replace(/ /g, '\u00a0'), r.lang);
}

/** The first word of the name as typed: 'Karen Blixen' → 'Karen'. */
const firstName = (name: string): string => oneLine(name).split(/\s+/)[0] ?? '';

/** The last moment to cancel, as the price page states it: 12.00 the day before, and at least 24 hours before. */
function cancellationDeadline(start: Date): Date {
  const local = DateTime.fromJSDate(start, { zone });
  const noonBefore = local.minus({ days: 1 }).set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
  const dayBefore = local.minus({ hours: 24 });
  return DateTime.min(noonBefore, dayBefore).toJSDate();
}

/** The start and end in full, in the visitor's language, Danish time. */
const whenOf = (r: AnswerRequest, template: string) =>
  fill(template, {
    day: fullDayLabel(r.start, r.lang),
    from: timeLabel(r.start, r.lang),
    to: timeLabel(r.end, r.lang),
  });

/** The site's page in the visitor's language, from BASE_URL (never a request's Host). */
const pageUrl = (baseUrl: string, path: string) => `${baseUrl}${path}`;

const paragraph = (text: string) => html`<p>${text}</p>`;

/** Her message in a right-to-left mail: each line in its own direction (first-strong isolates), so Danish keeps its full stop at the end. */
const isolated = (text: string, lang: Lang) =>
  languages[lang].dir === 'rtl'
    ? text
        .split('\n')
        .map((line) => `\u2068${line}\u2069`)
        .join('\n')
    : text;

const signature = (r: AnswerRequest) => [
  visitorMails[r.lang].closing,
  visitorMails[r.lang].practitioner,
  visitorPhone(r),
];
/** The same in HTML, the phone a link that dials it and never breaks. */
const signatureHtml = (r: AnswerRequest) =>
  html`<p>${visitorMails[r.lang].closing}<br>${visitorMails[r.lang].practitioner}<br><a href="tel:${practice.phoneE164}" dir="ltr" style="white-space:nowrap">${visitorPhone(r)}</a></p>`;

/** Where the session is, as the event, the calendar links and the mail's table say it. */
function placeOf(r: AnswerRequest, videoUrl: string | null): string {
  if (r.format === 'online') return videoUrl ?? visitorMails[r.lang].event.online;
  return siteTexts[r.lang].practice.address.oneLine;
}

/** Bidi isolates and no-break spaces out: for a web calendar's address bar. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');

/** '20270114T090000Z' */
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Links that open Google's and Outlook's web calendars with the event filled in: the discreet title, the time and the place, nothing else. */
function calendarLinks(r: AnswerRequest, videoUrl: string | null): { google: string; outlook: string } {
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
 * The session as an event for the visitor's calendar: a title that names whom it is with and not
 * what, the clinic with its floor (or the video room) as location, the practice's phone dialable
 * and isolated, and a reminder at the cancellation deadline.
 */
function visitorEvent(r: AnswerRequest, now: Date, mailFrom: string, videoUrl: string | null): string {
  const t = visitorMails[r.lang].event;
  const domain = sender(mailFrom).address.split('@')[1] ?? 'localhost';
  const summary = fill(t.summary, { practitioner: visitorMails[r.lang].practitioner });
  const calendar = ical({
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: practice.name, product: 'Booking', language: r.lang.toUpperCase() },
    timezone: { name: null, generator: getVtimezoneComponent },
  });
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
  event.createAlarm({ type: ICalAlarmType.display, trigger: cancellationDeadline(r.start), description: summary });
  return calendar.toString();
}

/** The confirmation: when, where (and how to get there, or the video room), price and length, the cancellation rule, the event. */
export async function confirmedMail(config: VisitorMailConfig, r: AnswerRequest, now: Date): Promise<VisitorMail> {
  const { lang } = r;
  const t = visitorMails[lang];
  const c = t.confirmed;
  const videoUrl = config.videoUrl ?? null;
  const [prices, contact, booking] = await Promise.all([
    translations[lang].prices(),
    translations[lang].contact(),
    translations[lang].booking(),
  ]);
  const price = priceById(r.service);
  const minutes = fill(price?.upTo ? prices.duration.upTo : prices.duration.minutes, {
    n: localDigits(String(serviceMinutes(r.service)), lang),
  });
  const cost = parts([price?.amount ? formatPrice(price.amount, lang) : '', minutes].filter(Boolean), lang);
  const deadline = cancellationDeadline(r.start);
  // A moment, as the booking page writes one: 'tirsdag den 1. december 2026 kl. 12.00 (dansk tid)'.
  const deadlineText = fill(booking.flow.when, { day: fullDayLabel(deadline, lang), time: timeLabel(deadline, lang) });
  const online = r.format === 'online';
  const place = online
    ? videoUrl
      ? `${c.onlineRoom}: ${videoUrl}`
      : c.online
    : fill(c.clinic, { address: siteTexts[lang].practice.address.oneLine });
  const mapUrl = online ? null : pageUrl(config.baseUrl, paths.contact[lang]);
  // Time and place first, what the session is last: a mail program's preview shows the first lines.
  const rows: [string, string][] = [
    [c.time, whenOf(r, c.when)],
    [c.place, place],
    [c.price, cost],
    [c.service, prices.prices[r.service].label],
  ];
  const join = online && videoUrl ? [c.join] : [];
  const way = online ? [] : [contact.transport.text, contact.parking.text];
  const cancel = [
    fill(c.deadline, { deadline: deadlineText, phone: visitorPhone(r) }),
    ...prices.cancellation.paragraphs,
  ];
  const preheader = fill(c.preheader, { day: dayLabel(r.start, lang), time: timeLabel(r.start, lang) });
  const greeting = fill(t.greeting, { name: firstName(r.name) });
  const links = calendarLinks(r, videoUrl);
  const placeHtml = (value: string): Markup | string =>
    online && videoUrl ? html`${c.onlineRoom}: <a href="${videoUrl}">${videoUrl}</a>` : value;
  return {
    from: sender(config.mailFrom),
    to: r.email,
    replyTo: config.mailTo,
    subject: typedHeader(fill(t.confirmedSubject, { day: dayLabel(r.start, lang), time: timeLabel(r.start, lang) })),
    text: [
      preheader,
      '',
      greeting,
      '',
      c.intro,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      ...join,
      ...(mapUrl ? ['', `${c.findWay}:`, ...way, `${c.mapLink}: ${mapUrl}`] : []),
      '',
      `${c.cancellationHeading}:`,
      ...cancel,
      '',
      c.attachment,
      c.addTo,
      `${c.google}: ${links.google}`,
      `${c.outlook}: ${links.outlook}`,
      '',
      ...signature(r),
    ].join('\n'),
    html: mailDocument(
      lang,
      languages[lang].dir,
      [
        paragraph(greeting),
        paragraph(c.intro),
        html`<table>${rows.map(
          ([label, value]) =>
            html`<tr><th style="text-align:start;padding-inline-end:1em">${label}</th><td>${label === c.place ? placeHtml(value) : value}</td></tr>`,
        )}</table>`,
        join.map(paragraph),
        mapUrl
          ? [
              html`<h2 style="font-size:1.1em">${c.findWay}</h2>`,
              way.map(paragraph),
              html`<p><a href="${mapUrl}">${c.mapLink}</a> · <a href="${directionsUrl(practice.address)}">OpenStreetMap</a></p>`,
            ]
          : null,
        html`<h2 style="font-size:1.1em">${c.cancellationHeading}</h2>`,
        cancel.map(paragraph),
        paragraph(c.attachment),
        html`<p>${c.addTo} <a href="${links.google}">${c.google}</a> · <a href="${links.outlook}">${c.outlook}</a></p>`,
        signatureHtml(r),
      ],
      { preheader },
    ),
    date: now,
    attachments: [
      {
        filename: t.event.file,
        content: visitorEvent(r, now, config.mailFrom, videoUrl),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

/** A confirmed time she released, if she chose to tell the client: which time, and how to get a new one. */
export function cancelledMail(config: VisitorMailConfig, r: AnswerRequest, now: Date): VisitorMail {
  const { lang } = r;
  const t = visitorMails[lang];
  const subject = fill(t.cancelled.subject, { day: dayLabel(r.start, lang), time: timeLabel(r.start, lang) });
  const greeting = fill(t.greeting, { name: firstName(r.name) });
  const intro = fill(t.cancelled.intro, { when: whenOf(r, t.confirmed.when) });
  const rebook = fill(t.cancelled.rebook, { phone: visitorPhone(r) });
  const booking = pageUrl(config.baseUrl, `${paths.booking[lang]}${bookingQuery(r.service, r.format)}`);
  return {
    from: sender(config.mailFrom),
    to: r.email,
    replyTo: config.mailTo,
    subject: typedHeader(subject),
    text: [greeting, '', intro, '', rebook, booking, '', ...signature(r)].join('\n'),
    html: mailDocument(lang, languages[lang].dir, [
      paragraph(greeting),
      paragraph(intro),
      paragraph(rebook),
      html`<p><a href="${booking}">${booking}</a></p>`,
      signatureHtml(r),
    ]),
    date: now,
  };
}

/** The booking page with the time chosen: `start` is preselected and focused there (views/booking/). */
export function offeredTimeUrl(
  baseUrl: string,
  r: Pick<AnswerRequest, 'lang' | 'service' | 'format'>,
  start: string,
  weeks: number,
) {
  return `${baseUrl}${paths.booking[r.lang]}${bookingQuery(r.service, r.format, weeks)}&start=${encodeURIComponent(start)}`;
}

/** The answer to a declined request: the practitioner's message as she wrote it, the nearest free times, the phone. */
export function declinedMail(
  config: VisitorMailConfig,
  r: AnswerRequest,
  message: string,
  nearest: readonly OfferedTime[],
  now: Date,
): VisitorMail {
  const { lang } = r;
  const t = visitorMails[lang];
  const d = t.declined;
  const greeting = fill(t.greeting, { name: firstName(r.name) });
  const intro = fill(d.intro, { when: whenOf(r, visitorMails[lang].confirmed.when) });
  const note = message.trim();
  const booking = pageUrl(config.baseUrl, `${paths.booking[lang]}${bookingQuery(r.service, r.format)}`);
  const phone = fill(d.phone, { phone: visitorPhone(r) });
  return {
    from: sender(config.mailFrom),
    to: r.email,
    replyTo: config.mailTo,
    subject: typedHeader(t.declinedSubject),
    text: [
      greeting,
      '',
      intro,
      // Her own words, as their own paragraph: the whole mail is from her, no label needed.
      ...(note ? ['', isolated(note, lang)] : []),
      '',
      nearest.length > 0 ? d.nearest : d.noneNearest,
      ...(nearest.length > 0 ? nearest.map((time) => `- ${time.label}: ${time.url}`) : [booking]),
      '',
      phone,
      '',
      ...signature(r),
    ].join('\n'),
    html: mailDocument(lang, languages[lang].dir, [
      paragraph(greeting),
      paragraph(intro),
      // Her words as she wrote them: every line its own block in its own direction (Danish in a Persian mail), nothing of them markup.
      note
        ? html`<div style="margin-block:1em">${note.split('\n').map((line) => (line.trim() ? html`<div dir="auto">${line}</div>` : html`<br>`))}</div>`
        : null,
      paragraph(nearest.length > 0 ? d.nearest : d.noneNearest),
      nearest.length > 0
        ? html`<ul>${nearest.map((time) => html`<li><a href="${time.url}">${time.label}</a></li>`)}</ul>`
        : html`<p><a href="${booking}">${booking}</a></p>`,
      paragraph(phone),
      signatureHtml(r),
    ]),
    date: now,
  };
}
