import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit, type AugmentedRequest, type RateLimitInfo, type Store } from 'express-rate-limit';
import type { RateLimitStore } from '../store/rateLimit';
import type { Count, FormDefinition, Limit } from './form';
import { visitorKey } from './visitor';

// A form's two counts (express-rate-limit, counted in server/store/rateLimit.ts): the visitor's,
// taken on arrival, and the whole site's, taken when the form is about to act; and how a count
// is given back. Neither check may log what a client wrote (an X-Forwarded-For value): visitorKey
// never uses it unchecked.

/** How a limiter that turns a request away answers it (the form's words, its page or JSON). */
type Refuse = (req: Request, res: Response, next: NextFunction) => void;

const shared = (store: RateLimitStore) =>
  ({
    legacyHeaders: false,
    validate: { xForwardedForHeader: false, ip: false, forwardedHeader: false },
    passOnStoreError: true,
    logger: store.logger,
  }) as const;

const VISITOR_PROPERTY = 'visitorLimit';
const SITE_PROPERTY = 'siteLimit';

/** One visitor's count in `counter`: `limit.limit` per window, then `refuse` (429, with the RateLimit headers). */
function visitorLimiter(limit: Limit, counter: Store, store: RateLimitStore, refuse: Refuse): RequestHandler {
  return rateLimit({
    ...shared(store),
    windowMs: limit.windowMs,
    limit: limit.limit,
    standardHeaders: 'draft-7',
    requestPropertyName: VISITOR_PROPERTY,
    keyGenerator: visitorKey,
    store: counter,
    handler: (req, res, next) => refuse(req, res, next),
  });
}

/**
 * The whole site's count: a flood from many addresses fills the practice's mailbox and the mail
 * provider's quota no further. A visitor it turns away gets Retry-After (and, from `refuse`, the
 * form's words); the operator is told once per window, at warn: a flood is traffic, not a fault.
 */
function siteLimiter(
  form: Pick<FormDefinition<unknown, object>, 'id' | 'limits'>,
  counter: Store,
  store: RateLimitStore,
  refuse: Refuse,
): RequestHandler {
  const { site } = form.limits;
  let warnedUntil = 0;
  return rateLimit({
    ...shared(store),
    windowMs: site.windowMs,
    limit: site.limit,
    skip: () => site.limit === 0,
    // The site's count is nobody's business: no RateLimit headers.
    standardHeaders: false,
    requestPropertyName: SITE_PROPERTY,
    keyGenerator: () => 'site',
    store: counter,
    handler: (req, res, next) => {
      const resetTime = infoOf(req, 'site')?.resetTime;
      if (resetTime) res.set('Retry-After', String(Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000))));
      if (Date.now() >= warnedUntil) {
        warnedUntil = resetTime?.getTime() ?? Date.now() + site.windowMs;
        req.log.warn(
          { form: form.id, siteLimit: site.limit, windowMs: site.windowMs },
          `${form.id} site limit reached: ${site.limit} messages in the window; further messages are refused until it ends`,
        );
      }
      refuse(req, res, next);
    },
  });
}

/** What express-rate-limit noted on the request of a count it took (none: not taken). */
const infoOf = (req: Request, count: Count) =>
  (req as AugmentedRequest)[count === 'visitor' ? VISITOR_PROPERTY : SITE_PROPERTY] as RateLimitInfo | undefined;

/** A form's two counts as middleware, and the giving back of either. */
export interface FormCounts {
  perVisitor: RequestHandler;
  perSite: RequestHandler;
  /**
   * Gives back the counts `which` names, of those this request took: a count never taken (the
   * site's, for a post refused before the form acted) or taken in a window that has ended since
   * (it would be someone else's) stays as it is.
   */
  refund(req: Request, which: readonly Count[]): Promise<void>;
}

export function formCounts(
  form: Pick<FormDefinition<unknown, object>, 'id' | 'limits'>,
  store: RateLimitStore,
  refuse: Record<Count, Refuse>,
): FormCounts {
  const { counters } = form.limits;
  const counter = { visitor: store.counter(counters.visitor), site: store.counter(counters.site) };
  return {
    perVisitor: visitorLimiter(form.limits.visitor, counter.visitor, store, refuse.visitor),
    perSite: siteLimiter(form, counter.site, store, refuse.site),
    async refund(req, which) {
      for (const count of which) {
        const info = infoOf(req, count);
        if (!info || (info.resetTime && Date.now() >= info.resetTime.getTime())) continue;
        try {
          await counter[count].decrement(info.key);
        } catch (err) {
          // The store's failure, reported (throttled) as its logger reports every failure of it.
          store.logger.error(err, `the ${count} count could not be given back: the limits' store failed`);
        }
      }
    },
  };
}

/**
 * Reads of a page that costs the server work (the answer page decrypts its link), limited per
 * visitor like the form's posts, on a count of their own (`counter`).
 */
export const perVisitorReads = (counter: string, limit: Limit, store: RateLimitStore, refuse: Refuse): RequestHandler =>
  visitorLimiter(limit, store.counter(counter), store, refuse);
