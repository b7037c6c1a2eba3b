import type { Lang } from '../../content/languages';
import { practiceMail as t } from '../../content/practiceMail';
import { site as danish } from '../../content/da/site';
import { fill, formatPhone } from '../../views/format';
import type { ContactMessage } from '../../views/contact/validation';
import type { Config } from '../process/config';
import { escapeHtml } from '../http/escapeHtml';

// What the practitioner reads for each contact message, encrypted or not: in Danish, the
// consent time in Danish local time, the phone number as Danish numbers are written (and a
// link that dials it), the visitor's language, and the message exactly as typed. A plain text
// part for every mail program, and an HTML part where nothing the visitor typed is markup.

const TIME_ZONE = 'Europe/Copenhagen';
const danishTimeFormat = new Intl.DateTimeFormat('da-DK', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '22. november 2026 kl. 20.04': the time in Denmark, summer time included. */
export function danishTime(date: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => danishTimeFormat.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}. ${part('month')} ${part('year')} kl. ${part('hour')}.${part('minute')}`;
}

/** Header values never carry CR or LF from a visitor (header injection). */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

/**
 * The address in a mailto: link. encodeURI throws on a lone surrogate (half an emoji, which the
 * form's rules let through): it is written as U+FFFD, as the mail's UTF-8 writes it anyway.
 */
export function mailtoAddress(email: string): string {
  return encodeURI(email.replace(/\p{Cs}/gu, '\uFFFD'));
}

export interface PracticeMail {
  from: string;
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  date: Date;
  /** A booking request's calendar event (server/mail/bookingMail.ts); inside the encryption when there is a key. */
  attachments?: { filename: string; content: string; contentType: string }[];
}

/** The mail to the practice; it says which language the visitor wrote in, so the answer can be in it. */
export function composeMail(config: Pick<Config, 'mailTo' | 'mailFrom'>, m: ContactMessage, receivedAt: Date, lang: Lang): PracticeMail {
  const name = oneLine(m.name);
  const language = danish.languageNames[lang];
  const phone = m.phone.trim() ? formatPhone(oneLine(m.phone)) : null;
  const time = danishTime(receivedAt);
  const rows: [string, string][] = [
    [t.name, escapeHtml(name)],
    [t.email, `<a href="mailto:${escapeHtml(mailtoAddress(m.email))}">${escapeHtml(m.email)}</a>`],
    [t.phone, phone ? (phone.tel ? `<a href="tel:${escapeHtml(phone.tel)}">${escapeHtml(phone.text)}</a>` : escapeHtml(phone.text)) : t.noPhone],
  ];
  return {
    from: config.mailFrom,
    to: config.mailTo,
    replyTo: { name, address: oneLine(m.email) },
    subject: fill(t.subject, { name }) + (lang === 'da' ? '' : fill(t.subjectLanguage, { language })),
    text: [
      fill(t.language, { language }),
      `${t.name}: ${name}`,
      `${t.email}: ${m.email}`,
      `${t.phone}: ${phone ? phone.text : t.noPhone}`,
      fill(t.consent, { time }),
      '',
      t.message,
      m.message,
    ].join('\n'),
    html: [
      '<!doctype html><html lang="da"><head><meta charset="utf-8"></head><body>',
      `<p>${escapeHtml(fill(t.language, { language }))}</p>`,
      '<table>',
      ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${value}</td></tr>`),
      '</table>',
      `<p>${escapeHtml(fill(t.consent, { time }))}</p>`,
      `<p><strong>${escapeHtml(t.message)}</strong></p>`,
      // <pre> keeps every line break and space in every mail program; pre-wrap wraps long lines.
      `<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(m.message)}</pre>`,
      '</body></html>',
    ].join('\n'),
    date: receivedAt,
  };
}
