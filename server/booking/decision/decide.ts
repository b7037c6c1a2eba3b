import type { Decision } from '../../../content/bookingAnswer';
import { describeFailure, type MailFailure, type Mailer } from '../../mail/transport';
import { cancelledMail, type Canceller } from '../../mail/cancelledMail';
import { confirmedMail, declinedMail, type OfferedTime, type VisitorMailConfig } from '../../mail/visitorMail';
import type { HoldStore } from '../../store/holds';
import type { UsedLinks } from '../../store/usedLinks';
import { markOf, type AnswerRequest } from './token';

// The practitioner's decision on a request, as a plain function of the domain (no Express: the
// router, router.ts, parses the press and shows the page). It acts once: the used-marker
// (server/store/usedLinks.ts) is claimed first, on every worker and machine at once, then the
// visitor's one mail goes out, and only then does the hold change (kept until the session, or
// freed). A mail that fails gives the marker back and changes nothing, so she can press again.
// The marker lives until the session starts, so that the link's page says what she decided.
// Releasing a confirmed time (the client cancelled by phone) frees the hold, once, and mails the
// client that the appointment is cancelled only if she asks for it.

/** What a press asks: a decision, or releasing a time she confirmed. */
export type Act = Decision | 'release';

export interface DecideDeps {
  /** The visitor's mail's configuration (MAIL_FROM, MAIL_TO, BASE_URL, BOOKING_VIDEO_URL). */
  mail: VisitorMailConfig;
  mailer: Mailer;
  holds: HoldStore;
  usedLinks: UsedLinks;
  /** The nearest free times of the request's service, the declined one left out. */
  nearestTimes(request: AnswerRequest, at: Date): Promise<(OfferedTime & { start: string })[]>;
}

export interface Press {
  act: Act;
  request: AnswerRequest;
  /** Her words to the visitor (a decline, or a release she mails). */
  message: string;
  /** The offered times she left ticked (their starts); null: every one. */
  offers: readonly string[] | null;
  /** The link is past its time: a decline still goes (the client must hear), a confirmation never. */
  expired: boolean;
  /** Releasing: mail the client that the appointment is cancelled. */
  tell?: boolean;
  /** Releasing: who cancelled, for the mail's words (the client thanked, or her apology); her message goes in it too. */
  who?: Canceller;
}

export type DecisionResult =
  | { kind: 'done'; act: Act; warning?: string; told?: boolean }
  /** `told`: whether the client had a mail (after a release, only if she asked for it). */
  | { kind: 'already'; act: Act; told: boolean }
  /** Confirming, another request holds an overlapping time: nothing done. */
  | { kind: 'taken' }
  /** Confirming or releasing with a link past its time, or releasing what was not confirmed. */
  | { kind: 'refused' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'delivery'; failure: MailFailure };

/** The release's own marker: a confirmed link is released once; its answer says whether the client was mailed. */
const releaseMark = (id: string) => markOf(`${id}/release`);
const released = (told: boolean) => (told ? 'release-told' : 'release');

/** What the link was used for, for its page: the decision, or 'release' once a confirmed time was freed, and whether the client was told. Throws when the store does not answer. */
export async function usedFor(
  usedLinks: UsedLinks,
  request: AnswerRequest,
  now: Date,
): Promise<{ act: Act; told: boolean } | null> {
  const used = await usedLinks.peek(markOf(request.id), now);
  const release = used === 'confirm' ? await usedLinks.peek(releaseMark(request.id), now) : null;
  if (release === released(true) || release === released(false))
    return { act: 'release', told: release === released(true) };
  return used === 'confirm' || used === 'decline' ? { act: used, told: true } : null;
}

/** Whether a live hold other than the request's own overlaps its time (buffer included). Throws when the store does not answer. */
async function clashes(holds: HoldStore, r: AnswerRequest, at: Date): Promise<boolean> {
  const hold = { service: r.service, start: r.start, end: r.end, visitor: r.visitor };
  const clash = await holds.overlapping(r.hold, hold, at);
  if (clash === null) throw new Error('the holds store did not answer');
  return clash;
}

async function release(deps: DecideDeps, press: Press, at: Date): Promise<DecisionResult> {
  const { usedLinks, holds } = deps;
  const { request: r } = press;
  const tell = press.tell === true;
  try {
    if ((await usedLinks.peek(markOf(r.id), at)) !== 'confirm') return { kind: 'refused' };
    const claimed = await usedLinks.claim(releaseMark(r.id), released(tell), r.start, at);
    if (!claimed.first) return { kind: 'already', act: 'release', told: claimed.answer === released(true) };
  } catch (err) {
    return { kind: 'unavailable', reason: (err as Error).message };
  }
  if (tell)
    try {
      const cancelled = { by: press.who ?? 'client', message: press.message };
      await deps.mailer.send(cancelledMail(deps.mail, r, cancelled, at), { for: 'visitor' });
    } catch (err) {
      await usedLinks.unclaim(releaseMark(r.id), released(tell));
      return { kind: 'delivery', failure: describeFailure(err) };
    }
  await holds.release(r.hold, { service: r.service, start: r.start, end: r.end, visitor: r.visitor });
  return { kind: 'done', act: 'release', told: tell };
}

export async function decide(deps: DecideDeps, press: Press, at: Date): Promise<DecisionResult> {
  const { act, request: r } = press;
  if (act === 'release') return release(deps, press, at);
  const mark = markOf(r.id);
  const { usedLinks, holds, mailer } = deps;
  let claimed: Awaited<ReturnType<UsedLinks['claim']>>;
  try {
    const known = await usedFor(usedLinks, r, at);
    if (known) return { kind: 'already', ...known };
    if (act === 'confirm' && press.expired) return { kind: 'refused' };
    // The second line of defence: the holds keep a time to one request; should one have been lost, no confirmation of a time another holds.
    if (act === 'confirm' && (await clashes(holds, r, at))) return { kind: 'taken' };
    // Until the session: the page says what she decided for as long as it matters.
    claimed = await usedLinks.claim(mark, act, r.start, at);
  } catch (err) {
    return { kind: 'unavailable', reason: (err as Error).message };
  }
  if (!claimed.first) return { kind: 'already', act: claimed.answer === 'decline' ? 'decline' : 'confirm', told: true };
  const hold = { service: r.service, start: r.start, end: r.end, visitor: r.visitor };
  try {
    const mail =
      act === 'confirm'
        ? await confirmedMail(deps.mail, r, at)
        : declinedMail(deps.mail, r, press.message, offered(await deps.nearestTimes(r, at), press.offers), at);
    await mailer.send(mail, { for: 'visitor' });
  } catch (err) {
    await usedLinks.unclaim(mark, act);
    return { kind: 'delivery', failure: describeFailure(err) };
  }
  if (act === 'decline') {
    await holds.release(r.hold, hold);
    return { kind: 'done', act };
  }
  if (!(await holds.keep(r.hold, hold, r.start, at)))
    return { kind: 'done', act, warning: 'the confirmed time could not be kept in the holds store' };
  return { kind: 'done', act };
}

/** The times she left ticked, of those still free. */
const offered = (times: (OfferedTime & { start: string })[], ticked: readonly string[] | null) =>
  ticked === null ? times : times.filter((t) => ticked.includes(t.start));
