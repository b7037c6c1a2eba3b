import { DateTime } from 'luxon';
import { encodeWord } from 'nodemailer/lib/mime-funcs';
import { bookingMail } from '../../content/bookingMail';
import { PRACTICE_TIME_ZONE, practice } from '../../content/practice';
import { fill } from '../../views/format';
import { oneLine } from '../../views/oneLine';
import { dayLabel } from '../booking/when';
import { html, mailPage, type Markup } from './html';

// What every mail to the practice shares (the contact message's, the booking request's, the
// reminder's): Danish local time, headers with the visitor's text encoded, the reply address, the
// Danish HTML document and its table of details, and the PracticeMail itself. The composers are
// contactMail.ts, bookingMail.ts and reminderMail.ts, as visitorParts.ts is for visitor mails.

const danishTimeFormat = new Intl.DateTimeFormat('da-DK', {
  timeZone: PRACTICE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '22. november 2026 kl. 20.04': the time in Denmark, summer time included. */
export function danishTime(date: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    danishTimeFormat.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}. ${part('month')} ${part('year')} kl. ${part('hour')}.${part('minute')}`;
}

/**
 * Until when, as a Dane reads it: a time that runs out at midnight is the day before, through its
 * end ('til og med mandag 30. november'); any other, the moment ('til 2. december 2026 kl. 11.00').
 */
export function danishUntil(until: Date): string {
  const local = DateTime.fromJSDate(until, { zone: PRACTICE_TIME_ZONE });
  if (!local.equals(local.startOf('day'))) return fill(bookingMail.untilTime, { time: danishTime(until) });
  return fill(bookingMail.untilDay, { day: dayLabel(local.minus({ days: 1 }).toJSDate(), 'da') });
}

/** One of her answer links as a button (the request mail's, a move's). */
export const answerButton = (href: string, label: string) =>
  html`<a href="${href}" style="display:inline-block;padding:0.5em 1em;margin-inline-end:1em;border:2px solid currentColor;border-radius:6px;font-weight:bold">${label}</a>`;

/**
 * A header with the visitor's text or content's in it (every subject), on one line, as
 * encoded-words the mail library makes from the plain text: a mail program decodes them to
 * exactly those characters. Left to itself, nodemailer passes on a name typed as an encoded-word
 * (=?utf-8?Q?…=0D=0ABcc:…?=) as it is, and mail programs decode that into a line break and a fake
 * Bcc:; a line break in a text of content's would be decoded the same way.
 */
export function typedHeader(text: string): string {
  return encodeWord(oneLine(text), 'Q', 52);
}

/**
 * The visitor's address with its domain in lower case, as the mail library writes it in Reply-To
 * (a domain's case means nothing): the text, the link and Reply-To show the very same characters.
 */
export function replyAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return email.slice(0, at + 1) + email.slice(at + 1).toLowerCase();
}

/** The address in a mailto: link; its ? # & % = / are the address's, not the link's syntax (RFC 6068). */
export function mailtoAddress(email: string): string {
  return email.split('@').map(encodeURIComponent).join('@');
}

/** The practice's mails' HTML: Danish, as its parts are; the site's name and hers at the top, as its header says them. */
export const practiceDocument = (parts: Parameters<typeof html>[1]): string =>
  mailPage('da', 'ltr', `${practice.name} · ${practice.practitioner}`, parts);

/** Label and value, one row each. */
export const detailsTable = (rows: readonly [string, string | Markup][]): Markup =>
  html`<table>${rows.map(([label, value]) => html`<tr><th align="left">${label}</th><td>${value}</td></tr>`)}</table>`;

export interface PracticeMail {
  from: string;
  to: string;
  /** The visitor's address alone, exactly as the mail's text shows it: no name to decode. */
  replyTo: string;
  /** Encoded already (typedHeader). */
  subject: string;
  text: string;
  html: string;
  date: Date;
  /** Fixed by what the mail stands for (an answer to a request), the same on every send of it; else one of its own. */
  messageId?: string;
  /** A booking's calendar event (bookingMail.ts, visitorMail.ts); in her mail inside the encryption when she has a key. */
  attachments?: { filename: string; content: string; contentType: string }[];
}
