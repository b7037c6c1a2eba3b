import { encodeWord } from 'nodemailer/lib/mime-funcs';
import type { Lang } from '../../content/languages';
import { PRACTICE_TIME_ZONE } from '../../content/practice';
import { practiceMail as t } from '../../content/practiceMail';
import { site as danish } from '../../content/da/site';
import { fill, formatPhone } from '../../views/format';
import { oneLine } from '../../views/oneLine';
import type { ContactMessage } from '../../views/contact/validation';
import type { Config } from '../process/config';
import { html, type Markup } from './html';

// What the practitioner reads for each contact message, encrypted or not: in Danish, the
// consent time in Danish local time, the phone number as Danish numbers are written (and a
// link that dials it), the visitor's language, and the message exactly as typed. A plain text
// part for every mail program, and an HTML part where nothing the visitor typed is markup.

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
 * A header with the visitor's text in it, as encoded-words the mail library makes from the plain
 * text: a mail program decodes them to exactly the characters typed. Left to itself, nodemailer
 * passes on a name typed as an encoded-word (=?utf-8?Q?…=0D=0ABcc:…?=) as it is, and mail
 * programs decode that into a line break and a fake Bcc:.
 */
export function typedHeader(text: string): string {
  return encodeWord(text, 'Q', 52);
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

/** The practice's mails' HTML: Danish, as its parts are. */
export const practiceDocument = (parts: Parameters<typeof html>[1]): string =>
  html`<!doctype html><html lang="da"><head><meta charset="utf-8"></head><body>\n${parts}\n</body></html>`.value;

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
  /** A booking's calendar event (bookingMail.ts, visitorMail.ts); in her mail inside the encryption when she has a key. */
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** The mail to the practice; it says which language the visitor wrote in, so the answer can be in it. */
export function composeMail(
  config: Pick<Config, 'mailTo' | 'mailFrom'>,
  m: ContactMessage,
  receivedAt: Date,
  lang: Lang,
): PracticeMail {
  const name = oneLine(m.name);
  const email = replyAddress(m.email);
  const language = danish.languageNames[lang];
  const phone = m.phone.trim() ? formatPhone(oneLine(m.phone)) : null;
  const time = danishTime(receivedAt);
  const rows: [string, string | Markup][] = [
    [t.name, name],
    [t.email, html`<a href="mailto:${mailtoAddress(email)}">${email}</a>`],
    [t.phone, phone ? (phone.tel ? html`<a href="tel:${phone.tel}">${phone.text}</a>` : phone.text) : t.noPhone],
  ];
  return {
    from: config.mailFrom,
    to: config.mailTo,
    replyTo: email,
    subject: typedHeader(fill(t.subject, { name }) + (lang === 'da' ? '' : fill(t.subjectLanguage, { language }))),
    text: [
      fill(t.language, { language }),
      `${t.name}: ${name}`,
      `${t.email}: ${email}`,
      `${t.phone}: ${phone ? phone.text : t.noPhone}`,
      fill(t.consent, { time }),
      '',
      t.message,
      m.message,
    ].join('\n'),
    html: practiceDocument([
      html`<p>${fill(t.language, { language })}</p>`,
      detailsTable(rows),
      html`<p>${fill(t.consent, { time })}</p>`,
      html`<p><strong>${t.message}</strong></p>`,
      // <pre> keeps every line break and space in every mail program; pre-wrap wraps long lines.
      html`<pre dir="auto" style="white-space:pre-wrap;font-family:inherit">${m.message}</pre>`,
    ]),
    date: receivedAt,
  };
}
