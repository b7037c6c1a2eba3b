import { DateTime } from 'luxon';
import { bookingRules } from '../../content/booking';
import { languages, type Lang } from '../../content/languages';
import { practice } from '../../content/practice';
import { siteTexts } from '../../content/siteTexts';
import { visitorMails } from '../../content/visitorMails';
import { fill, ltr } from '../../views/format';
import type { AnswerRequest } from '../booking/decision/token';
import { fullDayLabel, timeLabel } from '../booking/when';
import { html } from './html';
import { oneLine } from './practiceMail';

// What every mail to a visitor (visitorMail.ts) and the event it carries (visitorEvent.ts) say the
// same way: the sender by the practitioner's name, the practice's phone as the visitor can dial
// it, the greeting's name, the time, the place, the cancellation deadline and the signature.

export const zone = bookingRules.timeZone;

/** MAIL_FROM's address under the practitioner's own name: a name that says nothing of psychology (the address should not either: docs/operations.md). */
export function sender(mailFrom: string) {
  return { name: practice.practitioner, address: /<([^>]*)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom };
}

/** '+45', from the number as dialled from abroad and as written at home. */
const countryCode = practice.phoneE164.slice(0, practice.phoneE164.length - practice.phone.replace(/\D/g, '').length);

/**
 * The practice's number as this visitor can dial it: with the country code in English and Persian
 * and for every online session (the visitor may be abroad), never broken across lines (no-break
 * spaces), and isolated left to right in Persian so that its groups keep their order.
 */
export function visitorPhone(r: Pick<AnswerRequest, 'lang' | 'format'>): string {
  const abroad = r.lang !== 'da' || r.format === 'online';
  return ltr((abroad ? `${countryCode} ${practice.phone}` : practice.phone).replace(/ /g, '\u00a0'), r.lang);
}

/** The first word of the name as typed: 'Karen Blixen' → 'Karen'. */
export const firstName = (name: string): string => oneLine(name).split(/\s+/)[0] ?? '';

/** The last moment to cancel, as the price page states it: 12.00 the day before, and at least 24 hours before. */
export function cancellationDeadline(start: Date): Date {
  const local = DateTime.fromJSDate(start, { zone });
  const noonBefore = local.minus({ days: 1 }).set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
  const dayBefore = local.minus({ hours: 24 });
  return DateTime.min(noonBefore, dayBefore).toJSDate();
}

/** The start and end in full, in the visitor's language, Danish time. */
export const whenOf = (r: AnswerRequest, template: string) =>
  fill(template, {
    day: fullDayLabel(r.start, r.lang),
    from: timeLabel(r.start, r.lang),
    to: timeLabel(r.end, r.lang),
  });

/** The site's page in the visitor's language, from BASE_URL (never a request's Host). */
export const pageUrl = (baseUrl: string, path: string) => `${baseUrl}${path}`;

export const paragraph = (text: string) => html`<p>${text}</p>`;

/** Her message in a right-to-left mail: each line in its own direction (first-strong isolates), so Danish keeps its full stop at the end. */
export const isolated = (text: string, lang: Lang) =>
  languages[lang].dir === 'rtl'
    ? text
        .split('\n')
        .map((line) => `\u2068${line}\u2069`)
        .join('\n')
    : text;

export const signature = (r: AnswerRequest) => [
  visitorMails[r.lang].closing,
  visitorMails[r.lang].practitioner,
  visitorPhone(r),
];

/** The same in HTML, the phone a link that dials it and never breaks. */
export const signatureHtml = (r: AnswerRequest) =>
  html`<p>${visitorMails[r.lang].closing}<br>${visitorMails[r.lang].practitioner}<br><a href="tel:${practice.phoneE164}" dir="ltr" style="white-space:nowrap">${visitorPhone(r)}</a></p>`;

/** Where the session is, as the event, the calendar links and the mail's table say it. */
export function placeOf(r: AnswerRequest, videoUrl: string | null): string {
  if (r.format === 'online') return videoUrl ?? visitorMails[r.lang].event.online;
  return siteTexts[r.lang].practice.address.oneLine;
}
