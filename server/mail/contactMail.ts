import { siteTexts } from '../../content/siteTexts';
import type { Lang } from '../../content/languages';
import { practiceMail as t } from '../../content/practiceMail';
import { fill, formatPhone } from '../../views/format';
import { oneLine } from '../../views/oneLine';
import type { ContactMessage } from '../../views/contact/validation';
import type { Config } from '../process/config';
import { html, type Markup } from './html';
import {
  danishTime,
  detailsTable,
  mailtoAddress,
  practiceDocument,
  replyAddress,
  typedHeader,
  type PracticeMail,
} from './practiceParts';

// What the practitioner reads for each contact message, encrypted or not: in Danish, the
// consent time in Danish local time, the phone number as Danish numbers are written (and a
// link that dials it), the visitor's language, and the message exactly as typed. A plain text
// part for every mail program, and an HTML part where nothing the visitor typed is markup.

/** The contact message's mail to the practice; it says which language the visitor wrote in, so the answer can be in it. */
export function composeContactMail(
  config: Pick<Config, 'mailTo' | 'mailFrom'>,
  m: ContactMessage,
  receivedAt: Date,
  lang: Lang,
): PracticeMail {
  const name = oneLine(m.name);
  const email = replyAddress(m.email);
  const language = siteTexts.da.languageNames[lang];
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
    subject: typedHeader(
      fill(t.subject, { name }) + (lang === 'da' ? '' : ` ${fill(t.subjectLanguage, { language })}`),
    ),
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
