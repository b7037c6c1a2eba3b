import type { Lang } from '../../content/languages';
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

/**
 * POST the message as JSON, with the page's language so that the server answers in it; success
 * only when the status is ok AND the body says success.
 */
export async function sendContact(message: ContactMessage, website: string, lang: Lang, errors: SendErrors): Promise<SendResult> {
  let response: Response;
  let reply: Reply;
  try {
    response = await fetch('/api/contact.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...message, lang, ...(website ? { website } : {}) }),
    });
    reply = (await response.json()) as Reply;
  } catch {
    // fetch rejected, or the body was not JSON.
    return { ok: false, error: errors.network };
  }
  if (response.ok && reply?.success === true) return { ok: true };
  const error = typeof reply?.error === 'string' && reply.error ? reply.error : errors.unexpected;
  return { ok: false, error, fields: reply?.fields };
}
