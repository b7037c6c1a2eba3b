import { languages } from '../../content/languages';
import { visitorMails } from '../../content/visitorMails';
import { fill } from '../../views/format';
import { bookingQuery } from '../../views/booking/model';
import { paths } from '../../views/routes';
import type { AnswerRequest } from '../booking/decision/token';
import { html, mailDocument } from './html';
import { typedHeader } from './practiceParts';
import type { VisitorMail, VisitorMailConfig } from './visitorMail';
import {
  dayOf,
  firstName,
  messageHtml,
  messageText,
  pageUrl,
  paragraph,
  sender,
  signature,
  signatureHtml,
  visitorPhone,
  whenOf,
} from './visitorParts';
import type { Canceller } from '../booking/request';

// The mail a client receives when the practitioner released a confirmed time and asked the site to
// tell them (server/booking/decision/): kind either way, since a cancelled session can read as a
// rejection. The client cancelled: thanks for letting her know. She cancelled: her apology, and
// that it costs nothing. Then her own words, if any, and how to get a new time. Discreet as every
// visitor mail (visitorMail.ts).

/** A confirmed time she released, if she chose to tell the client: thanks for the word, or her apology; her message; how to get a new time. */
export function cancelledMail(
  config: VisitorMailConfig,
  r: AnswerRequest,
  cancelled: { by: Canceller; message: string },
  now: Date,
): VisitorMail {
  const { lang } = r;
  const t = visitorMails[lang];
  const c = t.cancelled;
  const byClient = cancelled.by === 'client';
  const greeting = fill(t.greeting, { name: firstName(r.name) });
  const intro = fill(byClient ? c.introClient : c.introPractitioner, { when: whenOf(r, t.confirmed.when) });
  const note = cancelled.message.trim();
  const rebook = fill(byClient ? c.rebookClient : c.rebookPractitioner, { phone: visitorPhone(r) });
  const booking = pageUrl(config.baseUrl, `${paths.booking[lang]}${bookingQuery(r.service, r.format)}`);
  return {
    from: sender(config.mailFrom),
    to: r.email,
    replyTo: config.mailTo,
    subject: typedHeader(fill(c.subject, dayOf(r.start, lang))),
    text: [
      greeting,
      '',
      intro,
      ...(note ? ['', messageText(note, lang)] : []),
      '',
      rebook,
      booking,
      '',
      ...signature(r),
    ].join('\n'),
    html: mailDocument(lang, languages[lang].dir, [
      paragraph(greeting),
      paragraph(intro),
      note ? messageHtml(note, lang) : null,
      paragraph(rebook),
      html`<p><a href="${booking}">${booking}</a></p>`,
      signatureHtml(r),
    ]),
    date: now,
  };
}
