import { serviceMinutes } from '../../content/booking';
import { languages } from '../../content/languages';
import { practice } from '../../content/practice';
import { priceById } from '../../content/prices';
import { siteTexts } from '../../content/siteTexts';
import { translations } from '../../content/translations';
import { manageTexts } from '../../content/manageTexts';
import { visitorMails } from '../../content/visitorMails';
import { fill, localDigits, parts } from '../../views/format';
import { formatPrice } from '../../views/formatPage';
import { directionsUrl } from '../../views/map';
import { bookingQuery } from '../../views/booking/model';
import { paths } from '../../views/routes';
import type { Config } from '../process/config';
import { cancellationDeadline } from '../booking/deadline';
import type { AnswerRequest } from '../booking/decision/token';
import { html, mailButton, mailDocument, type Markup } from './html';
import { type PracticeMail, typedHeader } from './practiceParts';
import { calendarLinks, type EventIdentity, visitorEvent } from './visitorEvent';
import {
  dayOf,
  firstName,
  momentOf,
  messageHtml,
  messageText,
  pageUrl,
  paragraph,
  sender,
  signature,
  signatureHtml,
  visitorPhone,
  whenOf,
} from './visitorParts';

// The one mail a visitor receives after the practitioner pressed a button on the answer page
// (server/booking/decision/), in the language they wrote from, right to left in Persian: the time
// confirmed, with the session as an iCalendar event (and links that add it to Google's and
// Outlook's web calendars), or the request declined, with her message and the nearest free times.
// Only her press sends it, to the address the request carried; nothing a visitor does sends mail
// to an address a visitor typed. Discreet from the first line: the sender is the practitioner by
// name, and neither the subject, the first lines a mail program previews, nor the event's title
// say what the appointment is (content/texts/visitorMail.ts). What every visitor mail says the same
// way is in visitorParts.ts, the event in visitorEvent.ts. Plain mail over TLS like every mail
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

/** How a confirmation is told apart: which event it is in her calendar, and her manage link (null: none). */
export type ConfirmedAs = EventIdentity;

/** What the confirmation says, in the visitor's language: read once, written as text and as HTML. */
async function confirmation(config: VisitorMailConfig, r: AnswerRequest, as: ConfirmedAs) {
  const { lang } = r;
  const c = visitorMails[lang].confirmed;
  const m = manageTexts[lang].mails;
  const videoUrl = config.videoUrl ?? null;
  const [prices, contact] = await Promise.all([translations[lang].prices(), translations[lang].contact()]);
  const price = priceById(r.service);
  const minutes = fill(price?.upTo ? prices.duration.upTo : prices.duration.minutes, {
    n: localDigits(String(serviceMinutes(r.service)), lang),
  });
  const cost = parts([price?.amount ? formatPrice(price.amount, lang) : '', minutes].filter(Boolean), lang);
  const deadlineText = await momentOf(cancellationDeadline(r.start), lang);
  const online = r.format === 'online';
  const room = online && videoUrl ? videoUrl : null;
  const place = online
    ? room
      ? `${c.onlineRoom}: ${room}`
      : c.online
    : fill(c.clinic, { address: siteTexts[lang].practice.address.oneLine });
  // A confirmed move says what moved where, first; the rest is the confirmation as ever.
  const moved = r.replaces ? { from: whenOf({ ...r, ...r.replaces }, c.when), to: whenOf(r, c.when) } : null;
  return {
    c,
    videoUrl,
    room,
    manage: as.manage,
    intro: moved ? fill(m.movedIntro, moved) : c.intro,
    // Time and place first, what the session is last: a mail program's preview shows the first lines.
    rows: [
      [c.time, whenOf(r, c.when)],
      [c.place, place],
      [c.price, cost],
      [c.service, prices.prices[r.service].label],
    ] as [string, string][],
    join: room ? [c.join] : [],
    mapUrl: online ? null : pageUrl(config.baseUrl, paths.contact[lang]),
    way: online ? [] : [contact.transport.text, contact.parking.text],
    // The deadline worked out, the fee (the price page's second paragraph), what a reply is; the whole rule a link away.
    cancel: [
      fill(as.manage ? m.deadline : c.deadline, { deadline: deadlineText, phone: visitorPhone(r) }),
      prices.cancellation.paragraphs[1] ?? '',
      c.reply,
    ].filter(Boolean),
    ruleUrl: pageUrl(config.baseUrl, `${paths.prices[lang]}#cancellation-section`),
    preheader: fill(moved ? m.movedPreheader : c.preheader, dayOf(r.start, lang)),
    manageLink: m.manageLink,
    greeting: fill(visitorMails[lang].greeting, { name: firstName(r.name) }),
    links: calendarLinks(r, videoUrl),
  };
}
type Confirmation = Awaited<ReturnType<typeof confirmation>>;

function confirmedText(m: Confirmation, r: AnswerRequest): string {
  const { c, links, mapUrl } = m;
  return [
    m.preheader,
    '',
    m.greeting,
    '',
    m.intro,
    '',
    ...m.rows.map(([label, value]) => `${label}: ${value}`),
    ...m.join,
    ...(mapUrl ? ['', `${c.findWay}:`, ...m.way, `${c.mapLink}: ${mapUrl}`] : []),
    '',
    `${c.cancellationHeading}:`,
    // The deadline, then her link right under it, then the fee and what a reply is.
    ...m.cancel.slice(0, 1),
    ...(m.manage ? [`${m.manageLink}: ${m.manage}`] : []),
    ...m.cancel.slice(1),
    `${c.ruleLink}: ${m.ruleUrl}`,
    '',
    c.attachment,
    c.addTo,
    `${c.google}: ${links.google}`,
    `${c.outlook}: ${links.outlook}`,
    '',
    ...signature(r),
  ].join('\n');
}

function confirmedHtml(m: Confirmation, r: AnswerRequest): string {
  const { c, links, mapUrl, room } = m;
  const placeHtml = (value: string): Markup | string =>
    room ? html`${c.onlineRoom}: <a href="${room}">${room}</a>` : value;
  return mailDocument(
    r.lang,
    languages[r.lang].dir,
    [
      paragraph(m.greeting),
      paragraph(m.intro),
      html`<table>${m.rows.map(
        ([label, value]) =>
          html`<tr><th style="text-align:start;padding-inline-end:1em">${label}</th><td>${label === c.place ? placeHtml(value) : value}</td></tr>`,
      )}</table>`,
      m.join.map(paragraph),
      mapUrl
        ? [
            html`<h2 style="font-size:1.1em">${c.findWay}</h2>`,
            m.way.map(paragraph),
            html`<p><a href="${mapUrl}">${c.mapLink}</a> · <a href="${directionsUrl(practice.address)}">OpenStreetMap</a></p>`,
          ]
        : null,
      html`<h2 style="font-size:1.1em">${c.cancellationHeading}</h2>`,
      m.cancel.slice(0, 1).map(paragraph),
      m.manage ? html`<p><a href="${m.manage}"><strong>${m.manageLink}</strong></a></p>` : null,
      m.cancel.slice(1).map(paragraph),
      html`<p><a href="${m.ruleUrl}">${c.ruleLink}</a></p>`,
      paragraph(c.attachment),
      // Buttons: each stays on one line (a link's words broken over two lines read as two links).
      html`<p>${c.addTo}</p><p>${mailButton(links.google, c.google)} ${mailButton(links.outlook, c.outlook)}</p>`,
      signatureHtml(r),
    ],
    { preheader: m.preheader },
  );
}

/**
 * The confirmation: when, where (and how to get there, or the video room), price and length, the
 * cancellation rule with her manage link, the event. Of a move (`r.replaces`): the new time, under
 * the same event as the first confirmation's, its SEQUENCE one higher.
 */
export async function confirmedMail(
  config: VisitorMailConfig,
  r: AnswerRequest,
  now: Date,
  as: ConfirmedAs,
): Promise<VisitorMail> {
  const t = visitorMails[r.lang];
  const m = await confirmation(config, r, as);
  return {
    from: sender(config.mailFrom),
    to: r.email,
    replyTo: config.mailTo,
    subject: typedHeader(fill(t.confirmedSubject, dayOf(r.start, r.lang))),
    text: confirmedText(m, r),
    html: confirmedHtml(m, r),
    date: now,
    attachments: [
      {
        filename: t.event.file,
        content: visitorEvent(r, now, config.mailFrom, m.videoUrl, as),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
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
  // Past the day the request page promised the answer by (the link's time: the hold lapsed), she says sorry first.
  const late = now.getTime() >= r.expires.getTime();
  const intro = [late ? d.late : '', fill(d.intro, { when: whenOf(r, visitorMails[lang].confirmed.when) })]
    .filter(Boolean)
    .join(' ');
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
      ...(note ? ['', messageText(note, lang)] : []),
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
      note ? messageHtml(note, lang) : null,
      paragraph(nearest.length > 0 ? d.nearest : d.noneNearest),
      nearest.length > 0
        ? html`<ul style="list-style:none;padding:0;margin:0 0 1em">${nearest.map((time) => html`<li style="margin:0 0 0.5em">${mailButton(time.url, time.label)}</li>`)}</ul>`
        : html`<p><a href="${booking}">${booking}</a></p>`,
      paragraph(phone),
      signatureHtml(r),
    ]),
    date: now,
  };
}
