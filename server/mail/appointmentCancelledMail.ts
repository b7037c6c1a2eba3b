import { languages } from '../../content/languages';
import { manageTexts } from '../../content/manageTexts';
import { visitorMails } from '../../content/visitorMails';
import { fill } from '../../views/format';
import { bookingQuery } from '../../views/booking/model';
import { paths } from '../../views/routes';
import { cancellationDeadline } from '../booking/deadline';
import type { AnswerRequest } from '../booking/decision/token';
import { html, mailDocument } from './html';
import { typedHeader } from './practiceParts';
import { cancelledEvent } from './visitorEvent';
import type { VisitorMail, VisitorMailConfig } from './visitorMail';
import {
  dayOf,
  firstName,
  momentOf,
  pageUrl,
  paragraph,
  sender,
  sessionFee,
  signature,
  signatureHtml,
  visitorPhone,
  whenOf,
} from './visitorParts';

// The client's receipt of her own cancellation with her manage link (server/booking/manage/):
// free before the deadline, or, after it, that the practice has her word and the fee stands; how
// to get a new time; and the event cancelled (METHOD:CANCEL, the same UID, its SEQUENCE raised),
// which takes the entry out of her calendar. Its subject is the cancellation's her own release
// sends (visitorMail.json: cancelled). Discreet as every visitor mail.

/** The session as the event knew it: `uid`, and the SEQUENCE of the event she last had. */
interface Cancelled {
  uid: string;
  sequence: number;
  late: boolean;
}

export async function appointmentCancelledMail(
  config: VisitorMailConfig,
  r: AnswerRequest,
  cancelled: Cancelled,
  now: Date,
): Promise<VisitorMail> {
  const { lang } = r;
  const t = visitorMails[lang];
  const m = manageTexts[lang].mails;
  const greeting = fill(t.greeting, { name: firstName(r.name) });
  const when = whenOf(r, t.confirmed.when);
  const intro = cancelled.late
    ? fill(m.cancelledLate, { when, deadline: await momentOf(cancellationDeadline(r.start), lang), fee: sessionFee(r) })
    : fill(m.cancelledFree, { when });
  const rebook = fill(t.cancelled.rebookClient, { phone: visitorPhone(r) });
  const booking = pageUrl(config.baseUrl, `${paths.booking[lang]}${bookingQuery(r.service, r.format)}`);
  const event = { uid: cancelled.uid, sequence: cancelled.sequence + 1 };
  return {
    from: sender(config.mailFrom),
    to: r.email,
    replyTo: config.mailTo,
    subject: typedHeader(fill(t.cancelled.subject, dayOf(r.start, lang))),
    text: [greeting, '', intro, '', rebook, booking, '', m.cancelAttachment, '', ...signature(r)].join('\n'),
    html: mailDocument(lang, languages[lang].dir, [
      paragraph(greeting),
      paragraph(intro),
      paragraph(rebook),
      html`<p><a href="${booking}">${booking}</a></p>`,
      paragraph(m.cancelAttachment),
      signatureHtml(r),
    ]),
    date: now,
    attachments: [
      {
        filename: t.event.file,
        content: cancelledEvent(r, now, config.mailFrom, event),
        contentType: 'text/calendar; charset=utf-8; method=CANCEL',
      },
    ],
  };
}
