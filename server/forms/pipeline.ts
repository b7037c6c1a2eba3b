import { isIP } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit, type AugmentedRequest, type RateLimitInfo } from 'express-rate-limit';
import { isLang, type Lang } from '../../content/languages';
import { serverTexts } from '../../content/serverTexts';
import { langOfPath } from '../../views/routes';
import type { RateLimitStore } from '../store/rateLimit';

// The one door every form's post goes through (POST /api/contact.php, POST /api/booking, and any
// form added later), in this order: the body's size and number of fields, the same-origin check
// for urlencoded posts (a page without JavaScript), the visitor's count and the site's cap, both
// taken on arrival, the honeypot, then the form's own validation and action. A count is given
// back only for the server's own refusals (Answer.refund: invalid input, not delivered, ...),
// never because the client hung up: the action runs to its end whatever the connection does.
// A form supplies what is its own (FormDefinition): its fields and their limits, its limits'
// configuration, its validation, its action and how it renders an answer (JSON, or the page
// again for a browser without JavaScript). Every answer is no-store and in the visitor's language.

/** Which counts an answer gives back: the visitor's, the whole site's. */
export type Count = 'visitor' | 'site';

/** Which counts each kind of the server's own refusal gives back. */
export const refunds = {
  /** The input was refused: it used up nothing, the visitor can correct it. */
  invalid: ['visitor', 'site'],
  /**
   * Nothing was sent (no mail): the time was taken, the calendar unreadable, the held share full,
   * a request already waiting. The site's count is given back; the visitor's stays, as it is
   * what bounds how often one visitor makes the server look.
   */
  nothingSent: ['site'],
  /** The mail server refused it: the visitor may try again; the site's count keeps it (a flood the provider rejects stays limited). */
  notDelivered: ['visitor'],
  /** A bot (the honeypot): its own count stays, the site's is given back, so bots cannot close the form to everyone. */
  spam: ['site'],
  /** The site's cap turned it away: the visitor's own count is given back. */
  siteLimited: ['visitor'],
  none: [],
} as const satisfies Record<string, readonly Count[]>;

/** What every form's answer says; a form adds its own (fields, the booking steps, ...). */
interface BaseReply {
  success: boolean;
  error?: string;
}
export type FormReply<X extends object> = BaseReply & Partial<X>;

export interface Answer<X extends object> {
  status: number;
  /** For the log line: what happened, never what the visitor wrote. */
  outcome: string;
  reply: FormReply<X>;
  refund?: readonly Count[];
}

interface Limit {
  limit: number;
  windowMs: number;
}

/** The outcomes of the pipeline's own refusals, before the form has read the request. */
export const pipelineRefusals: readonly string[] = ['rejected', 'rate-limited', 'site-limited'];

/** The request as a form's own steps see it. */
export interface Posted {
  req: Request;
  lang: Lang;
  /** Whom the counts belong to (visitorKey): an IP address or an IPv6 /56, never a header's value. */
  visitor: string;
  /** Posted urlencoded by a browser without JavaScript (answered with a page, not JSON). */
  form: boolean;
}

export interface FormDefinition<Value, X extends object> {
  /** 'contact', 'booking': the log's and the operator's name for the form. */
  id: string;
  /** The log line of each answer: 'contact form', 'booking request'. */
  logMessage: string;
  path: string;
  /** Each text field's longest value (characters): the body limit is computed from them. */
  fieldLimits: Record<string, number>;
  /** Room for the short fields (choices, the language, the checkbox, the field names), in bytes. */
  bodySlack: number;
  /** At most this many fields (urlencoded parameters or JSON keys): no object of thousands of keys is built. */
  fieldCount: number;
  /** The fields given back with a refusal of a form that could not be read as a whole. */
  fields: readonly string[];
  /** Checkboxes, posted as 'true' without JavaScript and as true in JSON. */
  checkboxes: readonly string[];
  /** The visitor's and the whole site's limit (limit 0: no site cap), and where each counts. */
  limits: {
    visitor: Limit;
    site: Limit;
    counters: { visitor: string; site: string };
  };
  /** The form's words for the pipeline's refusals, in the visitor's language, the phone filled in. */
  texts(lang: Lang): Promise<{ rateLimited: string; siteLimited: string }>;
  /** The form's validation: its value, or the answer that refuses it (refunds.invalid). */
  parse(body: unknown, posted: Posted): Promise<{ ok: true; value: Value } | { ok: false; answer: Answer<X> }>;
  /** What the form does with a valid post (mail it, hold a time): the answer. */
  act(value: Value, posted: Posted): Promise<Answer<X>>;
  /** Writes an answer: JSON, or for a post without JavaScript the page again (or a redirect). */
  respond(req: Request, res: Response, answer: Answer<X>, lang: Lang): Promise<void>;
}

const isForm = (req: Request) => Boolean(req.is('application/x-www-form-urlencoded'));

/**
 * The visitor's language: the body's "lang" ('da' when absent, as the spec's JSON has none). A
 * body that could not be read says nothing, so the page it came from (Referer) decides.
 */
function langOf(req: Request): Lang {
  const given = (req.body as { lang?: unknown } | undefined)?.lang;
  if (isLang(given)) return given;
  if (req.body !== undefined) return 'da';
  const referer = req.get('referer');
  try {
    return referer ? langOfPath(new URL(referer).pathname) : 'da';
  } catch {
    return 'da';
  }
}

/**
 * Whom a count belongs to: the address the trusted proxies saw (req.ip, from X-Forwarded-For
 * behind TRUST_PROXY) when it is an IP address, else the socket's, so that no header value of any
 * length or shape becomes a key of its own. IPv6 per /56, as one household or phone has.
 */
function visitorKey(req: Request): string {
  const forwarded = req.ip ?? '';
  return ipKeyGenerator(isIP(forwarded) ? forwarded : (req.socket.remoteAddress ?? ''), 56);
}

/**
 * Room for every field at its longest in the costliest encoding (a character of the form's
 * Persian or Danish is up to 3 bytes of UTF-8, percent-encoded 9; a JSON escape is 6), plus the
 * slack: a post within the field limits is never refused as too large (the visitor would get the
 * field's own limit instead, with the text kept). Found by the fuzz tests: at 16 kB a Persian
 * message of 2,800 characters sent without JavaScript came back as "too large", its text gone.
 */
export const bodyLimit = (fieldLimits: Record<string, number>, slack: number) =>
  Object.values(fieldLimits).reduce((sum, n) => sum + n, 0) * 9 + slack;

/** The router of one form: its path, through every step above. */
export function formRouter<Value, X extends object>(
  form: FormDefinition<Value, X>,
  deps: { baseUrl: string; rateLimit: RateLimitStore },
): express.Router {
  const router = express.Router();
  const general = (lang: Lang) => serverTexts[lang].replies;
  // Every property a form adds is optional (Partial<X>): a base reply is one of the form's, which
  // TypeScript cannot see through a type parameter.
  const base = (reply: BaseReply) => reply as FormReply<X>;
  const fail = (status: number, outcome: string, error: string, refund: readonly Count[] = []): Answer<X> => ({
    status,
    outcome,
    reply: base({ success: false, error }),
    refund,
  });

  const counts = {
    visitor: { property: 'visitorLimit', store: deps.rateLimit.counter(form.limits.counters.visitor) },
    site: { property: 'siteLimit', store: deps.rateLimit.counter(form.limits.counters.site) },
  };
  async function refund(req: Request, which: readonly Count[]) {
    for (const count of which) {
      const { property, store } = counts[count];
      const info = (req as AugmentedRequest)[property] as RateLimitInfo | undefined;
      // Not into a new window: that count is someone else's.
      if (!info || (info.resetTime && Date.now() >= info.resetTime.getTime())) continue;
      try {
        await store.decrement(info.key);
      } catch (err) {
        deps.rateLimit.logger.error(err, 'express-rate-limit: error from store during decrement.');
      }
    }
  }

  async function answer(req: Request, res: Response, given: Answer<X>) {
    req.log.info({ outcome: given.outcome }, form.logMessage);
    // 503: refused on purpose (a limit, a store that does not answer), which the request log warns of, never as an error.
    if (given.status === 503) res.locals.refused = true;
    await refund(req, given.refund ?? []);
    res.set('Cache-Control', 'no-store');
    await form.respond(req, res, given, langOf(req));
  }
  const answerOrNext = (req: Request, res: Response, next: NextFunction, given: Answer<X>) =>
    answer(req, res, given).catch(next);

  // 1. Size and number of fields: read before the limits, so that even their answer is in the visitor's language.
  const limit = bodyLimit(form.fieldLimits, form.bodySlack);
  const json = express.json({ limit, strict: false });
  const urlencoded = express.urlencoded({ limit, extended: false, parameterLimit: form.fieldCount });
  function parseBody(req: Request, res: Response, next: NextFunction) {
    if (req.is('application/json'))
      return json(req, res, (err?: unknown) => {
        if (err) return next(err);
        // JSON has no parameter limit of its own: an object of thousands of keys is refused like such a form.
        const body: unknown = req.body;
        if (typeof body === 'object' && body !== null && Object.keys(body).length > form.fieldCount) {
          req.body = undefined;
          return answerOrNext(req, res, next, fail(400, 'rejected', general(langOf(req)).malformed));
        }
        next();
      });
    if (isForm(req)) return urlencoded(req, res, next);
    return answerOrNext(req, res, next, fail(415, 'rejected', general(langOf(req)).unsupportedType));
  }

  // 2. A urlencoded post is any site's to send: only from our own pages. Before the limits: another site's post uses up nobody's count.
  const baseOrigin = new URL(deps.baseUrl).origin;
  function sameOrigin(req: Request, res: Response, next: NextFunction) {
    if (!isForm(req)) return next();
    const origin = req.get('origin');
    const ours = [baseOrigin, `${req.protocol}://${req.get('host')}`];
    const ok = origin ? ours.includes(origin) : req.get('sec-fetch-site') === 'same-origin';
    if (ok) return next();
    req.log.info({ outcome: 'rejected' }, form.logMessage);
    res
      .status(403)
      .set('Cache-Control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(general(langOf(req)).forbidden);
  }

  // 3. The counts, taken on arrival. While Redis fails, each process counts on its own (server/store/rateLimit.ts).
  const shared = {
    legacyHeaders: false,
    // Neither check may log what a client wrote (an X-Forwarded-For value); visitorKey never uses it unchecked.
    validate: { xForwardedForHeader: false, ip: false, forwardedHeader: false },
    passOnStoreError: true,
    logger: deps.rateLimit.logger,
  } as const;
  const perVisitor = rateLimit({
    ...shared,
    windowMs: form.limits.visitor.windowMs,
    limit: form.limits.visitor.limit,
    standardHeaders: 'draft-7',
    requestPropertyName: counts.visitor.property,
    keyGenerator: visitorKey,
    store: counts.visitor.store,
    handler: (req, res, next) =>
      form
        .texts(langOf(req))
        .then((t) => answer(req, res, fail(429, 'rate-limited', t.rateLimited)))
        .catch(next),
  });

  // The whole site's posts per window: a flood from many addresses fills the practice's mailbox
  // and the mail provider's quota no further. A visitor it turns away is told to try again or
  // call, their own count given back; the operator is told once per window.
  let warnedUntil = 0;
  const { site } = form.limits;
  const perSite = rateLimit({
    ...shared,
    windowMs: site.windowMs,
    limit: site.limit,
    skip: () => site.limit === 0,
    // The site's count is nobody's business: no RateLimit headers.
    standardHeaders: false,
    requestPropertyName: counts.site.property,
    keyGenerator: () => 'site',
    store: counts.site.store,
    handler: (req, res, next) => {
      const resetTime = ((req as AugmentedRequest)[counts.site.property] as RateLimitInfo | undefined)?.resetTime;
      if (resetTime) res.set('Retry-After', String(Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000))));
      if (Date.now() >= warnedUntil) {
        warnedUntil = resetTime?.getTime() ?? Date.now() + site.windowMs;
        req.log.warn(
          { form: form.id, siteLimit: site.limit, windowMs: site.windowMs },
          `${form.id} site limit reached: ${site.limit} messages in the window; further messages are refused until it ends`,
        );
      }
      form
        .texts(langOf(req))
        .then((t) => answer(req, res, fail(503, 'site-limited', t.siteLimited, refunds.siteLimited)))
        .catch(next);
    },
  });

  // 4. The honeypot, then the form's own validation and action.
  async function handle(req: Request, res: Response) {
    const form_ = isForm(req);
    if (form_) {
      const body = { ...(req.body as Record<string, unknown>) };
      for (const box of form.checkboxes) body[box] = body[box] === 'true';
      req.body = body;
    }
    const posted: Posted = { req, lang: langOf(req), visitor: visitorKey(req), form: form_ };
    const honeypot = (req.body as { website?: unknown } | null)?.website;
    if (typeof honeypot === 'string' && honeypot.trim() !== '') {
      await answer(req, res, { status: 200, outcome: 'spam', reply: base({ success: true }), refund: refunds.spam });
      return;
    }
    const parsed = await form.parse(req.body, posted);
    await answer(req, res, parsed.ok ? await form.act(parsed.value, posted) : parsed.answer);
  }

  router
    .route(form.path)
    .post(parseBody, sameOrigin, perVisitor, perSite, (req, res, next) => handle(req, res).catch(next))
    .all((req, res) => {
      res.set({ Allow: 'POST', 'Cache-Control': 'no-store' });
      res.status(405).json({ success: false, error: general(langOf(req)).method });
    });

  // Errors of the body parsers: too large, too many fields, unreadable, an unsupported charset.
  router.use(
    form.path,
    (err: { status?: number; type?: string; body?: unknown }, req: Request, res: Response, next: NextFunction) => {
      const r = general(langOf(req));
      if (err.type === 'entity.too.large') return answerOrNext(req, res, next, fail(413, 'rejected', r.tooLarge));
      // A form with more fields than a browser sends: refused like any other, its own fields given back.
      if (err.type === 'parameters.too.many' && typeof err.body === 'string') {
        const params = new URLSearchParams(err.body);
        req.body = Object.fromEntries(form.fields.map((field) => [field, params.get(field) ?? '']));
        return answerOrNext(req, res, next, fail(400, 'rejected', r.malformed));
      }
      if (err.status === 415) return answerOrNext(req, res, next, fail(415, 'rejected', r.unsupportedType));
      if (err.status === 400) return answerOrNext(req, res, next, fail(400, 'rejected', r.malformed));
      next(err);
    },
  );

  return router;
}
