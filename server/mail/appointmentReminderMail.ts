import { languages } from '../../content/languages';
import { manageTexts } from '../../content/manageTexts';
import { siteTexts } from '../../content/siteTexts';
import { visitorMails } from '../../content/visitorMails';
import { fill } from '../../views/format';
import { cancellationDeadline } from '../booking/deadline';
import type { AnswerRequest } from '../booking/decision/token';
import { html, mailDocument } from './html';
import { typedHeader } from './practiceParts';
import type { VisitorMail, VisitorMailConfig } from './visitorMail';
import {
  dayOf,
  firstName,
  momentOf,
  paragraph,
  sender,
  signature,
  signatureHtml,
  visitorPhone,
  whenOf,
} from './visitorParts';

// The reminder a client asked for on the booking form (server/booking/manage/reminders.ts), two
// days before her session and before the free cancellation deadline: the time and place again,
// the deadline, her manage link (while the practice offers it), the phone. Discreet as every
// visitor mail: its subject and first line say "appointment", never what kind.

export async function appointmentReminderMail(
  config: VisitorMailConfig,
  r: AnswerRequest,
  manage: string | null,
  now: Date,
): Promise<VisitorMail> {
  const { lang } = r;
  const t = visitorMails[lang];
  const m = manageTexts[lang].mails;
  const greeting = fill(t.greeting, { name: firstName(r.name) });
  const intro = fill(m.reminderIntro, { when: whenOf(r, t.confirmed.when) });
  // The clinic's address, or how the video session goes, as the confirmation said it.
  const place =
    r.format === 'online'
      ? config.videoUrl
        ? `${t.confirmed.onlineRoom}: ${config.videoUrl}`
        : t.confirmed.online
      : fill(t.confirmed.clinic, { address: siteTexts[lang].practice.address.oneLine });
  const deadline = await momentOf(cancellationDeadline(r.start), lang);
  const cancel = fill(manage ? m.deadline : t.confirmed.deadline, { deadline, phone: visitorPhone(r) });
  const preheader = fill(m.reminderPreheader, dayOf(r.start, lang));
  return {
    from: sender(config.mailFrom),
    to: r.email,
    replyTo: config.mailTo,
    subject: typedHeader(fill(m.reminderSubject, dayOf(r.start, lang))),
    text: [
      preheader,
      '',
      greeting,
      '',
      intro,
      `${t.confirmed.place}: ${place}`,
      '',
      cancel,
      ...(manage ? [`${m.manageLink}: ${manage}`] : []),
      '',
      ...signature(r),
    ].join('\n'),
    html: mailDocument(
      lang,
      languages[lang].dir,
      [
        paragraph(greeting),
        paragraph(intro),
        html`<p><strong>${t.confirmed.place}:</strong> ${place}</p>`,
        paragraph(cancel),
        manage ? html`<p><a href="${manage}"><strong>${m.manageLink}</strong></a></p>` : null,
        signatureHtml(r),
      ],
      { preheader },
    ),
    date: now,
  };
}
