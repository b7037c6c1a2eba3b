import { isIP } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit, type AugmentedRequest, type RateLimitInfo } from 'express-rate-limit';
import { isLang, langs, type Lang } from '../../content/languages';
import { serverTexts } from '../../content/serverTexts';
import { translations } from '../../content/translations';
import type { ServerTexts } from '../../content/texts/server';
import { withPhone } from '../../views/format';
import { parseContact, type ContactMessage, type FieldErrors } from '../../views/contact/validation';
import { maxLength } from '../../views/forms/fields';
import { CONTACT_PATH } from '../../views/contact/send';
import type { ContactSeed } from '../../views/contact/state';
import { langOfPath, paths, sentQuery } from '../../views/routes';
import type { Config } from '../process/config';
import { describeFailure, type Mailer } from '../mail/transport';
import type { RateLimitStore } from '../store/rateLimit';
import type { RenderPage } from '../http/render';

// POST /api/contact.php: the form's JSON call, and the same form posted without JavaScript
// (urlencoded), which is answered with HTML. Both take the same path through the same checks,
// and every answer is in the language of the page the visitor wrote from.

/**
 * Room for every field at its longest in the costliest encoding (a character of the form's
 * Persian or Danish is up to 3 bytes of UTF-8, percent-encoded 9; a JSON escape is 6), plus the
 * field names: a message within the limits is never refused as too large (the visitor would get
 * the field's own limit instead, with the text kept). Found by the fuzz tests: at 16 kB a Persian
 * message of 2,800 characters sent without JavaScript came back as "too large", its text gone.
 */
export const BODY_LIMIT = Object.values(maxLength).reduce((sum, n) => sum + n, 0) * 9 + 2048;
/** The form has seven fields; a browser never sends many more, and no object of thousands of keys is built. */
const FORM_FIELD_LIMIT = 100;
/** The fields given back with a refusal of a form that could not be read as a whole. */
const FORM_FIELDS = ['name', 'email', 'phone', 'message', 'lang'] as const;

/** Where a visitor without JavaScript lands after a delivered message: the thank-you card. */
const sentPath = (lang: Lang) => `${paths.contact[lang]}?${sentQuery[lang]}=1`;

/** Each language's replies, with the phone number filled in once. */
const replies = Object.fromEntries(
  langs.map((lang) => {
    const r = serverTexts[lang].replies;
    return [lang, { ...r, rateLimited: withPhone(r.rateLimited, lang), delivery: withPhone(r.delivery, lang) }];
  }),
) as Record<Lang, ServerTexts['replies']>;

interface Reply {
  success: boolean;
  error?: string;
  fields?: FieldErrors;
}

type Outcome = 'sent' | 'invalid' | 'spam' | 'rate-limited' | 'site-limited' | 'delivery-failed' | 'rejected';

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

/** The first of each of the form's fields, from a urlencoded text that could not be read whole. */
function formFields(text: string): Record<string, string> {
  const params = new URLSearchParams(text);
  return Object.fromEntries(FORM_FIELDS.map((field) => [field, params.get(field) ?? '']));
}

/** The visitor's values, as far as they could be read, to give back with an error. */
function valuesOf(body: unknown): ContactMessage {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    name: text(b.name),
    email: text(b.email),
    phone: text(b.phone),
    message: text(b.message),
    consent: b.consent === true,
  };
}

export function contactRouter(deps: {
  config: Config;
  mailer: Mailer;
  render: RenderPage;
  rateLimit: RateLimitStore;
}): express.Router {
  const { config, mailer, render } = deps;
  const router = express.Router();

  /**
   * Counts are taken when a post comes in and never given back because the connection closed:
   * a client that hangs up has had its message delivered all the same. Only what the server
   * itself refused or could not deliver is given back (refund), so that a visitor who mistyped or
   * met a mail fault can still write. The site's count is of what reached the mail server: a
   * message the mail server refused stays in it, or a flood the provider rejects would be unlimited;
   * a bot's post (the honeypot filled) leaves it, or bots could close the form to everyone.
   */
  const counts = {
    visitor: { name: 'visitorLimit', store: deps.rateLimit.store },
    site: { name: 'siteLimit', store: deps.rateLimit.siteStore },
  };
  const refunds: Partial<Record<Outcome, (keyof typeof counts)[]>> = {
    invalid: ['visitor', 'site'],
    spam: ['site'],
    'delivery-failed': ['visitor'],
    'site-limited': ['visitor'],
  };
  async function refund(req: Request, outcome: Outcome) {
    for (const which of refunds[outcome] ?? []) {
      const { name, store } = counts[which];
      const info = (req as AugmentedRequest)[name] as RateLimitInfo | undefined;
      // Not into a new window: that count is someone else's.
      if (!info || (info.resetTime && Date.now() >= info.resetTime.getTime())) continue;
      try {
        await store.decrement(info.key);
      } catch (err) {
        deps.rateLimit.logger.error(err, 'express-rate-limit: error from store during decrement.');
      }
    }
  }

  async function reply(req: Request, res: Response, status: number, body: Reply, outcome: Outcome) {
    req.log.info({ outcome }, 'contact form');
    await refund(req, outcome);
    const lang = langOf(req);
    if (!isForm(req)) {
      res.status(status).json(body);
      return;
    }
    if (body.success) {
      res.redirect(303, sentPath(lang));
      return;
    }
    // Without JavaScript: the contact page again, values kept, showing what the hydrated form would.
    const seed: ContactSeed = body.fields
      ? { status: 'idle', values: valuesOf(req.body), errors: body.fields, error: '' }
      : { status: 'error', values: valuesOf(req.body), errors: {}, error: body.error ?? '' };
    res
      .status(status)
      .type('html')
      .send((await render(paths.contact[lang], seed)).html);
  }

  // Each limit counts in its store (server/store/rateLimit.ts). Should a store fail, the message
  // goes through unlimited: honeypot and validation still apply.
  const shared = {
    legacyHeaders: false,
    validate: { xForwardedForHeader: false },
    passOnStoreError: true,
    logger: deps.rateLimit.logger,
  } as const;
  const perVisitor = rateLimit({
    ...shared,
    windowMs: config.contactRateWindowMs,
    limit: config.contactRateLimit,
    standardHeaders: 'draft-7',
    requestPropertyName: counts.visitor.name,
    keyGenerator: visitorKey,
    store: deps.rateLimit.store,
    handler: (req, res, next) =>
      reply(req, res, 429, { success: false, error: replies[langOf(req)].rateLimited }, 'rate-limited').catch(next),
  });

  // The whole site's messages per window (CONTACT_SITE_LIMIT): a flood from many addresses fills
  // the practice's mailbox and the mail provider's quota no further. A visitor it turns away is told
  // to try again or call, the visitor's own count given back; the operator is told once per window.
  let warnedUntil = 0;
  const perSite = rateLimit({
    ...shared,
    windowMs: config.contactSiteWindowMs,
    limit: config.contactSiteLimit,
    skip: () => config.contactSiteLimit === 0,
    // The site's count is nobody's business: no RateLimit headers.
    standardHeaders: false,
    requestPropertyName: counts.site.name,
    keyGenerator: () => 'site',
    store: deps.rateLimit.siteStore,
    handler: (req, res, next) => {
      const resetTime = ((req as AugmentedRequest)[counts.site.name] as RateLimitInfo | undefined)?.resetTime;
      if (resetTime) res.set('Retry-After', String(Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000))));
      if (Date.now() >= warnedUntil) {
        warnedUntil = resetTime?.getTime() ?? Date.now() + config.contactSiteWindowMs;
        req.log.warn(
          { contactSiteLimit: config.contactSiteLimit, windowMs: config.contactSiteWindowMs },
          `contact site limit reached: ${config.contactSiteLimit} messages in the window; further messages are refused until it ends`,
        );
      }
      reply(req, res, 503, { success: false, error: replies[langOf(req)].delivery }, 'site-limited').catch(next);
    },
  });

  const json = express.json({ limit: BODY_LIMIT, strict: false });
  const urlencoded = express.urlencoded({ limit: BODY_LIMIT, extended: false, parameterLimit: FORM_FIELD_LIMIT });
  // Read before the rate limit, so that even its answer is in the visitor's language.
  function parseBody(req: Request, res: Response, next: NextFunction) {
    if (req.is('application/json')) return json(req, res, next);
    if (isForm(req)) return urlencoded(req, res, next);
    return reply(req, res, 415, { success: false, error: replies[langOf(req)].unsupportedType }, 'rejected');
  }

  /** A urlencoded post is any site's to send: accept it only from our own pages. Before the limits: another site's post uses up nobody's count. */
  function sameOrigin(req: Request, res: Response, next: NextFunction) {
    if (!isForm(req)) return next();
    const origin = req.get('origin');
    const ours = [new URL(config.baseUrl).origin, `${req.protocol}://${req.get('host')}`];
    const ok = origin ? ours.includes(origin) : req.get('sec-fetch-site') === 'same-origin';
    if (ok) return next();
    res.status(403).type('text/plain; charset=utf-8').send(replies[langOf(req)].forbidden);
    req.log.info({ outcome: 'rejected' }, 'contact form');
  }

  async function handle(req: Request, res: Response) {
    const body: unknown = isForm(req) ? { ...req.body, consent: req.body?.consent === 'true' } : req.body;
    if (isForm(req)) req.body = body;
    const lang = langOf(req);
    const honeypot = (body as { website?: unknown } | null)?.website;
    if (typeof honeypot === 'string' && honeypot.trim() !== '') {
      await reply(req, res, 200, { success: true }, 'spam');
      return;
    }
    const { form } = await translations[lang].contact();
    const parsed = parseContact(body, form.fieldErrors, replies[lang], lang);
    if (!parsed.ok) {
      await reply(req, res, 400, { success: false, error: replies[lang].invalid, fields: parsed.errors }, 'invalid');
      return;
    }
    try {
      await mailer.deliver(parsed.message, new Date(), lang);
    } catch (err) {
      // The error's codes only: an SMTP reply can quote addresses.
      req.log.error(describeFailure(err), 'contact message not delivered');
      await reply(req, res, 502, { success: false, error: replies[lang].delivery }, 'delivery-failed');
      return;
    }
    await reply(req, res, 200, { success: true }, 'sent');
  }

  // Nothing the endpoint answers may be kept by a browser or a cache: it may hold what a visitor wrote.
  router.all(CONTACT_PATH, (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router
    .route(CONTACT_PATH)
    .post(parseBody, sameOrigin, perVisitor, perSite, handle)
    .all((req, res) => {
      res.set('Allow', 'POST');
      res.status(405).json({ success: false, error: replies[langOf(req)].method });
    });

  // Errors of the body parsers: too large, unreadable, an unsupported charset.
  router.use(
    CONTACT_PATH,
    (err: { status?: number; type?: string; body?: unknown }, req: Request, res: Response, next: NextFunction) => {
      const r = replies[langOf(req)];
      if (err.type === 'entity.too.large')
        return reply(req, res, 413, { success: false, error: r.tooLarge }, 'rejected');
      // A form with more fields than a browser sends: refused like any other, its own fields given back.
      if (err.type === 'parameters.too.many' && typeof err.body === 'string') {
        req.body = formFields(err.body);
        return reply(req, res, 400, { success: false, error: r.malformed }, 'rejected');
      }
      if (err.status === 415) return reply(req, res, 415, { success: false, error: r.unsupportedType }, 'rejected');
      if (err.status === 400) return reply(req, res, 400, { success: false, error: r.malformed }, 'rejected');
      next(err);
    },
  );

  return router;
}
