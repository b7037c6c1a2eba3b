import { bookingMail as t } from '../../content/bookingMail';
import { clientChanges as c } from '../../content/clientChanges';
import { danish } from '../../content/danish';
import { siteTexts } from '../../content/siteTexts';
import { fill } from '../../views/format';
import { oneLine } from '../../views/oneLine';
import type { Config } from '../process/config';
import { cancellationDeadline } from '../booking/deadline';
import type { AnswerLinks } from '../booking/decision/links';
import type { AnswerRequest } from '../booking/decision/token';
import { danishWhen, fullDayLabel, timeLabel } from '../booking/when';
import { html } from './html';
import {
  answerButton,
  danishTime,
  danishUntil,
  detailsTable,
  mailtoAddress,
  practiceDocument,
  typedHeader,
  type PracticeMail,
} from './practiceParts';
import { quoted } from './quoted';
import { sessionFee } from './visitorParts';

// What the practitioner hears when a client changes her own appointment with her manage link
// (server/booking/manage/), at once and on the practice's path (encrypted to her key when she has
// one): a cancellation (who, which time, free or late and then that the fee applies, the reason
// if given), or a move as a request with her two answer links, saying which confirmed time it
// replaces. Nothing the client typed is markup; in the text part her reason is quoted.

type MailConfig = Pick<Config, 'mailTo' | 'mailFrom'>;

/** 'Parterapi tirsdag den 10. marts 2026 kl. 14.00': a subject's service and time. */
const subjectWhen = (r: AnswerRequest) => `${fullDayLabel(r.start, 'da')} kl. ${timeLabel(r.start, 'da')}`;

export function clientCancelMail(
  config: MailConfig,
  r: AnswerRequest,
  cancelled: { late: boolean; reason: string },
  now: Date,
): PracticeMail {
  const name = oneLine(r.name);
  const service = danish.prices.prices[r.service].label;
  const deadline = danishTime(cancellationDeadline(r.start));
  const intro = fill(c.cancelled.intro, { name, service, when: danishWhen(r.start, r.end) });
  const rule = cancelled.late
    ? fill(c.cancelled.late, { deadline, fee: sessionFee({ service: r.service, lang: 'da' }) })
    : fill(c.cancelled.free, { deadline });
  const reason = cancelled.reason.trim();
  return {
    from: config.mailFrom,
    to: config.mailTo,
    replyTo: r.email,
    subject: typedHeader(fill(c.cancelled.subject, { service, when: subjectWhen(r), name })),
    text: [
      intro,
      rule,
      '',
      c.cancelled.reason,
      reason ? quoted(reason) : c.cancelled.noReason,
      '',
      c.cancelled.after,
    ].join('\n'),
    html: practiceDocument([
      html`<p>${intro}</p>`,
      html`<p><strong>${rule}</strong></p>`,
      html`<p>${c.cancelled.reason}</p>`,
      html`<pre dir="auto" style="white-space:pre-wrap;font-family:inherit">${reason || c.cancelled.noReason}</pre>`,
      html`<p>${c.cancelled.after}</p>`,
    ]),
    date: now,
  };
}

/** A move the client asked for: a request for the new time with her two links, naming the confirmed time it replaces. */
export function moveRequestMail(config: MailConfig, r: AnswerRequest, links: AnswerLinks, now: Date): PracticeMail {
  const name = oneLine(r.name);
  const language = siteTexts.da.languageNames[r.lang];
  const service = danish.prices.prices[r.service].label;
  const old = r.replaces ?? r;
  const [was, next] = [danishWhen(old.start, old.end), danishWhen(r.start, r.end)];
  const intro = fill(c.move.intro, { name, old: was, new: next });
  const answerNote = fill(t.answerNote, { language, until: danishUntil(links.expires) });
  const format = danish.booking.flow.formats[r.format];
  const rows: [string, string][] = [
    [t.service, service],
    [c.move.newTime, next],
    [c.move.replaces, was],
    [t.format, format],
    [t.name, name],
    [t.email, r.email],
  ];
  return {
    from: config.mailFrom,
    to: config.mailTo,
    replyTo: r.email,
    subject: typedHeader(
      fill(c.move.subject, { service, when: subjectWhen(r), name }) +
        (r.lang === 'da' ? '' : ` ${fill(t.subjectLanguage, { language })}`),
    ),
    text: [
      intro,
      c.move.explain,
      '',
      t.answer,
      `${t.confirmLink}: ${links.confirm}`,
      `${t.declineLink}: ${links.decline}`,
      answerNote,
      '',
      fill(t.language, { language }),
      ...rows.map(([label, value]) => `${label}: ${value}`),
    ].join('\n'),
    html: practiceDocument([
      html`<p><strong>${intro}</strong></p>`,
      html`<p>${c.move.explain}</p>`,
      html`<p><strong>${t.answer}</strong></p>`,
      html`<p>${answerButton(links.confirm, t.confirmLink)} ${answerButton(links.decline, t.declineLink)}</p>`,
      html`<p>${answerNote}</p>`,
      html`<p>${fill(t.language, { language })}</p>`,
      detailsTable(
        rows.map(([label, value]) =>
          label === t.email ? [label, html`<a href="mailto:${mailtoAddress(value)}">${value}</a>`] : [label, value],
        ),
      ),
    ]),
    date: now,
  };
}
