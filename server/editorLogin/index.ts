import express, { type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { EditorConfig, EditorLogin } from '../process/config';
import type { RateLimitStore } from '../store/rateLimit';
import type { UsedOnce } from '../store/usedOnce';
import { visitorKey } from '../forms/visitor';
import { exchangeCode, logRefusal } from './github';
import { LOGIN_PAGE, LOGIN_PAGE_HEADERS, LOGIN_TEXTS } from './page';
import { BINDING, openState, sealState, STATE_LIFETIME_MS } from './state';
import { sealTicket } from './ticket';
import { MINUTE_MS } from '../../views/days';

export { LOGIN_PAGE } from './page';
export { sealState, STATE_LIFETIME_MS } from './state';
export { sealTicket, TICKET_MOST_MS, ticketRefusal } from './ticket';

// The owner's login to GitHub, served by the site on the editor's host (decision 0053), in place
// of a third-party OAuth worker. Sveltia CMS opens LOGIN_PATH/authorize in a window when she
// presses "Log ind med GitHub" (its backend's base_url and auth_endpoint, server/http/editor.ts):
//   /authorize  the page: the window's proof (page.ts), then
//   /start      the signed state (state.ts) and the way to GitHub's authorize page, then GitHub
//               sends her back to
//   /callback   the page again: it posts code, state and proof to
//   /token      which checks the state, uses it once, and exchanges the code with GitHub
//               (github.ts): the one request to GitHub, made because she pressed; with the
//               token, her preview's ticket for as long (ticket.ts), which the page keeps.
// Nothing here sets a cookie; the client secret goes to GitHub only.

const LOGIN_PATH = '/admin/login';
/** Sveltia's auth_endpoint: the window's first address, relative to the editor's origin. */
export const LOGIN_AUTHORIZE = `${LOGIN_PATH}/authorize`;

/** Exchanges per address per quarter of an hour: a login takes one, a stranger's loop no more than this. */
const EXCHANGES_PER_ADDRESS = 10;
const QUARTER_MS = 15 * MINUTE_MS;

const page: RequestHandler = (_req, res) => {
  res.set(LOGIN_PAGE_HEADERS).type('html').send(LOGIN_PAGE);
};

/** To GitHub's authorize page with a state bound to the window's proof. */
function start(editor: EditorConfig, login: EditorLogin): RequestHandler {
  return (req, res) => {
    res.set(LOGIN_PAGE_HEADERS);
    const binding = req.query.binding;
    if (typeof binding !== 'string' || !BINDING.test(binding))
      return res.status(400).type('text/plain; charset=utf-8').send(LOGIN_TEXTS.startAgain);
    const authorize = new URL('/login/oauth/authorize', login.github);
    authorize.search = new URLSearchParams({
      client_id: login.clientId,
      redirect_uri: `${editor.origin}${LOGIN_PATH}/callback`,
      state: sealState(login.stateKey, binding),
      allow_signup: 'false',
    }).toString();
    res.redirect(302, authorize.href);
  };
}

/** A refusal of /token: the window shows `error` and the editor its sign-in again. */
function refuse(res: Response, status: number, error: string, logWord?: string) {
  if (logWord) res.locals.logWord = logWord;
  res.status(status).json({ error });
}

/** What the login needs besides the configuration: where limits and used states are kept, and the site's clock. */
export interface LoginDeps {
  store: RateLimitStore;
  usedOnce: UsedOnce;
  now: () => Date;
}

/** GitHub's code for a user token, for the window that proves the state; once per state. */
function token(editor: EditorConfig, login: EditorLogin, { usedOnce, now }: LoginDeps): RequestHandler {
  const redirectUri = `${editor.origin}${LOGIN_PATH}/callback`;
  return async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    // The editor's own page asks (a browser's fetch names its origin); another site's never reads the answer anyway.
    if (req.get('origin') !== editor.origin) return refuse(res, 403, LOGIN_TEXTS.startAgain);
    const { code, state, proof } = (req.body ?? {}) as Record<string, unknown>;
    const opened = openState(login.stateKey, state, proof);
    if ('refused' in opened || typeof code !== 'string' || !/^[\w-]{1,100}$/.test(code)) {
      req.log.info(
        { editorLogin: 'refused' in opened ? opened.refused : 'malformed' },
        'editor login refused: no valid state',
      );
      return refuse(res, 400, LOGIN_TEXTS.startAgain);
    }
    if (!(await usedOnce.claim(`editor-login:${opened.id}`, STATE_LIFETIME_MS))) {
      req.log.info({ editorLogin: 'used' }, 'editor login refused: the state was used before');
      return refuse(res, 400, LOGIN_TEXTS.startAgain);
    }
    const result = await exchangeCode(login, code, redirectUri);
    if ('refused' in result) {
      logRefusal(req.log, result);
      if (result.refused === 'code') return refuse(res, 400, LOGIN_TEXTS.startAgain);
      if (result.refused === 'settings') return refuse(res, 500, LOGIN_TEXTS.settings, 'editor-login-settings');
      return refuse(res, 502, LOGIN_TEXTS.unreachable, 'github-unreachable');
    }
    req.log.info(
      { editorLogin: 'issued', expiresInSeconds: result.expiresIn },
      'editor login: GitHub gave her a user token (its refresh token dropped)',
    );
    res.json({ token: result.token, ticket: sealTicket(login.ticketKey, result.expiresIn * 1000, now()) });
  };
}

/** The login's routes, for the editor's router (server/http/editor.ts) on the editor's host. */
export function editorLogin(editor: EditorConfig, login: EditorLogin, deps: LoginDeps): express.Router {
  const { store } = deps;
  const router = express.Router();
  const limiter = rateLimit({
    windowMs: QUARTER_MS,
    limit: EXCHANGES_PER_ADDRESS,
    keyGenerator: visitorKey,
    store: store.counter('editor-login'),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    passOnStoreError: true,
    validate: { xForwardedForHeader: false, ip: false, forwardedHeader: false },
    logger: store.logger,
    handler: (_req, res) => refuse(res, 429, LOGIN_TEXTS.tooMany),
  });
  router.get([`${LOGIN_PATH}/authorize`, `${LOGIN_PATH}/callback`], page);
  router.get(`${LOGIN_PATH}/start`, start(editor, login));
  router.post(
    `${LOGIN_PATH}/token`,
    limiter,
    express.json({ limit: '2kb', type: 'application/json' }),
    token(editor, login, deps),
  );
  return router;
}
