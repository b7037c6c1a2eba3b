import { languages } from '../../content/languages';
import { manageTexts } from '../../content/manageTexts';
import { visitorMails } from '../../content/visitorMails';
import { fill } from '../../views/format';
import type { AnswerRequest } from '../booking/decision/token';
import { html, mailDocument } from './html';
import { typedHeader } from './practiceParts';
import type { VisitorMail, VisitorMailConfig } from './visitorMail';
import {
  dayOf,
  firstName,
  messageHtml,
  messageText,
  paragraph,
  sender,
  signature,
  signatureHtml,
  visitorPhone,
  whenOf,
} from './visitorParts';

// The client's mail when the practitioner declines the move she asked for with her manage link
// (server/booking/manage/): the time she asked for cannot be had, her appointment stays as it
// was, the practitioner's own words if any, the phone to find another time, and her manage link
// again (to cancel; the link's one move is used). A confirmed move is a confirmation
// (visitorMail.ts: confirmedMail). Discreet as every visitor mail.

export function moveDeclinedMail(
  config: VisitorMailConfig,
  r: AnswerRequest,
  message: string,
  manage: string | null,
  now: Date,
): VisitorMail {
  const { lang } = r;
  const t = visitorMails[lang];
  const m = manageTexts[lang].mails;
  const kept = { ...r, ...(r.replaces ?? {}) };
  const greeting = fill(t.greeting, { name: firstName(r.name) });
  const intro = fill(m.moveDeclinedIntro, { asked: whenOf(r, t.confirmed.when), when: whenOf(kept, t.confirmed.when) });
  const note = message.trim();
  const phone = fill(m.moveDeclinedPhone, { phone: visitorPhone(r) });
  return {
    from: sender(config.mailFrom),
    to: r.email,
    replyTo: config.mailTo,
    subject: typedHeader(fill(m.moveDeclinedSubject, dayOf(kept.start, lang))),
    text: [
      greeting,
      '',
      intro,
      ...(note ? ['', messageText(note, lang)] : []),
      '',
      phone,
      ...(manage ? ['', `${m.manageLink}: ${manage}`] : []),
      '',
      ...signature(r),
    ].join('\n'),
    html: mailDocument(lang, languages[lang].dir, [
      paragraph(greeting),
      paragraph(intro),
      note ? messageHtml(note, lang) : null,
      paragraph(phone),
      manage ? html`<p><a href="${manage}">${m.manageLink}</a></p>` : null,
      signatureHtml(r),
    ]),
    date: now,
  };
}
