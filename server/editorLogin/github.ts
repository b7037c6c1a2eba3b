import type { Logger } from 'pino';
import type { EditorLogin } from '../process/config';

// The one request her login makes of GitHub: the code she brings back for a user token
// (POST /login/oauth/access_token, with the App's client secret). Made only for a window that
// proved its state (index.ts), at most once per state. A GitHub App whose user tokens expire
// gives one that lasts 8 hours and a refresh token; the refresh token is dropped here, so what
// reaches her browser is worth 8 hours at most. A token that never expires (the App's setting
// off, or an OAuth app) is refused: it never leaves this process.

/** GitHub's token endpoint answers within seconds; a login that waits longer is told to try again. */
const EXCHANGE_TIMEOUT_MS = 10_000;

export type Exchange =
  | { token: string; expiresIn: number }
  | { refused: 'code' | 'settings' | 'unreachable'; reason: string };

interface GitHubAnswer {
  access_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
}

/** GitHub's errors that say the site's own settings are wrong, not what a stranger sent. */
const SETTINGS_ERRORS = new Set(['incorrect_client_credentials', 'redirect_uri_mismatch', 'unverified_user_email']);

export async function exchangeCode(login: EditorLogin, code: string, redirectUri: string): Promise<Exchange> {
  let answer: GitHubAnswer;
  try {
    const res = await fetch(`${login.github}/login/oauth/access_token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: login.clientId,
        client_secret: login.clientSecret,
        code,
        redirect_uri: redirectUri,
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
    answer = (await res.json()) as GitHubAnswer;
    if (!res.ok && answer.error === undefined) answer.error = `HTTP ${res.status}`;
  } catch (err) {
    return { refused: 'unreachable', reason: `GitHub's token endpoint did not answer: ${(err as Error).name}` };
  }
  return judge(answer);
}

function judge(answer: GitHubAnswer): Exchange {
  if (typeof answer.error === 'string') {
    // GitHub's error codes are short words; nothing else of its answer is repeated.
    const code = answer.error.replace(/[^\w .-]/g, '').slice(0, 60);
    return SETTINGS_ERRORS.has(code)
      ? { refused: 'settings', reason: `GitHub refused the App's settings (${code})` }
      : { refused: 'code', reason: `GitHub refused the code (${code})` };
  }
  if (typeof answer.access_token !== 'string' || !/^[\w.-]{20,255}$/.test(answer.access_token))
    return { refused: 'unreachable', reason: 'GitHub answered without a token' };
  if (typeof answer.expires_in !== 'number' || answer.expires_in <= 0)
    return {
      refused: 'settings',
      reason:
        'GitHub gave a token that never expires: turn on "Expire user authorization tokens" in the GitHub App\'s settings (an OAuth app cannot do that: use a GitHub App)',
    };
  return { token: answer.access_token, expiresIn: answer.expires_in };
}

/** The log line of a refused exchange: the site's own settings at error (the operator must act), a stranger's code at info. */
export function logRefusal(logger: Logger, refusal: Extract<Exchange, { refused: string }>): void {
  const line = { editorLogin: refusal.refused };
  if (refusal.refused === 'settings')
    logger.error(
      line,
      `editor login refused: ${refusal.reason} (EDITOR_GITHUB_CLIENT_ID, EDITOR_GITHUB_CLIENT_SECRET)`,
    );
  else if (refusal.refused === 'unreachable') logger.warn(line, `editor login failed: ${refusal.reason}`);
  else logger.info(line, `editor login refused: ${refusal.reason}`);
}
