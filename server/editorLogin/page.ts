import { createHash } from 'node:crypto';
import { PREVIEW_TICKET } from '../../content/previews';

// The login window's one page (at /authorize and at /callback): static HTML and one static
// script, allowed by its hash (no nonce, no other script, no other host). The script runs only
// in a window the editor opened on this same origin (window.opener is ours); elsewhere it says
// so and does nothing, so that no other site's window ever starts an exchange or hears of a
// token. At /authorize it makes the window's proof (kept in its sessionStorage) and goes on to
// /start with the proof's hash; at /callback it sends GitHub's code, the state and the proof to
// /token, keeps the preview's ticket that comes with the token in this origin's localStorage
// (the editor's preview sends it: editor/site/preview.ts), then hands the token to the editor as
// Sveltia CMS expects (the "authorizing:github" / "authorization:github:success:{…}" handshake
// of Decap's and sveltia-cms-auth's providers), posted to this origin only. The editor closes
// the window.

/** What the window and the editor show her, in Danish (the editor's own words follow her browser). */
export const LOGIN_TEXTS = {
  working: 'Logger ind med GitHub …',
  done: 'Du er logget ind. Vinduet lukker.',
  notFromEditor:
    'Dette vindue åbner redigeringen selv, når du trykker “Log ind med GitHub”. Luk det, og log ind fra redigeringen.',
  noScript: 'Login kræver JavaScript.',
  cancelled: 'Login blev afbrudt på GitHub. Prøv igen.',
  startAgain: 'Login udløb eller blev brugt før. Prøv igen.',
  unreachable: 'GitHub svarede ikke. Prøv igen om lidt.',
  settings: 'Login virker ikke, som hjemmesiden er sat op. Kontakt den, der driver hjemmesiden.',
  tooMany: 'For mange forsøg på at logge ind. Prøv igen om et kvarter.',
} as const;

const SCRIPT = `(() => {
  const T = ${JSON.stringify(LOGIN_TEXTS)};
  const KEY = 'editor-login-proof';
  const TICKET = ${JSON.stringify(PREVIEW_TICKET.stored)};
  const say = (text) => { document.getElementById('status').textContent = text; };
  let opener = null;
  try {
    if (window.opener && window.opener.location.origin === location.origin) opener = window.opener;
  } catch (e) {}
  if (!opener) return say(T.notFromEditor);
  const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const answer = (result) => {
    const message = 'authorization:github:' + (result.token ? 'success' : 'error') + ':' +
      JSON.stringify(Object.assign({ provider: 'github' }, result));
    window.addEventListener('message', (event) => {
      if (event.origin !== location.origin || event.source !== opener || event.data !== 'authorizing:github') return;
      opener.postMessage(message, location.origin);
    });
    opener.postMessage('authorizing:github', location.origin);
    say(result.token ? T.done : result.error);
  };
  const start = async () => {
    const proof = b64(crypto.getRandomValues(new Uint8Array(32)));
    sessionStorage.setItem(KEY, proof);
    const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(proof));
    location.replace('start?binding=' + b64(new Uint8Array(hash)));
  };
  const finish = async () => {
    const params = new URLSearchParams(location.search);
    const proof = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    history.replaceState(null, '', location.pathname);
    if (params.get('error')) return answer({ error: T.cancelled });
    if (!proof || !params.get('code') || !params.get('state')) return answer({ error: T.startAgain });
    const res = await fetch('token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: params.get('code'), state: params.get('state'), proof }),
    });
    const body = await res.json();
    if (typeof body.ticket === 'string') localStorage.setItem(TICKET, body.ticket);
    answer(typeof body.token === 'string' ? { token: body.token } : { error: String(body.error || T.unreachable) });
  };
  (location.pathname.endsWith('/callback') ? finish : start)().catch(() => answer({ error: T.unreachable }));
})();`;

const STYLE = 'body{font:1.125rem/1.5 system-ui,sans-serif;margin:2rem auto;max-width:36rem;padding:0 1rem}';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page's headers: its own CSP, nothing cacheable, and an opener it may talk to. */
export const LOGIN_PAGE_HEADERS = {
  'Content-Security-Policy': [
    "default-src 'none'",
    `script-src ${hash(SCRIPT)}`,
    `style-src ${hash(STYLE)}`,
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; '),
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
  // The window comes back from github.com: a stricter policy would cut it from the editor that opened it.
  'Cross-Origin-Opener-Policy': 'unsafe-none',
};

export const LOGIN_PAGE = `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log ind – redigering af hjemmesiden</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Log ind med GitHub</h1>
<p id="status" role="status">${LOGIN_TEXTS.working}</p>
<noscript><p>${LOGIN_TEXTS.noScript}</p></noscript>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
