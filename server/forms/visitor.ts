import { isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { serverTexts } from '../../content/serverTexts';
import { ipKeyGenerator } from 'express-rate-limit';
import { isLang, type Lang } from '../../content/languages';
import { langOfPath } from '../../views/routes';

// Who posted, as the pipeline sees it: in which language to answer, whom the counts belong to,
// whether the browser ran the page's script, and whether the post came from our own pages.

/** Posted urlencoded: by a browser without JavaScript (answered with a page, not JSON). */
export const isNoScript = (req: Request) => Boolean(req.is('application/x-www-form-urlencoded'));

/**
 * The visitor's language: the body's "lang" ('da' when absent, as the spec's JSON has none). A
 * body that could not be read says nothing, so the page it came from (Referer) decides.
 */
export function langOf(req: Request): Lang {
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
export function visitorKey(req: Request): string {
  const forwarded = req.ip ?? '';
  return ipKeyGenerator(isIP(forwarded) ? forwarded : (req.socket.remoteAddress ?? ''), 56);
}

/**
 * A urlencoded post is any site's to send: only from our own pages. Before the limits: another
 * site's post uses up nobody's count. `logMessage`: the form's log line.
 */
export function sameOrigin(baseUrl: string, logMessage: string) {
  const baseOrigin = new URL(baseUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isNoScript(req)) return next();
    const origin = req.get('origin');
    const ours = [baseOrigin, `${req.protocol}://${req.get('host')}`];
    const ok = origin ? ours.includes(origin) : req.get('sec-fetch-site') === 'same-origin';
    if (ok) return next();
    req.log.info({ outcome: 'rejected' }, logMessage);
    res
      .status(403)
      .set('Cache-Control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(serverTexts[langOf(req)].replies.forbidden);
  };
}
