import express, { type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { PREVIEW_PATH, PREVIEW_TICKET, previewOf } from '../../../content/previews';
import { declarationOf } from '../../../content/schema/files';
import { asWritten } from '../../../content/schema/layout';
import { ownProblems, problemLines } from '../../../scripts/checkFile';
import type { SiteSettings } from '../../../views/settings';
import { ticketRefusal } from '../../editorLogin';
import { visitorKey } from '../../forms/visitor';
import type { RateLimitStore } from '../../store/rateLimit';
import { notShownPage, PREVIEW_TEXTS } from './page';
import { type PreviewBounds, renderInThread } from './thread';

export { renderInThread };

// POST /admin/preview, on the editor's host: the page a file she is editing shows on, as the site
// renders it, from what she has typed (decision 0073). Her editor's preview pane posts the file
// (editor/site/preview.ts) into a frame of its own; the file is checked against its declaration
// as the build checks it, and the page rendered on a thread (thread.ts). Another site's post, and
// one without the ticket her login gave her editor (server/editorLogin/ticket.ts), are refused
// before anything is counted or rendered; each address has its count, and each process renders
// one preview at a time, so that what her login lets through costs the site one thread at most.

/** The page's own policy: the site's stylesheet and pictures from this host, nothing else, in the editor's frame only. */
const PREVIEW_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "frame-ancestors 'self'",
  "form-action 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

const PREVIEW_HEADERS = {
  'Content-Security-Policy': PREVIEW_CSP,
  'X-Frame-Options': 'SAMEORIGIN',
  'Cache-Control': 'no-store',
};

/** What she posts at most: the largest file, Persian, percent-encoded (about 70 kB today), with room to grow. */
const MOST_BYTES = '1mb';
/** Previews per address per quarter of an hour: one every 1.5 s, steady, as her editor sends them while she types. */
const PREVIEWS_PER_ADDRESS = 600;
const QUARTER_MS = 15 * 60 * 1000;
const BOUNDS: PreviewBounds = { ms: 5000, heapMb: 64 };

export interface PreviewDeps {
  /** The editor's origin: the only one whose posts are rendered. */
  origin: string;
  /** ADMIN_HOST; null (outside production): the editor is on whichever host the site is asked at, and so is the preview. */
  adminHost: string | null;
  settings: SiteSettings;
  /** The site's stylesheet's hashed path. */
  css: string;
  distDir: string;
  store: RateLimitStore;
  /** Checks her preview ticket; null (outside production without the GitHub App: no login to give one): no ticket asked for. */
  ticketKey: Buffer | null;
  /** The site's clock, which a ticket's expiry is read against. */
  now: () => Date;
}

const send = (res: Response, status: number, html: string) =>
  res.status(status).set(PREVIEW_HEADERS).type('html').send(html);

/** The page, once its file is one with a page and passes its checks. */
function preview({ settings, css, distDir }: PreviewDeps): RequestHandler {
  let rendering = false;
  return async (req: Request, res: Response) => {
    const { file, json } = (req.body ?? {}) as Record<string, unknown>;
    const shown = typeof file === 'string' ? previewOf(file) : null;
    if (!shown) return send(res, 404, notShownPage(css, PREVIEW_TEXTS.noPreview));
    const field = declarationOf(shown.file);
    let value: unknown;
    try {
      // What she has typed, as a save would write it (an empty optional field left out).
      value = field && asWritten(JSON.parse(String(json)), field);
    } catch {
      return send(res, 400, notShownPage(css, PREVIEW_TEXTS.notJson));
    }
    const problems = problemLines(shown.file, ownProblems(shown.file, value, null));
    if (problems.length > 0) return send(res, 422, notShownPage(css, PREVIEW_TEXTS.problems, problems));
    if (rendering) return send(res.set('Retry-After', '1'), 503, notShownPage(css, PREVIEW_TEXTS.busy));
    rendering = true;
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    try {
      const reply = await renderInThread(distDir, { preview: shown, value, settings, css }, BOUNDS, gone.signal);
      if ('html' in reply) return send(res, 200, reply.html);
      // A warning: a file that passed its checks may still be one a stranger made to be slow.
      if (!gone.signal.aborted) req.log.warn({ file: shown.file, reason: reply.error }, 'editor preview failed');
      send(res, 503, notShownPage(css, PREVIEW_TEXTS.failed));
    } finally {
      rendering = false;
    }
  };
}

/** Her login's ticket, or a page asking her to log in again: before her address is counted or a thread started. */
function loggedIn({ ticketKey, now, css }: PreviewDeps): RequestHandler {
  return (req, res, next) => {
    if (!ticketKey) return next();
    const refused = ticketRefusal(
      ticketKey,
      (req.body as Record<string, unknown> | undefined)?.[PREVIEW_TICKET.field],
      now(),
    );
    if (!refused) return next();
    req.log.info({ outcome: 'rejected', ticket: refused }, 'editor preview refused: no valid login ticket');
    send(res, 403, notShownPage(css, PREVIEW_TEXTS.logInAgain));
  };
}

export function previewRouter(deps: PreviewDeps): express.Router {
  const router = express.Router();
  const fromEditor: RequestHandler = (req, res, next) => {
    // Only her editor's frame posts here: another site's form would show its words in the site's look on this host.
    const origin = req.get('origin');
    const here = deps.adminHost === null && origin === `${req.protocol}://${req.get('host')}`;
    if (origin === deps.origin || here) return next();
    req.log.info({ outcome: 'rejected' }, 'editor preview refused: not posted by the editor');
    res.status(403).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Forbidden');
  };
  const limiter = rateLimit({
    windowMs: QUARTER_MS,
    limit: PREVIEWS_PER_ADDRESS,
    keyGenerator: visitorKey,
    store: deps.store.counter('editor-preview'),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    passOnStoreError: true,
    validate: { xForwardedForHeader: false, ip: false, forwardedHeader: false },
    logger: deps.store.logger,
    handler: (_req, res) => send(res, 429, notShownPage(deps.css, PREVIEW_TEXTS.tooMany)),
  });
  router.post(
    PREVIEW_PATH,
    fromEditor,
    // Read (at most 1 MB, as any form's post) before the ticket in it is checked; nothing counted yet.
    express.urlencoded({ limit: MOST_BYTES, extended: false, parameterLimit: 4 }),
    loggedIn(deps),
    limiter,
    preview(deps),
  );
  return router;
}
