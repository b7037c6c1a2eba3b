import express from 'express';
import type pino from 'pino';
import { renderToString } from 'react-dom/server';
import { serverTexts } from '../../../content/serverTexts';
import {
  FORM_FIELD_LIMIT,
  type FormDefinition,
  formRouter,
  type Outcome,
  refunds,
  valuesOf,
} from '../../../server/forms/pipeline';
import { requestLog } from '../../../server/http/requestLog';
import { html } from '../../../server/mail/html';
import { practiceDocument } from '../../../server/mail/practiceParts';
import { describeFailure, type Mailer } from '../../../server/mail/transport';
import type { RateLimitStore } from '../../../server/store/rateLimit';
import { readTextField } from '../../../views/forms/fields';
import { CALLBACK_PATH, CallbackForm, type CallbackState, callbackErrors } from './CallbackForm';

// The recipe form's server side (docs/recipes.md, a form, step 5): a FormDefinition through the
// one pipeline, its action a mail to the practice. Its limits come from the test, not the config.

type Extra = { fields: { phone?: string } };

export interface CallbackDeps {
  mailer: Mailer;
  rateLimit: RateLimitStore;
  mailTo: string;
  mailFrom: string;
  limits: { visitor: { limit: number; windowMs: number }; site: { limit: number; windowMs: number } };
}

/** The page the form is on (the tests' own), rendered with the form's state; the browser hydrates it. */
function callbackPage(seed: CallbackState = {}): string {
  const form = renderToString(<CallbackForm seed={seed} />);
  const state = JSON.stringify(seed).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><title>Ring mig op</title></head><body><div id="root">${form}</div><script type="application/json" id="seed">${state}</script><script type="module" src="/callback.js"></script></body></html>`;
}

export function callbackForm(deps: CallbackDeps): FormDefinition<string, Extra> {
  const { mailer } = deps;
  return {
    id: 'callback',
    logMessage: 'callback form',
    path: CALLBACK_PATH,
    fieldLimits: { phone: 40 },
    // The body limit leaves room for the check of the field count ((100 + 1) × 32 bytes): 360 + 3,072.
    bodySlack: 3072,
    fieldCount: FORM_FIELD_LIMIT,
    fields: ['phone', 'lang'],
    checkboxes: [],
    limits: { ...deps.limits, counters: { visitor: 'callback', site: 'callback-site' } },
    texts: async (lang) => ({
      rateLimited: serverTexts[lang].replies.rateLimited,
      siteLimited: serverTexts[lang].replies.delivery,
    }),
    async parse(body, { lang }) {
      const replies = serverTexts[lang].replies;
      const phone = readTextField((body as { phone?: unknown } | null)?.phone, 'phone', replies, lang);
      const fields = phone.error ? { phone: phone.error } : callbackErrors(phone.checked);
      if (!fields.phone) return { ok: true, value: phone.checked };
      const refused: Outcome<Extra> = {
        status: 400,
        logWord: 'invalid',
        reply: { success: false, error: replies.invalid, fields },
        refund: refunds.invalid,
      };
      return { ok: false, refused };
    },
    async act(phone, { req, lang }) {
      const text = `Ring venligst op: ${phone}`;
      try {
        await mailer.send(
          {
            from: deps.mailFrom,
            to: deps.mailTo,
            replyTo: deps.mailFrom,
            subject: 'Opringning ønsket',
            text,
            html: practiceDocument(html`<p>${text}</p>`),
            date: new Date(),
          },
          { for: 'practice' },
        );
      } catch (err) {
        req.log.error(describeFailure(err), 'callback not delivered');
        const reply = { success: false, error: serverTexts[lang].replies.delivery };
        return { status: 502, logWord: 'delivery-failed', reply, refund: refunds.notDelivered };
      }
      return { status: 200, logWord: 'sent', reply: { success: true } };
    },
    async respond(req, { reply }, { noScript }) {
      if (!noScript) return { json: reply };
      const { phone } = valuesOf(req.body, ['phone'], []);
      return {
        page: callbackPage(reply.success ? { sent: true } : { phone, error: reply.error, fields: reply.fields }),
      };
    },
  };
}

/**
 * An app with the recipe form (steps 5 and 7: its router after the request log), its page at
 * /callback and the page's script at /callback.js (`script`: esbuild's bundle of client.tsx), in
 * front of `app` (the site, for the table test).
 */
export function callbackApp(
  deps: CallbackDeps & { logger: pino.Logger; baseUrl: string; trustProxy?: number; script?: string },
  app?: express.Express,
): express.Express {
  const outer = express();
  outer.set('trust proxy', deps.trustProxy ?? 0);
  outer.use(requestLog(deps.logger));
  outer.use(formRouter(callbackForm(deps), { baseUrl: deps.baseUrl, rateLimit: deps.rateLimit }));
  outer.get('/callback', (_req, res) => void res.type('html').send(callbackPage()));
  if (deps.script) {
    const script = deps.script;
    outer.get('/callback.js', (_req, res) => void res.type('js').send(script));
  }
  if (app) outer.use(app);
  return outer;
}
