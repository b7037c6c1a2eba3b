import { bookingRules } from '../../content/booking';
import { languages, type Lang } from '../../content/languages';
import { practice } from '../../content/practice';
import { priceById } from '../../content/prices';
import { siteTexts } from '../../content/siteTexts';
import { translations } from '../../content/translations';
import { visitorMails } from '../../content/visitorMails';
import { dialablePhone, fill, ltr } from '../../views/format';
import { formatPrice } from '../../views/formatPage';
import type { AnswerRequest } from '../booking/decision/token';
import { dayLabel, fullDayLabel, timeLabel } from '../booking/when';
import { html } from './html';
import { oneLine } from '../../views/oneLine';

// What every mail to a visitor (visitorMail.ts) and the event it carries (visitorEvent.ts) say the
// same way: the sender by the practitioner's name, the practice's phone as the visitor can dial
// it, the greeting's name, the time, the place, the cancellation deadline and the signature.

export const zone = bookingRules.timeZone;

/**
 * MAIL_FROM's address under the practitioner's own name: a name that says nothing of psychology
 * (the address should not either: docs/operations.md). On one line; the mail library quotes or
 * encodes the rest (a quote, a comma, a bracket).
 */
export function sender(mailFrom: string) {
  return { name: oneLine(practice.practitioner), address: /<([^>]*)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom };
}

/** The practice's number as this visitor can dial it (views/format.ts), never broken across lines (no-break spaces), isolated left to right in Persian so that its groups keep their order. */
export const visitorPhone = (r: Pick<AnswerRequest, 'lang' | 'format'>): string =>
  ltr(dialablePhone(r.lang, r.format).replace(/ /g, '\u00a0'), r.lang);

/** The first word of the name as typed: 'Karen Blixen' → 'Karen'. */
export const firstName = (name: string): string => oneLine(name).split(/\s+/)[0] ?? '';

/** A moment as the booking page writes it: 'mandag den 9. marts 2026 kl. 12.00 (dansk tid)' ('mandag 9. marts …' short). */
export async function momentOf(time: Date, lang: Lang, short = false): Promise<string> {
  const { flow } = await translations[lang].booking();
  return fill(flow.when, { day: (short ? dayLabel : fullDayLabel)(time, lang), time: timeLabel(time, lang) });
}

/** The session's full fee as the price list writes it ('1.200 kr.', 'DKK 1,200'); '' when it has none. */
export function sessionFee(r: Pick<AnswerRequest, 'service' | 'lang'>): string {
  const amount = priceById(r.service)?.amount;
  return amount ? formatPrice(amount, r.lang) : '';
}

/** The start and end in full, in the visitor's language, Danish time. */
export const whenOf = (r: AnswerRequest, template: string) =>
  fill(template, {
    day: fullDayLabel(r.start, r.lang),
    from: timeLabel(r.start, r.lang),
    to: timeLabel(r.end, r.lang),
  });

/** A subject's or preview's day: '{day}' short, '{fullDay}' as the body writes it (the language's text chooses), '{time}'. */
export const dayOf = (start: Date, lang: Lang) => ({
  day: dayLabel(start, lang),
  fullDay: fullDayLabel(start, lang),
  time: timeLabel(start, lang),
});

/** The site's page in the visitor's language, from BASE_URL (never a request's Host). */
export const pageUrl = (baseUrl: string, path: string) => `${baseUrl}${path}`;

export const paragraph = (text: string) => html`<p>${text}</p>`;

const LRI = '\u2066';
const RLI = '\u2067';
const PDI = '\u2069';
/** A letter or digit that reads left to right: Latin script, and digits of every kind (a number reads left to right in Persian too). */
const LEFT = '[\\p{Script=Latin}0-9\u06f0-\u06f9\u0660-\u0669]';
const DIGIT = '[0-9\u06f0-\u06f9\u0660-\u0669]';
/** What may join such characters into one run: spaces (no-break too), and the signs of names, numbers, addresses. */
const JOIN = "[ \\u00a0.,:;'\u2019/@&_+\\-]+";
/** A run of Latin words and numbers ('Karen Blixen', '+45 12 34 56 78', 'sara@example.dk'), a '+' before it included. */
const LATIN_RUN = new RegExp(`\\+?${LEFT}(?:${LEFT}|${JOIN}(?=${LEFT}))*`, 'gu');
/** A number with its groups ('12 34 56 78', '+45 12 34 56 78', '۱۲ ۳۴ ۵۶ ۷۸'). */
const NUMBER_RUN = new RegExp(`\\+?${DIGIT}(?:${DIGIT}|[ \\u00a0.:/\\-]+(?=${DIGIT}))*`, 'gu');
/** A line's direction, by its first letter of a strong direction (a right-to-left letter, or none: right to left, as the mail). */
const lineIsLtr = (line: string) => /^[^\p{L}]*\p{Script=Latin}/u.test(line.replace(/[\u2066-\u2069]/g, ''));

/** One line of her message: its direction (in a left-to-right mail, each line's own: auto), its text with its runs isolated. */
function messageLines(text: string, lang: Lang): { dir: 'ltr' | 'rtl' | 'auto'; text: string }[] {
  const lines = text.split('\n');
  if (languages[lang].dir !== 'rtl') return lines.map((line) => ({ dir: 'auto', text: line }));
  // Bidi controls she typed are dropped first: none may reach past its line.
  return lines.map((typed) => {
    const line = typed.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');
    const ltrLine = lineIsLtr(line);
    return {
      dir: ltrLine ? 'ltr' : 'rtl',
      text: line.replace(ltrLine ? NUMBER_RUN : LATIN_RUN, (run) => `${LRI}${run}${PDI}`),
    };
  });
}

/**
 * Her message (a decline's, a release's) in the text part: in a right-to-left mail each line in
 * its own direction (Danish keeps its full stop at its end), and in it every number, and in a
 * Persian line every Latin run, isolated left to right. After Persian letters the bidi algorithm
 * takes a number's digits for Arabic numbers and the spaces between its groups for right to left,
 * so that "12 34 56 78" would read "78 56 34 12" (measured in Chromium: test/e2e/journeys/answer.ts).
 */
export const messageText = (text: string, lang: Lang): string =>
  messageLines(text, lang)
    .map((line) => (line.dir === 'auto' ? line.text : `${line.dir === 'ltr' ? LRI : RLI}${line.text}${PDI}`))
    .join('\n');

/** The same in HTML: each line a block in its direction, its isolates elements with `dir` (html.ts), nothing of it markup. */
export const messageHtml = (text: string, lang: Lang) =>
  html`<div style="margin-block:1em">${messageLines(text, lang).map((line) =>
    line.text.trim() ? html`<div dir="${line.dir}">${line.text}</div>` : html`<br>`,
  )}</div>`;

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
