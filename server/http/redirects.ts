import type { Request, RequestHandler } from 'express';
import { requestHost } from './requestHost';

// The site's own redirects, each made from the configuration and the path alone: never to a host
// a request names (Host, or an absolute-form request line).

/** Redirects are made from the configuration and the path alone, so a cache may keep them; an hour, so that a new BASE_URL is soon followed. */
const REDIRECT_CACHE = 'public, max-age=3600';

/**
 * The path and query of a request as it reached this app, whatever its request line named: an
 * absolute-form line (GET http://evil.example/kontakt) gives its path, never its host.
 */
function pathAndQuery(req: Request): string {
  const q = req.originalUrl.indexOf('?');
  return (req.path || '/') + (q === -1 ? '' : req.originalUrl.slice(q));
}

/**
 * Plain http moved to https, to BASE_URL's host (or to ADMIN_HOST, the editor's, when asked for
 * it). A post is answered 308, which a browser sends again, body and all, over https; its body is
 * not read here.
 */
export function toHttps(baseUrl: string, adminHost: string | null = null): RequestHandler {
  const httpsOrigin = `https://${new URL(baseUrl).host}`;
  return (req, res, next) => {
    if (req.protocol !== 'http') return next();
    const moved = req.method === 'GET' || req.method === 'HEAD';
    const origin = adminHost !== null && requestHost(req) === adminHost ? `https://${adminHost}` : httpsOrigin;
    res.set('Cache-Control', moved ? REDIRECT_CACHE : 'no-store');
    res.redirect(moved ? 301 : 308, origin + pathAndQuery(req));
  };
}

/**
 * The path with every run of slashes and backslashes as one slash and none at the end: //evil.example
 * or /\evil.example, which a browser reads as another host, become /evil.example. One split on a
 * single character class: time linear in the length, whatever the path.
 */
function tidyPath(pathname: string): string {
  return `/${pathname
    .split(/[/\\]/)
    .filter((segment) => segment !== '')
    .join('/')}`;
}

/** A page's GET at an untidy path moved to the tidy one: /priser/ is /priser (and //priser, /\\priser). */
export function tidyPaths(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const tidy = tidyPath(req.path);
    if (tidy === req.path) return next();
    res.set('Cache-Control', REDIRECT_CACHE);
    res.redirect(301, tidy + pathAndQuery(req).slice(req.path.length));
  };
}
