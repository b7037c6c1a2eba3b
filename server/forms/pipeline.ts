import express, { type NextFunction, type Request, type Response } from 'express';
import { serverTexts } from '../../content/serverTexts';
import type { RateLimitStore } from '../store/rateLimit';
import { bodyErrors, parseBody, type BodyRefusal } from './body';
import type { BaseReply, Count, FormDefinition, FormReply, Outcome, Posted } from './form';
import { refunds } from './form';
import { formCounts } from './limits';
import { isNoScript, langOf, sameOrigin, visitorKey } from './visitor';

export { bodyLimit, FORM_FIELD_LIMIT, valuesOf } from './body';
export {
  mayHaveGone,
  pipelineRefusals,
  refunds,
  type FormResponse,
  type FormDefinition,
  type FormReply,
  type Outcome,
  type Posted,
} from './form';

// The one door every form's post goes through (POST /api/contact.php, POST /api/booking, POST
// /booking/svar, and any form added later), in this order: the body's size and number of fields
// (body.ts), the same-origin check for urlencoded posts (a page without JavaScript), the
// visitor's count (limits.ts), the honeypot, the form's own validation (for the answer form: is
// the link ours), the site's cap, then the form's action. The visitor's count is taken on arrival
// and bounds what one address makes the server do; the site's cap bounds what the site does (mails,
// holds), so it is taken only for a post the form has read and is about to act on: nothing a
// stranger sends that the form refuses (a link not ours, a bot, bad input) touches it, even for
// the moment a refund would take, and no flood of junk locks the practitioner out (decision 0032).
// A count is given back only for the server's own refusals (Outcome.refund: invalid input, not
// delivered, ...), never because the client hung up: the action runs to its end whatever the
// connection does. Every reply is no-store, in the visitor's language, and logged with its
// outcome (the request log then writes a refusal the form chose at warn, not error).

/** A refusal's outcome. Every property a form adds is optional (Partial<X>): a base reply is one of the form's, which TypeScript cannot see through a type parameter. */
const refusal = <X extends object>(status: number, logWord: string, error: string, refund: readonly Count[] = []) => ({
  status,
  logWord,
  reply: { success: false, error } as BaseReply as FormReply<X>,
  refund,
});

/** The form's answer to an outcome: logged with it, its counts given back (`refund`), no-store, the outcome's status. */
function replier<Value, X extends object>(
  form: FormDefinition<Value, X>,
  refund: (req: Request, counts: readonly Count[]) => Promise<void>,
) {
  return async function reply(req: Request, res: Response, given: Outcome<X>) {
    req.log.info({ outcome: given.logWord }, form.logMessage);
    res.locals.logWord = given.logWord;
    await refund(req, given.refund ?? []);
    res.set('Cache-Control', 'no-store');
    const to = { lang: langOf(req), noScript: isNoScript(req) };
    if (to.noScript && given.reply.success && form.seeOther) return res.redirect(303, form.seeOther(to.lang));
    // The outcome's status, whatever the form answers with (form.ts: respond).
    const answer = await form.respond(req, given, to);
    res.status(given.status);
    if ('json' in answer) res.json(answer.json);
    else
      res
        .set(answer.headers ?? {})
        .type('html')
        .send(answer.page);
  };
}

/** The router of one form: its path, through every step above. */
export function formRouter<Value, X extends object>(
  form: FormDefinition<Value, X>,
  deps: { baseUrl: string; rateLimit: RateLimitStore },
): express.Router {
  const general = (req: Request) => serverTexts[langOf(req)].replies;
  const reply = replier(form, (req, refund) => counts.refund(req, refund));
  const replyOrNext = (req: Request, res: Response, next: NextFunction, given: Outcome<X>) =>
    reply(req, res, given).catch(next);
  const reject = (req: Request, res: Response, next: NextFunction, status: number, reply: BodyRefusal) =>
    replyOrNext(req, res, next, refusal(status, 'rejected', general(req)[reply]));
  /** A limit's refusal, in the form's words. */
  const limited =
    (status: number, logWord: string, text: 'rateLimited' | 'siteLimited', refund: readonly Count[]) =>
    (req: Request, res: Response, next: NextFunction) =>
      form
        .texts(langOf(req))
        .then((t) => reply(req, res, refusal<X>(status, logWord, t[text], refund)))
        .catch(next);
  const counts = formCounts(form, deps.rateLimit, {
    visitor: limited(429, 'rate-limited', 'rateLimited', refunds.none),
    site: limited(503, 'site-limited', 'siteLimited', refunds.siteLimited),
  });

  // What the form has read, between its validation and its action (the site's cap in between).
  const read = new WeakMap<Request, { posted: Posted; value: Value }>();

  /** The honeypot, then the form's own validation: a refusal is answered here, before the site's cap. */
  async function screen(req: Request, res: Response, next: NextFunction) {
    const noScript = isNoScript(req);
    if (noScript) {
      const body = { ...(req.body as Record<string, unknown>) };
      for (const box of form.checkboxes) body[box] = body[box] === 'true';
      req.body = body;
    }
    const posted: Posted = { req, lang: langOf(req), visitor: visitorKey(req), noScript };
    const honeypot = (req.body as { website?: unknown } | null)?.website;
    if (typeof honeypot === 'string' && honeypot.trim() !== '') {
      const thanked = { success: true } as BaseReply as FormReply<X>;
      return reply(req, res, { status: 200, logWord: 'spam', reply: thanked, refund: refunds.spam });
    }
    const parsed = await form.parse(req.body, posted);
    if (!parsed.ok) return reply(req, res, parsed.refused);
    read.set(req, { posted, value: parsed.value });
    next();
  }

  async function act(req: Request, res: Response) {
    const { posted, value } = read.get(req) as { posted: Posted; value: Value };
    await reply(req, res, await form.act(value, posted));
  }

  const router = express.Router();
  router
    .route(form.path)
    .post(
      parseBody(form, reject),
      sameOrigin(deps.baseUrl, form.logMessage),
      counts.perVisitor,
      (req, res, next) => screen(req, res, next).catch(next),
      counts.perSite,
      (req, res, next) => act(req, res).catch(next),
    )
    .all((req, res) => {
      res.set({ Allow: 'POST', 'Cache-Control': 'no-store' });
      res.status(405).json({ success: false, error: general(req).method });
    });
  router.use(form.path, bodyErrors(form, reject));
  return router;
}
