import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../process/config';
import { calendarLoginMail, herCalendarMail, type CalendarNotice } from '../../mail/herCalendarMail';
import { describeFailure, type Mailer } from '../../mail/transport';
import type { Attempted, CalendarEntry, CalendarQueue } from '../../store/calendarQueue';
import { type Dav, DavUnreachable } from './caldav';
import { sameWords, sessionObject, timesOf } from './event';
import { writeLog } from './log';
import { attemptWrite, type Found, type Target } from './reconcile';
import { nextAttempt } from './schedule';
import { openSession, type Session } from './seal';

// The queue's one worker in each process: it claims the entries that are due (each claim is one
// process's on one machine for CLAIM_MS), makes her calendar match each (reconcile.ts), mails her
// when the site leaves an event as she changed it (once per change) or when her calendar refuses
// the login (once, on any process, until a write goes through), and records the outcome with the
// next try (schedule.ts). It looks when a change is queued here, and every LOOK_EVERY_MS for what
// other processes queued, what a restart left and what is due again.

/** How long an entry is one process's: its requests (15 s each, up to three) and a mail to her (18 s). */
const CLAIM_MS = 120_000;
/** Entries worked per look. */
const PER_LOOK = 20;
/** The notice her one mail about a refused login is taken under. */
const LOGIN_NOTICE = 'login';

export interface WriterDeps {
  queue: CalendarQueue;
  dav: Dav;
  mailer: Mailer;
  mail: Pick<Config, 'mailTo' | 'mailFrom'>;
  /** BOOKING_SECRET, then BOOKING_SECRET_PREVIOUS's during a rotation. */
  secrets: readonly Buffer[];
  videoUrl: string | null;
  /** The event's UID from its key. */
  uidOf(key: string): string;
  logger: Logger;
  now(): Date;
}

/** What an attempt found, as the entry records it. */
interface Recorded {
  status: string;
  etag?: string;
  written?: string;
  /** What to mail her about the session (once per version). */
  notice?: CalendarNotice;
  /** It failed: tried again on the schedule. */
  retry?: boolean;
  remove?: boolean;
}

function recordedOf(found: Found, entry: CalendarEntry, target: Target, session: Session): Recorded {
  const absent = entry.want === 'absent';
  switch (found.kind) {
    case 'in-sync':
      return { status: 'written', etag: found.etag, written: target.times };
    case 'gone':
      return { status: 'deleted', remove: true };
    case 'hers-deleted':
      return { status: 'hers-deleted' };
    case 'hers-edited':
      return {
        status: 'hers-edited',
        notice: absent ? { kind: 'cancelled' } : { kind: 'moved', to: session.start },
        remove: absent,
      };
    case 'conflict':
      return { status: 'conflict', notice: { kind: 'conflict' }, remove: absent };
    default:
      return { status: found.kind, retry: true };
  }
}

/** The target of one attempt: what is wanted, made from the session. */
function targetOf(deps: WriterDeps, entry: CalendarEntry, session: Session): Target {
  const uid = deps.uidOf(entry.key);
  const text = sessionObject(session, { uid, sequence: entry.version, now: deps.now(), videoUrl: deps.videoUrl });
  return {
    name: `${entry.key}.ics`,
    uid,
    want: entry.want,
    text,
    times: timesOf(session.start, session.end),
    etag: entry.etag,
    written: entry.written,
    ours: (there) => sameWords(there, session, deps.videoUrl) && entry.known.includes(there.times),
  };
}

/** Her mail about the session, once per version; the entry's `mailed` after it. Throws when it cannot be sent. */
async function mailed(
  deps: WriterDeps,
  entry: CalendarEntry,
  session: Session,
  notice: CalendarNotice | undefined,
): Promise<string> {
  const mark = notice ? `${notice.kind}:${entry.version}` : entry.mailed;
  if (!notice || entry.mailed === mark) return entry.mailed;
  // As the session stood in her calendar: its start before the move she did not get.
  const stood =
    notice.kind === 'moved' && entry.written ? new Date(Number(entry.written.split('/')[0])) : session.start;
  await deps.mailer.send(herCalendarMail(deps.mail, { ...session, start: stood }, notice, deps.now()), {
    for: 'practice',
  });
  return mark;
}

/** A failed attempt's record: tried again on the schedule, or given up (the entry lives until the session ends, for the subscription). */
function scheduled(
  log: ReturnType<typeof writeLog>,
  a: Omit<Attempted, 'failures' | 'next' | 'remove'>,
  entry: CalendarEntry,
  at: Date,
): Attempted {
  const failures = entry.failures + 1;
  const next = nextAttempt(failures, at.getTime(), entry.until);
  if (next === null) log.gaveUp(entry.key);
  return { ...a, failures, next, remove: false };
}

export function createWriter(deps: WriterDeps) {
  const { queue, dav, logger } = deps;
  const log = writeLog(logger, dav.host);

  /** Once, on any process, until a write goes through again. */
  async function refusedLogin(entry: CalendarEntry, status: number) {
    log.refused(entry.key, status);
    await queue.setWriting(`refused-login (${status})`);
    if (!(await queue.firstNotice(LOGIN_NOTICE))) return;
    try {
      await deps.mailer.send(calendarLoginMail(deps.mail, deps.now()), { for: 'practice' });
    } catch (err) {
      await queue.clearNotice(LOGIN_NOTICE);
      logger.error(describeFailure(err), 'her calendar: the mail about the refused login could not be sent');
    }
  }

  /** What to record of a write that went through, after saying so. */
  async function working(entry: CalendarEntry, found: Found) {
    if (found.kind === 'in-sync' && entry.status !== 'written') log.written(entry.key);
    if (found.kind === 'gone') log.deleted(entry.key);
    log.working();
    await queue.setWriting('ok');
    await queue.clearNotice(LOGIN_NOTICE);
  }

  /** One attempt at one claimed entry: what to record. */
  async function attempt(entry: CalendarEntry, at: Date): Promise<Attempted> {
    const base = { version: entry.version, etag: entry.etag, written: entry.written, mailed: entry.mailed };
    const opened = await openSession(entry.sealed, deps.secrets);
    if (!opened) {
      log.unreadable(entry.key);
      return { ...base, status: 'unreadable', failures: entry.failures, next: null, remove: true };
    }
    const { session } = opened;
    const target = targetOf(deps, entry, session);
    let found: Found;
    try {
      found = await attemptWrite(dav, target);
    } catch (err) {
      found = { kind: 'failed', status: null, reason: err instanceof DavUnreachable ? err.message : 'failed' };
    }
    const r = recordedOf(found, entry, target, session);
    let mark = entry.mailed;
    try {
      mark = await mailed(deps, entry, session, r.notice);
    } catch (err) {
      logger.error(describeFailure(err), 'her calendar: her mail about a session could not be sent: tried again');
      return scheduled(log, { ...base, status: 'mail-failed' }, entry, at);
    }
    const recorded = { ...base, etag: r.etag ?? entry.etag, written: r.written ?? entry.written, mailed: mark };
    if (found.kind === 'refused-login') await refusedLogin(entry, found.status);
    if (found.kind === 'failed') {
      const next = scheduled(log, { ...recorded, status: r.status }, entry, at);
      log.failed(entry.key, found.status, found.reason, next.next === null ? null : new Date(next.next));
      await queue.setWriting(`retrying (${found.reason})`);
      return next;
    }
    if (r.retry) return scheduled(log, { ...recorded, status: r.status }, entry, at);
    if (found.kind === 'in-sync' || found.kind === 'gone') await working(entry, found);
    else if (found.kind === 'hers-deleted') log.hersDeleted(entry.key);
    else if (found.kind === 'hers-edited') log.hersEdited(entry.key);
    else log.conflict(entry.key);
    return { ...recorded, status: r.status, failures: 0, next: null, remove: r.remove ?? false };
  }

  /** One look: every due entry this process can claim, attempted; how many. */
  async function look(): Promise<number> {
    const at = deps.now();
    const claim = randomUUID();
    const due = await queue.claim(at.getTime(), claim, CLAIM_MS, PER_LOOK);
    for (const entry of due) {
      const attempted = await attempt(entry, at);
      await queue.finish(entry.key, claim, attempted);
    }
    return due.length;
  }

  return { look };
}
