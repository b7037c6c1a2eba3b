import { REPLY_TIMEOUT_MS } from './fields';

// The one way the page's script posts a form (every form's post takes the one pipeline,
// server/forms/pipeline.ts, which answers each alike): its fields as JSON, waiting at most
// REPLY_TIMEOUT_MS, the reply read as { success, error, fields } plus what the form adds (the
// booking steps' html). Without JavaScript the same form posts its fields urlencoded by itself.

/** What a form's texts say when there is no answer it can show: the network failed, or the reply said nothing. */
interface NoAnswer {
  network: string;
  unexpected: string;
}

/** The reply as it came (what the form adds to it), and how the post ended. */
export type PostResult<X> = Partial<X> & {
  /** Sent: only when the status is ok AND the reply says success. */
  ok: boolean;
  /** When not sent: the reply's error, else `unexpected`; `network` when no reply came in time or it was not JSON. */
  error: string;
  /** The fields' own errors, by name. */
  fields?: Record<string, string>;
};

export async function postForm<X = object>(path: string, body: object, texts: NoAnswer): Promise<PostResult<X>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REPLY_TIMEOUT_MS);
  try {
    // No Accept header: the pipeline answers a JSON post with JSON whatever it says.
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    // Object(): a reply of null or of a bare value reads as one that says nothing.
    const reply = Object(await response.json());
    reply.ok = response.ok && reply.success === true;
    reply.error = (typeof reply.error === 'string' && reply.error) || texts.unexpected;
    return reply;
  } catch {
    // fetch rejected (no connection, or no answer in time), or the body was not JSON.
    return { ok: false, error: texts.network } as PostResult<X>;
  } finally {
    clearTimeout(timer);
  }
}
