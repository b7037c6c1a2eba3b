import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import { bookingRules, serviceMinutes } from '../../content/booking';
import { languages, type Lang } from '../../content/languages';
import { practice } from '../../content/practice';
import { therapyPrices, supervisionPrices } from '../../content/prices';
import { siteTexts } from '../../content/siteTexts';
import { translations } from '../../content/translations';
import { visitorMails } from '../../content/visitorMails';
import { fill, localDigits, ltr, parts, withPhone } from '../../views/format';
import { formatPrice } from '../../views/formatPage';
import { directionsUrl } from '../../views/map';
import { bookingQuery } from '../../views/booking/model';
import { paths } from '../../views/routes';
import type { Config } from '../process/config';
import { escapeHtml } from '../http/escapeHtml';
import type { AnswerRequest } from '../booking/decision/token';
import { dayLabel, fullDayLabel, timeLabel } from '../booking/when';
import { oneLine, type PracticeMail, typedHeader } from './practiceMail';

// The one mail a visitor receives after the practitioner pressed a button on the answer page
// (server/booking/decision/), in the language they wrote from, right to left in Persian: the time
// confirmed, with the session as an iCalendar event, or the request declined, with her message
// and the nearest free times. Only her press sends it, to the address the request carried; nothing
// a visitor does sends mail to an address a visitor typed. Subject and event title say nothing of
// what the appointment is (content/texts/visitorMail.ts); the practice's name is only the sender's.
// Plain mail over TLS like every mail (server/mail/transport.ts): the practice's key is hers, not
// the visitor's.

/** As the practice's own mail, but from the practice by name, and answered to the practice. */
export interface VisitorMail extends Omit<PracticeMail, 'from' | 'replyTo'> {
  from: { name: string; address: string };
  replyTo: string;
}

/** A free time offered in a declined request's mail: its words, and the booking page it leads to. */
export interface OfferedTime {
  label: string;
  url: string;
}

const zone = bookingRules.timeZone;
const amounts = new Map([...therapyPrices.prices, ...supervisionPrices.prices].map((p) => [p.id, p]));

/** MAIL_FROM's address with the practice's name: the one place the name appears. */
function sender(mailFrom: string) {
  return { name: practice.name, address: /<([^>]*)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom };
}

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

function htmlDocument(lang: Lang, body: string[]): string {
  const dir = languages[lang].dir;
  return [
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>`,
    `<body dir="${dir}" style="font-family:system-ui,sans-serif;line-height:1.5;max-width:40em">`,
    ...body,
    '</body></html>',
  ].join('\n');
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** Her message in a right-to-left mail: each line in its own direction (first-strong isolates), so Danish keeps its full stop at the end. */
const isolated = (text: string, lang: Lang) =>
  languages[lang].dir === 'rtl'
    ? text
        .split('\n')
        .map((line) => `\u2068${line}\u2069`)
        .join('\n')
    : text;
const signature = (lang: Lang) => [visitorMails[lang].closing, practice.practitioner, ltr(practice.phone, lang)];
/** The same in HTML, the phone a link that dials it. */
const signatureHtml = (lang: Lang) =>
  `<p>${escapeHtml(visitorMails[lang].closing)}<br>${escapeHtml(practice.practitioner)}<br><a href="tel:${practice.phoneE164}" dir="ltr">${escapeHtml(practice.phone)}</a></p>`;

/** The session as an event for the visitor's calendar: discreet title, the clinic as location, the practice's phone. */
function visitorEvent(r: AnswerRequest, now: Date, mailFrom: string): string {
  const t = visitorMails[r.lang].event;
  const domain = sender(mailFrom).address.split('@')[1] ?? 'localhost';
  const calendar = ical({
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: practice.name, product: 'Booking', language: r.lang.toUpperCase() },
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  calendar.createEvent({
    // The request's id: imported twice, the same event.
    id: `${r.id}@${domain}`,
    start: DateTime.fromJSDate(r.start, { zone }),
    end: DateTime.fromJSDate(r.end, { zone }),
    timezone: zone,
    stamp: now,
    summary: t.summary,
    description: fill(t.description, { phone: practice.phone }),
    location:
      r.format === 'online'
        ? t.online
        : `${practice.address.street}, ${practice.address.postalCode} ${practice.address.city}`,
  });
  return calendar.toString();
}

/** The confirmation: when, where (and how to get there, or who sends the video link), price and length, the cancellation rule, the event. */
export async function confirmedMail(
  config: Pick<Config, 'mailFrom' | 'mailTo' | 'baseUrl'>,
  r: AnswerRequest,
  now: Date,
): Promise<VisitorMail> {
  const { lang } = r;
  const t = visitorMails[lang];
  const c = t.confirmed;
  const [prices, contact, booking] = await Promise.all([
    translations[lang].prices(),
    translations[lang].contact(),
    translations[lang].booking(),
  ]);
  const price = amounts.get(r.service);
  const minutes = fill(price?.upTo ? prices.duration.upTo : prices.duration.minutes, {
    n: localDigits(String(serviceMinutes(r.service)), lang),
  });
  const cost = parts([price?.amount ? formatPrice(price.amount, lang) : '', minutes].filter(Boolean), lang);
  const deadline = cancellationDeadline(r.start);
  // A moment, as the booking page writes one: 'tirsdag den 1. december 2026 kl. 12.00 (dansk tid)'.
  const deadlineText = fill(booking.flow.when, { day: fullDayLabel(deadline, lang), time: timeLabel(deadline, lang) });
  const address = siteTexts[lang].practice.address.oneLine;
  const place = r.format === 'online' ? c.online : fill(c.clinic, { address });
  const mapUrl = r.format === 'online' ? null : pageUrl(config.baseUrl, paths.contact[lang]);
  const rows: [string, string][] = [
    [c.service, prices.prices[r.service].label],
    [c.time, whenOf(r, c.when)],
    [c.place, place],
    [c.price, cost],
  ];
  const way = r.format === 'online' ? [] : [contact.transport.text, contact.parking.text];
  const cancel = [withPhone(fill(c.deadline, { deadline: deadlineText }), lang), ...prices.cancellation.paragraphs];
  const greeting = fill(t.greeting, { name: oneLine(r.name) });
  return {
    from: sender(config.mailFrom),
    to: r.email,
    replyTo: config.mailTo,
    subject: typedHeader(fill(t.confirmedSubject, { day: dayLabel(r.start, lang), time: timeLabel(r.start, lang) })),
    text: [
      greeting,
      '',
      c.intro,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      ...(mapUrl ? ['', `${c.findWay}:`, ...way, `${c.mapLink}: ${mapUrl}`] : []),
      '',
      `${c.cancellationHeading}:`,
      ...cancel,
      '',
      c.attachment,
      '',
      ...signature(lang),
    ].join('\n'),
    html: htmlDocument(lang, [
      paragraph(greeting),
      paragraph(c.intro),
      '<table>',
      ...rows.map(
        ([label, value]) =>
          `<tr><th style="text-align:start;padding-inline-end:1em">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      ...(mapUrl
        ? [
            `<h2 style="font-size:1.1em">${escapeHtml(c.findWay)}</h2>`,
            ...way.map(paragraph),
            `<p><a href="${escapeHtml(mapUrl)}">${escapeHtml(c.mapLink)}</a> · <a href="${escapeHtml(directionsUrl(practice.address))}">OpenStreetMap</a></p>`,
          ]
        : []),
      `<h2 style="font-size:1.1em">${escapeHtml(c.cancellationHeading)}</h2>`,
      ...cancel.map(paragraph),
      paragraph(c.attachment),
      signatureHtml(lang),
    ]),
    date: now,
    attachments: [
      {
        filename: t.event.file,
        content: visitorEvent(r, now, config.mailFrom),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

/** The answer to a declined request: the practitioner's message as she wrote it, the nearest free times, the phone. */
export function declinedMail(
  config: Pick<Config, 'mailFrom' | 'mailTo' | 'baseUrl'>,
  r: AnswerRequest,
  message: string,
  nearest: readonly OfferedTime[],
  now: Date,
): VisitorMail {
  const { lang } = r;
  const t = visitorMails[lang];
  const d = t.declined;
  const greeting = fill(t.greeting, { name: oneLine(r.name) });
  const intro = fill(d.intro, { when: whenOf(r, visitorMails[lang].confirmed.when) });
  const note = message.trim();
  const booking = pageUrl(config.baseUrl, `${paths.booking[lang]}${bookingQuery(r.service, r.format)}`);
  const phone = withPhone(d.phone, lang);
  return {
    from: sender(config.mailFrom),
    to: r.email,
    replyTo: config.mailTo,
    subject: typedHeader(t.declinedSubject),
    text: [
      greeting,
      '',
      intro,
      ...(note ? ['', d.message, isolated(note, lang)] : []),
      '',
      nearest.length > 0 ? d.nearest : d.noneNearest,
      ...(nearest.length > 0 ? nearest.map((time) => `- ${time.label}: ${time.url}`) : [booking]),
      '',
      phone,
      '',
      ...signature(lang),
    ].join('\n'),
    html: htmlDocument(lang, [
      paragraph(greeting),
      paragraph(intro),
      ...(note
        ? [
            `<p><strong>${escapeHtml(d.message)}</strong></p>`,
            // Her words as she wrote them: every line break kept, nothing of them markup, in their own direction (Danish in a Persian mail).
            `<pre dir="auto" style="white-space:pre-wrap;font-family:inherit">${escapeHtml(note)}</pre>`,
          ]
        : []),
      paragraph(nearest.length > 0 ? d.nearest : d.noneNearest),
      nearest.length > 0
        ? `<ul>${nearest.map((time) => `<li><a href="${escapeHtml(time.url)}">${escapeHtml(time.label)}</a></li>`).join('')}</ul>`
        : `<p><a href="${escapeHtml(booking)}">${escapeHtml(booking)}</a></p>`,
      paragraph(phone),
      signatureHtml(lang),
    ]),
    date: now,
  };
}
