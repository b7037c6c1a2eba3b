import { hkdfSync } from 'node:crypto';
import { ConfigError, plainSecret, urlOf, type Env } from './parse';

// The owner's editor (decision 0045) and her login to GitHub through the site (decision 0053):
// the repository it commits to (EDITOR_REPO), the host of its own it is served on (ADMIN_HOST),
// and the GitHub App her login goes through (EDITOR_GITHUB_CLIENT_ID and _SECRET). In production
// the editor is served only when EDITOR_REPO is set, and then only on ADMIN_HOST with the login:
// the token she logs in with lives in that origin's storage alone, and expires.

export interface EditorConfig {
  /** EDITOR_REPO, owner/name; null outside production without it (the developer's local folder). */
  repo: string | null;
  /** ADMIN_HOST: the only host that serves the editor, and it serves nothing else; null: the site's own (outside production). */
  adminHost: string | null;
  /** The editor's origin, from the configuration alone: where her login answers, and GitHub's way back. */
  origin: string;
  /** Her login through the GitHub App; null: none (outside production: a token pasted, or the local folder). */
  login: EditorLogin | null;
}

export interface EditorLogin {
  /** EDITOR_GITHUB_CLIENT_ID: the GitHub App's client ID. */
  clientId: string;
  /** EDITOR_GITHUB_CLIENT_SECRET: sent to GitHub only, with the code she brings; never logged or put in a page. */
  clientSecret: string;
  /** Where GitHub is: https://github.com; a local stand-in in tests (EDITOR_GITHUB_URL, refused in production). */
  github: string;
  /** Signs the login's state (server/editorLogin/state.ts): derived from the client secret, the same in every process. */
  stateKey: Buffer;
  /** Signs her preview ticket (server/editorLogin/ticket.ts): derived from the client secret as stateKey, for that alone. */
  ticketKey: Buffer;
}

const LOGIN_VARIABLES = ['EDITOR_GITHUB_CLIENT_ID', 'EDITOR_GITHUB_CLIENT_SECRET', 'EDITOR_GITHUB_URL'];
const GITHUB = 'https://github.com';
const SETUP = 'docs/content.md#for-the-operator-setting-up-the-editor';

/** The editor's settings; null: production without EDITOR_REPO, where no editor is served. */
export function editorConfig(env: Env, production: boolean, base: URL): EditorConfig | null {
  const repo = editorRepo(env.EDITOR_REPO);
  const adminHost = adminHostOf(env, base.hostname);
  const login = loginOf(env, production);
  if (production && !repo) {
    const stray = ['ADMIN_HOST', ...LOGIN_VARIABLES].find((name) => env[name]);
    if (stray) throw new ConfigError(`${stray} only applies to the owner's editor, and EDITOR_REPO is not set`);
    return null;
  }
  if (production && !adminHost)
    throw new ConfigError(
      `ADMIN_HOST must be set in production when the editor is on (EDITOR_REPO): a host name of its own, like redaktion.example.dk, so that her login never shares an origin with the public pages (${SETUP})`,
    );
  if (production && !login)
    throw new ConfigError(
      `EDITOR_GITHUB_CLIENT_ID must be set in production when the editor is on (EDITOR_REPO): her login goes through the site's GitHub App (${SETUP})`,
    );
  const port = base.port ? `:${base.port}` : '';
  const origin = production ? `https://${adminHost}` : `${base.protocol}//${adminHost ?? base.hostname}${port}`;
  return { repo, adminHost, origin, login };
}

/** EDITOR_REPO: the GitHub repository the editor commits to, as owner/name. */
function editorRepo(raw: string | undefined): string | null {
  if (!raw) return null;
  if (!/^[\w.-]+\/[\w.-]+$/.test(raw))
    throw new ConfigError(
      `EDITOR_REPO must be the GitHub repository as owner/name, like praksis/hjemmeside (got "${raw}")`,
    );
  return raw;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** ADMIN_HOST: a host name of its own for the editor, so that its login never shares an origin with the pages. */
function adminHostOf(env: Env, siteHost: string): string | null {
  const raw = env.ADMIN_HOST;
  if (!raw) return null;
  const host = raw.toLowerCase();
  if (!HOST_NAME.test(host) || host === siteHost)
    throw new ConfigError(
      `ADMIN_HOST must be a host name other than BASE_URL's, without scheme or port, like redaktion.example.dk (got "${raw}")`,
    );
  return host;
}

/**
 * The GitHub App's client ID and secret, both or neither. An App's client ID begins with "Iv"
 * (an OAuth app's does not, and its tokens never expire). The secret is never echoed.
 */
function loginOf(env: Env, production: boolean): EditorLogin | null {
  const clientId = env.EDITOR_GITHUB_CLIENT_ID ?? '';
  const clientSecret = env.EDITOR_GITHUB_CLIENT_SECRET ?? '';
  if (!clientId && !clientSecret) {
    if (env.EDITOR_GITHUB_URL) throw new ConfigError('EDITOR_GITHUB_URL only applies beside EDITOR_GITHUB_CLIENT_ID');
    return null;
  }
  if (!clientId) throw new ConfigError('EDITOR_GITHUB_CLIENT_ID must be set beside EDITOR_GITHUB_CLIENT_SECRET');
  if (!clientSecret) throw new ConfigError('EDITOR_GITHUB_CLIENT_SECRET must be set beside EDITOR_GITHUB_CLIENT_ID');
  if (!/^Iv[A-Za-z0-9.]{6,60}$/.test(clientId))
    throw new ConfigError(
      `EDITOR_GITHUB_CLIENT_ID must be a GitHub App's client ID, which begins with Iv (an OAuth app's tokens never expire) (got "${clientId}")`,
    );
  if (!/^[A-Za-z0-9_]{20,100}$/.test(clientSecret) || plainSecret(clientSecret))
    throw new ConfigError(
      "EDITOR_GITHUB_CLIENT_SECRET must be the GitHub App's client secret as GitHub made it (20 to 100 letters and digits)",
    );
  return {
    clientId,
    clientSecret,
    github: githubBase(env, production),
    stateKey: keyOf(clientSecret, 'psykolog-aalborg editor login state'),
    ticketKey: keyOf(clientSecret, 'psykolog-aalborg editor preview ticket'),
  };
}

/** A key of 32 bytes for one use, from the client secret (HKDF-SHA256, the use its info). */
const keyOf = (secret: string, use: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), use, 32));

/** EDITOR_GITHUB_URL: a stand-in for github.com in tests; production talks to GitHub itself. */
function githubBase(env: Env, production: boolean): string {
  const raw = env.EDITOR_GITHUB_URL;
  if (!raw) return GITHUB;
  if (production) throw new ConfigError('EDITOR_GITHUB_URL is refused in production: her login goes to GitHub itself');
  const url = urlOf(raw);
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.username)
    throw new ConfigError(
      `EDITOR_GITHUB_URL must be an http(s) origin with no path, like http://127.0.0.1:8080 (got "${raw}")`,
    );
  return url.origin;
}
