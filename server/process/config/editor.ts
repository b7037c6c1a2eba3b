import { ConfigError, type Env, urlOf } from './parse';

// The owner's editor (server/http/editor.ts): the host it is served on, the repository it commits
// to and the login it offers, read at start (a changed variable counts after a restart, with no
// new build).

export interface EditorConfig {
  /** The only host that serves the editor at /admin/; null: the site's own. */
  adminHost: string | null;
  /** EDITOR_REPO, the GitHub repository her saves go to ('owner/name'); null: the editor is not set up. */
  editorRepo: string | null;
  /** EDITOR_AUTH_URL, the OAuth handler behind "Log ind med GitHub"; null: the token login only. */
  editorAuthUrl: string | null;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const REPO = /^[\w.-]{1,100}\/[\w.-]{1,100}$/;

export function editorConfig(env: Env, siteHost: string): EditorConfig {
  return {
    adminHost: adminHost(env, siteHost),
    editorRepo: editorRepo(env),
    editorAuthUrl: editorAuthUrl(env),
  };
}

/** ADMIN_HOST: a host name of its own for the editor, so that its login never shares an origin with the pages. */
function adminHost(env: Env, siteHost: string): string | null {
  const raw = env.ADMIN_HOST;
  if (!raw) return null;
  const host = raw.toLowerCase();
  if (!HOST_NAME.test(host) || host === siteHost)
    throw new ConfigError(
      `ADMIN_HOST must be a host name other than BASE_URL's, without scheme or port, like redaktion.example.dk (got "${raw}")`,
    );
  return host;
}

function editorRepo(env: Env): string | null {
  const raw = env.EDITOR_REPO;
  if (!raw) return null;
  if (!REPO.test(raw))
    throw new ConfigError(
      `EDITOR_REPO must be the GitHub repository as owner/name, like praksis/hjemmeside (got "${raw}")`,
    );
  return raw;
}

/** The handler's origin (sveltia-cms-auth or the like): https, no path, since the editor adds /auth itself. */
function editorAuthUrl(env: Env): string | null {
  const raw = env.EDITOR_AUTH_URL;
  if (!raw) return null;
  const url = urlOf(raw);
  if (url?.protocol !== 'https:' || url.pathname !== '/' || url.search || url.username)
    throw new ConfigError(
      `EDITOR_AUTH_URL must be the https address of the editor's GitHub login handler, with no path, like https://login.example.dk (got "${raw}")`,
    );
  return url.origin;
}
