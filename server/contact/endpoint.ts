import type express from 'express';
import { langs, type Lang } from '../../content/languages';
import { serverTexts } from '../../content/serverTexts';
import { translations } from '../../content/translations';
import type { ServerTexts } from '../../content/texts/server';
import { withPhone } from '../../views/format';
import { parseContact, type ContactMessage, type FieldErrors } from '../../views/contact/validation';
import { maxLength } from '../../views/forms/fields';
import { CONTACT_PATH } from '../../views/contact/send';
import type { ContactSeed } from '../../views/contact/state';
import { paths, sentQuery } from '../../views/routes';
import type { Config } from '../process/config';
import { composeContactMail } from '../mail/contactMail';
import { describeFailure, MailOutcomeUnknown, type Mailer } from '../mail/transport';
import type { RateLimitStore } from '../store/rateLimit';
import type { RenderPage } from '../http/render';
import {
  bodyLimit,
  FORM_FIELD_LIMIT,
  formRouter,
  mayHaveGone,
  refunds,
  valuesOf,
  type FormDefinition,
} from '../forms/pipeline';

// POST /api/contact.php: the form's JSON call, and the same form posted without JavaScript
// (urlencoded), which is answered with HTML. Both take the same path through the forms' one
// pipeline (server/forms/pipeline.ts); this file is what is the contact form's own: its fields,
// its rules, its delivery and its answers, each in the language of the page the visitor wrote from.

/** Room for the lang, consent and website fields and the field names (server/forms/pipeline.ts: bodyLimit). */
const BODY_SLACK = 2048;
export const BODY_LIMIT = bodyLimit(maxLength, BODY_SLACK);

/** Where a visitor without JavaScript lands after a delivered message: the thank-you card. */
const sentPath = (lang: Lang) => `${paths.contact[lang]}?${sentQuery[lang]}=1`;

/** Each language's replies, with the phone number filled in once. */
const replies = Object.fromEntries(
  langs.map((lang) => {
    const r = serverTexts[lang].replies;
    const phone = (text: string) => withPhone(text, lang);
    return [
      lang,
      { ...r, rateLimited: phone(r.rateLimited), delivery: phone(r.delivery), uncertain: phone(r.uncertain) },
    ];
  }),
) as Record<Lang, ServerTexts['replies']>;

type Extra = { fields: FieldErrors };

/** The visitor's values, as far as they could be read, to give back with an error. */
const contactValues = (body: unknown): ContactMessage =>
  valuesOf(body, ['name', 'email', 'phone', 'message'], ['consent']);

/** The contact form as the pipeline (server/forms/pipeline.ts) takes it: its fields, rules, delivery and answers. */
function contactForm(deps: {
  config: Config;
  mailer: Mailer;
  render: RenderPage;
}): FormDefinition<ContactMessage, Extra> {
  const { config, mailer, render } = deps;
  return {
    id: 'contact',
    logMessage: 'contact form',
    path: CONTACT_PATH,
    fieldLimits: maxLength,
    bodySlack: BODY_SLACK,
    fieldCount: FORM_FIELD_LIMIT,
    fields: ['name', 'email', 'phone', 'message', 'lang'],
    checkboxes: ['consent'],
    limits: {
      visitor: { limit: config.contactRateLimit, windowMs: config.contactRateWindowMs },
      site: { limit: config.contactSiteLimit, windowMs: config.contactSiteWindowMs },
      counters: { visitor: 'contact', site: 'contact-site' },
    },
    texts: async (lang) => ({ rateLimited: replies[lang].rateLimited, siteLimited: replies[lang].delivery }),
    async parse(body, { lang }) {
      const { form } = await translations[lang].contact();
      const parsed = parseContact(body, form.fieldErrors, replies[lang], lang);
      if (parsed.ok) return { ok: true, value: parsed.message };
      const reply = { success: false, error: replies[lang].invalid, fields: parsed.errors };
      return { ok: false, refused: { status: 400, logWord: 'invalid', reply, refund: refunds.invalid } };
    },
    async act(message, { req, lang }) {
      try {
        await mailer.send(composeContactMail(config, message, new Date(), lang), { for: 'practice' });
      } catch (err) {
        // It may have arrived: not "sent", not "not sent" (decision 0052); the visitor keeps her text. Codes only.
        if (err instanceof MailOutcomeUnknown) {
          req.log.warn(describeFailure(err), 'contact message: no reply from the mail server after it was handed over');
          return mayHaveGone({ success: false, error: replies[lang].uncertain });
        }
        // The error's codes only: an SMTP reply can quote addresses.
        req.log.error(describeFailure(err), 'contact message not delivered');
        const reply = { success: false, error: replies[lang].delivery };
        return { status: 502, logWord: 'delivery-failed', reply, refund: refunds.notDelivered };
      }
      return { status: 200, logWord: 'sent', reply: { success: true } };
    },
    // Without JavaScript, a message delivered (or a bot thanked) lands on the thank-you card.
    seeOther: sentPath,
    async respond(req, { reply }, { lang, noScript }) {
      if (!noScript) return { json: reply };
      // Without JavaScript: the contact page again, values kept, showing what the hydrated form
      // would; an error with no words of its own says the spec's fallback (the script's post always
      // has words: views/forms/post.ts).
      const fallback = async () => withPhone((await translations[lang].contact()).form.errors.fallback, lang);
      const seed: ContactSeed = reply.fields
        ? { status: 'idle', values: contactValues(req.body), errors: reply.fields, error: '' }
        : { status: 'error', values: contactValues(req.body), errors: {}, error: reply.error || (await fallback()) };
      return { page: (await render(paths.contact[lang], { contact: seed })).html };
    },
  };
}

export function contactRouter(deps: {
  config: Config;
  mailer: Mailer;
  render: RenderPage;
  rateLimit: RateLimitStore;
}): express.Router {
  return formRouter(contactForm(deps), { baseUrl: deps.config.baseUrl, rateLimit: deps.rateLimit });
}
