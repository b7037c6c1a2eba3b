import type { Lang } from '../../content/languages';
import { ANSWER_TIMEOUT_MS } from '../forms/fields';
import type { ContactMessage, FieldErrors } from './validation';

export type SendResult = { ok: true } | { ok: false; error: string; fields?: FieldErrors };

interface Reply {
  success?: unknown;
  error?: unknown;
  fields?: FieldErrors;
}

/** What the form says when there is no answer it can show: the network failed, or the reply says nothing. */
export interface SendErrors {
  network: string;
  unexpected: string;
}

/** Where the form posts (JSON from the script, urlencoded without it): server/contact/endpoint.ts. */
export const CONTACT_PATH = '/api/contact.php';

/**
 * POST the message as JSON, with the page's language so that the server answers in it, and the
 * honeypot's value only when something filled it (JSON leaves out an undefined one); success only
 * when the status is ok AND the body says success.
 */
export async function sendContact(
  message: ContactMessage,
  website: string | undefined,
  lang: Lang,
  errors: SendErrors,
): Promise<SendResult> {
  let response: Response;
  let reply: Reply;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ANSWER_TIMEOUT_MS);
  try {
    response = await fetch(CONTACT_PATH, {
      method: 'POST',
      // No Accept: the endpoint answers a JSON post with JSON whatever it says (bytes the page's budget needs).
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...message, lang, website: website || undefined }),
      signal: controller.signal,
    });
    reply = (await response.json()) as Reply;
  } catch {
    // fetch rejected (no connection, or no answer in time), or the body was not JSON.
    return { ok: false, error: errors.network };
  } finally {
    clearTimeout(timer);
  }
  if (response.ok && reply?.success === true) return { ok: true };
  const error = typeof reply?.error === 'string' && reply.error ? reply.error : errors.unexpected;
  return { ok: false, error, fields: reply?.fields };
}
