import { type Dav, type DavReply, isGone, isRefusedLogin, isWritten } from './caldav';
import { type ReadBack, readBack } from './event';

// One attempt to make her calendar hold what the site wants of one event, exactly once whatever
// happened before: a create with If-None-Match: * (a 412 means it is there already: read back and
// compared, never written twice); an update or delete with If-Match on the ETag the site wrote;
// and when that no longer matches, what is there decides: the site's own (a reply that was lost)
// is finished, her edit is left as she made it, and what she deleted is not written again.

/** What the site wants of one event now, and what it knows of it. */
export interface Target {
  /** Its name in the collection ('<key>.ics'). */
  name: string;
  uid: string;
  want: 'present' | 'absent';
  /** The object the site writes now (present) or wrote (absent), and its times. */
  text: string;
  times: string;
  /** The ETag of what the site last wrote; '': none known. */
  etag: string;
  /** The times of what the site last wrote; '': nothing. */
  written: string;
  /** Whether what is there is the site's own: its words, at one of the times ever wanted for it. */
  ours(there: ReadBack): boolean;
}

export type Found =
  /** Present as wanted: written now or found so. */
  | { kind: 'in-sync'; etag: string }
  /** Absent as wanted: deleted now, or not there. */
  | { kind: 'gone' }
  /** She deleted it in her calendar: not written again. */
  | { kind: 'hers-deleted' }
  /** She changed it in her calendar: left as she has it. */
  | { kind: 'hers-edited' }
  /** The UID is in the collection under another name: not written. */
  | { kind: 'conflict' }
  | { kind: 'refused-login'; status: number }
  | { kind: 'failed'; status: number | null; reason: string };

export function attemptWrite(dav: Dav, t: Target): Promise<Found> {
  return t.want === 'present' ? present(dav, t) : absent(dav, t);
}

/** What a reply that is neither success nor a precondition says. */
function failure(r: DavReply): Found {
  if (isRefusedLogin(r)) return { kind: 'refused-login', status: r.status };
  if (r.uidConflict) return { kind: 'conflict' };
  return { kind: 'failed', status: r.status, reason: `answered ${r.status}` };
}

async function present(dav: Dav, t: Target): Promise<Found> {
  if (!t.etag) return create(dav, t);
  if (t.written === t.times) return { kind: 'in-sync', etag: t.etag };
  const put = await dav.put(t.name, t.text, t.etag);
  if (isWritten(put)) return written(dav, t, put);
  if (put.status === 412 || put.status === 404) return afterMismatch(dav, t, 'update');
  return failure(put);
}

async function create(dav: Dav, t: Target): Promise<Found> {
  const put = await dav.put(t.name, t.text, null);
  if (isWritten(put)) return written(dav, t, put);
  if (put.status === 412 && !put.uidConflict) return afterMismatch(dav, t, 'create');
  return failure(put);
}

/** Written: its ETag from the reply, or (a server that gives none) read back. */
async function written(dav: Dav, t: Target, put: DavReply): Promise<Found> {
  if (put.etag) return { kind: 'in-sync', etag: put.etag };
  const got = await dav.get(t.name);
  return { kind: 'in-sync', etag: got.status === 200 ? (got.etag ?? '') : '' };
}

/** A precondition failed: what is there now decides. */
async function afterMismatch(dav: Dav, t: Target, doing: 'create' | 'update'): Promise<Found> {
  const got = await dav.get(t.name);
  // Nothing under its name although a create was refused: the UID is elsewhere.
  if (got.status === 404) return { kind: doing === 'create' ? 'conflict' : 'hers-deleted' };
  if (got.status !== 200) return failure(got);
  const there = readBack(got.body, t.uid);
  if (!there || !t.ours(there)) return { kind: 'hers-edited' };
  if (there.times === t.times) return { kind: 'in-sync', etag: got.etag ?? '' };
  // The site's own from an earlier attempt whose reply was lost: changed over the ETag it has now.
  const put = await dav.put(t.name, t.text, got.etag ?? '*');
  if (isWritten(put)) return written(dav, t, put);
  return put.status === 412 ? { kind: 'failed', status: 412, reason: 'changed while it was written' } : failure(put);
}

async function absent(dav: Dav, t: Target): Promise<Found> {
  if (t.etag) {
    const removed = await dav.remove(t.name, t.etag);
    if (isGone(removed)) return { kind: 'gone' };
    if (removed.status !== 412) return failure(removed);
  }
  const got = await dav.get(t.name);
  if (got.status === 404) return { kind: 'gone' };
  if (got.status !== 200) return failure(got);
  const there = readBack(got.body, t.uid);
  if (!there || !t.ours(there)) return { kind: 'hers-edited' };
  const removed = await dav.remove(t.name, got.etag ?? '*');
  return isGone(removed) ? { kind: 'gone' } : failure(removed);
}
