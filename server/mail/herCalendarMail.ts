import { danish } from '../../content/danish';
import { herCalendar } from '../../content/herCalendar';
import { fill } from '../../views/format';
import { oneLine } from '../../views/oneLine';
import type { Config } from '../process/config';
import { dayLabel, timeLabel } from '../booking/when';
import { html } from './html';
import { practiceDocument, typedHeader, type PracticeMail } from './practiceParts';

// What the practice hears about her own calendar (server/booking/herCalendar/): the session the
// site would have changed there and did not, because she had changed it herself or its UID was
// taken; and, once, that the calendar refuses the site's login. Encrypted to her key like every
// mail to the practice.

const t = herCalendar.mail;

/** Why she is told about one session: her edit kept (the session moved or was cancelled), or its UID taken. */
export type CalendarNotice = { kind: 'moved'; to: Date } | { kind: 'cancelled' } | { kind: 'conflict' };

/** The session as the mail names it. */
interface Named {
  service: keyof typeof danish.prices.prices;
  start: Date;
  name: string;
}

const whenOf = (d: Date) => `${dayLabel(d, 'da')} kl. ${timeLabel(d, 'da')}`;

function mailOf(
  config: Pick<Config, 'mailTo' | 'mailFrom'>,
  subject: string,
  lines: string[],
  now: Date,
): PracticeMail {
  return {
    from: config.mailFrom,
    to: config.mailTo,
    replyTo: config.mailTo,
    subject: typedHeader(subject),
    text: lines.join('\n\n'),
    html: practiceDocument(lines.map((line) => html`<p>${line}</p>`)),
    date: now,
  };
}

/** A session whose event the site left as it is in her calendar. `session`: as it stood there. */
export function herCalendarMail(
  config: Pick<Config, 'mailTo' | 'mailFrom'>,
  session: Named,
  notice: CalendarNotice,
  now: Date,
): PracticeMail {
  const values = {
    service: danish.prices.prices[session.service].label,
    when: whenOf(session.start),
    name: oneLine(session.name),
    to: notice.kind === 'moved' ? whenOf(notice.to) : '',
  };
  const subject = fill(t.subject, values);
  return mailOf(config, subject, [fill(t[notice.kind], values), t.after], now);
}

/** Her calendar refuses the site's login. */
export function calendarLoginMail(config: Pick<Config, 'mailTo' | 'mailFrom'>, now: Date): PracticeMail {
  return mailOf(config, t.loginSubject, [t.login], now);
}
