import type { ContactMessage, FieldErrors } from './validation';
import { replyText } from './messages';

export type SendResult = { ok: true } | { ok: false; error: string; fields?: FieldErrors };

interface Reply {
  success?: unknown;
  error?: unknown;
  fields?: FieldErrors;
}

/** POST the message as JSON; success only when the status is ok AND the body says success. */
export async function sendContact(message: ContactMessage, website: string): Promise<SendResult> {
  let response: Response;
  let reply: Reply;
  try {
    response = await fetch('/api/contact.php', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(website ? { ...message, website } : message),
    });
    reply = (await response.json()) as Reply;
  } catch {
    // fetch rejected, or the body was not JSON.
    return { ok: false, error: replyText.network };
  }
  if (response.ok && reply?.success === true) return { ok: true };
  const error = typeof reply?.error === 'string' && reply.error ? reply.error : replyText.unexpected;
  return { ok: false, error, fields: reply?.fields };
}
