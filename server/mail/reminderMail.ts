import { danish } from '../../content/danish';
import { bookingMail as t } from '../../content/bookingMail';
import { fill } from '../../views/format';
import type { Config } from '../process/config';
import type { DueHold } from '../store/holds';
import { dayLabel, timeLabel } from '../booking/when';
import { linksFor } from '../booking/decision/links';
import { html } from './html';
import { practiceDocument, typedHeader, type PracticeMail } from './practiceParts';

// The reminder the practice receives on the morning a request's answer is due and it is still
// unanswered (server/booking/decision/reminder.ts): the service and the time, that its links work
// through today, and the two links again when the sealed request rode with the hold. No personal
// data beyond what the request mail gave her; encrypted to her key like every mail to the practice.

export function reminderMail(
  config: Pick<Config, 'mailTo' | 'mailFrom' | 'baseUrl'>,
  due: DueHold,
  now: Date,
): PracticeMail {
  const service = danish.prices.prices[due.service].label;
  const when = `${dayLabel(due.start, 'da')} kl. ${timeLabel(due.start, 'da')}`;
  const intro = fill(t.reminder.text, { service, when });
  const links = due.sealed ? linksFor(config.baseUrl, due.sealed) : null;
  return {
    from: config.mailFrom,
    to: config.mailTo,
    replyTo: config.mailTo,
    subject: typedHeader(fill(t.reminder.subject, { service, when })),
    text: [
      intro,
      '',
      ...(links
        ? [t.answer, `${t.confirmLink}: ${links.confirm}`, `${t.declineLink}: ${links.decline}`]
        : [t.reminder.noLinks]),
      '',
      t.reminder.after,
    ].join('\n'),
    html: practiceDocument([
      html`<p>${intro}</p>`,
      links
        ? html`<p><strong>${t.answer}</strong></p><p><a href="${links.confirm}">${t.confirmLink}</a> · <a href="${links.decline}">${t.declineLink}</a></p>`
        : html`<p>${t.reminder.noLinks}</p>`,
      html`<p>${t.reminder.after}</p>`,
    ]),
    date: now,
  };
}
