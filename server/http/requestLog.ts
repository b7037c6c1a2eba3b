import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

// One JSON line per request when its response is done: method, path, status, time and id.
// Never an IP address, a header, the query or the body. These few lines replace pino-http,
// which cost about 70 µs more CPU per page request (see docs/performance.md).

declare global {
  // Express's own extension point for what middleware adds to a request.
  namespace Express {
    interface Request {
      /** Logs with this request's id, method and path attached. */
      log: Logger;
    }
  }
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** The path as the log shows it: under a secret prefix (`secretAfter`), only the prefix. */
function shownPath(url: string, secretAfter: readonly string[]): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const secret = secretAfter.find((prefix) => path.startsWith(prefix) && path.length > prefix.length);
  return secret ? `${secret}…` : path;
}

/** `secretAfter`: paths whose rest is a secret (the subscription address's token), logged as the prefix alone. */
export function requestLog(logger: Logger, options: { secretAfter?: readonly string[] } = {}): RequestHandler {
  const secretAfter = options.secretAfter ?? [];
  return (req, res, next) => {
    const start = performance.now();
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    const about = { id, method: req.method, path: shownPath(req.originalUrl, secretAfter) };
    res.setHeader('X-Request-Id', id);

    // Most requests never log anything of their own: the child logger is made on first use.
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', { get: () => (child ??= logger.child({ req: about })) });

    res.once('close', () => {
      const responseTime = Math.round(performance.now() - start);
      const { statusCode } = res;
      // A form's answer carries its outcome (server/forms/pipeline.ts), as does the answer page's
      // refusal while Redis is away: a 5xx it chose (the site's cap, the held share full, the store
      // not answering) is traffic or an outage the site says so about, logged at warn; a site's own failure there has its
      // own error line where it happened. Any other 5xx is the site's failure: error (50).
      const outcome = res.locals.logWord as string | undefined;
      const line = { req: about, res: { statusCode }, responseTime };
      if (!res.writableFinished) logger.warn(line, `${about.method} ${about.path} aborted by the client`);
      else if (statusCode >= 500 && outcome)
        logger.warn({ ...line, refused: outcome }, `${about.method} ${about.path} ${statusCode} ${outcome}`);
      else if (statusCode >= 500) logger.error(line, `${about.method} ${about.path} ${statusCode}`);
      else logger.info(line, `${about.method} ${about.path} ${statusCode} ${responseTime}ms`);
    });
    next();
  };
}
