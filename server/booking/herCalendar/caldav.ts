import type { CaldavAccount } from '../../process/config';

// Her calendar collection over CalDAV with plain fetch: PUT, GET and DELETE of one object are all
// the site does (no discovery: CALDAV_URL names the collection). The login goes in the
// Authorization header of each request, never in a URL or a message. A reply is read as the
// server means it: a 207 Multi-Status (Xandikos answers a create so) by the status inside it, and
// a refused UID (RFC 4791's no-uid-conflict: the same UID under another name) as a conflict,
// whatever the outer status says. Redirects are not followed: a collection that moved is a
// setting to change.

/** How long one request may take before it counts as failed (and is tried again later). */
const REQUEST_MS = 15_000;
/** An object's text longer than this is not read (a session's event is a few kilobytes). */
const MAX_BODY_BYTES = 512 * 1024;

export interface DavReply {
  /** The status that counts: a 207's inner one. */
  status: number;
  etag: string | null;
  /** The server refused the UID: it is in the collection under another name. */
  uidConflict: boolean;
  body: string;
}

/** A request that got no reply (refused, reset, timed out): its reason as a log may show it. */
export class DavUnreachable extends Error {}

export interface Dav {
  /** The collection's host, for the log and /healthz. */
  host: string;
  /** `ifMatch`: the ETag the site wrote; null: a create (If-None-Match: *). */
  put(name: string, text: string, ifMatch: string | null): Promise<DavReply>;
  get(name: string): Promise<DavReply>;
  remove(name: string, ifMatch: string): Promise<DavReply>;
}

export function davClient(account: CaldavAccount): Dav {
  const authorization = `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
  async function ask(method: string, name: string, headers: Record<string, string>, body?: string) {
    let response: Response;
    try {
      response = await fetch(new URL(name, account.url), {
        method,
        headers: { authorization, ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_MS),
      });
    } catch (err) {
      throw new DavUnreachable(reasonOf(err));
    }
    const text = await bounded(response);
    return replyOf(response.status, response.headers.get('etag'), text);
  }
  return {
    host: account.url.host,
    put: (name, text, ifMatch) =>
      ask('PUT', name, { 'content-type': 'text/calendar; charset=utf-8', ...preconditionOf(ifMatch) }, text),
    get: (name) => ask('GET', name, { accept: 'text/calendar' }),
    remove: (name, ifMatch) => ask('DELETE', name, { 'if-match': ifMatch }),
  };
}

const preconditionOf = (ifMatch: string | null): Record<string, string> =>
  ifMatch === null ? { 'if-none-match': '*' } : { 'if-match': ifMatch };

/** A failure's words without anything of the request (the fetch error's cause: a code, a timeout). */
function reasonOf(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return `no reply within ${REQUEST_MS / 1000} s`;
  const cause = (err as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? `no reply (${cause.code})` : 'no reply (the connection failed)';
}

/** The reply's text, up to MAX_BODY_BYTES (the rest is dropped unread). */
async function bounded(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > MAX_BODY_BYTES) break;
      chunks.push(next.value);
    }
  } catch (err) {
    throw new DavUnreachable(reasonOf(err));
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A 207's status is the first one inside it (one object, one response); any reply naming no-uid-conflict refused the UID. */
function replyOf(status: number, etag: string | null, body: string): DavReply {
  const uidConflict = /no-uid-conflict/.test(body);
  if (status !== 207) return { status, etag, uidConflict, body };
  const inner = /<(?:[\w-]+:)?status>\s*HTTP\/[\d.]+\s+(\d{3})/i.exec(body);
  return { status: inner ? Number(inner[1]) : 500, etag, uidConflict, body };
}

/** Only these mean that the object was written (never a 207 by itself, nor any other 2xx). */
export const isWritten = (r: DavReply) => (r.status === 201 || r.status === 204) && !r.uidConflict;
/** A DELETE that leaves nothing: done, or already gone. */
export const isGone = (r: DavReply) => r.status === 200 || r.status === 204 || r.status === 404;
/** The login was refused. */
export const isRefusedLogin = (r: DavReply) => r.status === 401 || r.status === 403;
