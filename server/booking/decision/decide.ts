import type { Decision } from '../../../content/bookingAnswer';
import type { MailFailure, Mailer } from '../../mail/transport';
import { type Canceller, cancelledMail } from '../../mail/cancelledMail';
import {
  confirmedMail,
  declinedMail,
  type OfferedTime,
  type VisitorMail,
  type VisitorMailConfig,
} from '../../mail/visitorMail';
import type { HoldChange, HoldGuard, HoldStore } from '../../store/holds';
import type { LinkState, UsedLinks } from '../../store/usedLinks';

/** Why an answer's mail may have gone: the mail server never answered after taking it in, or the press was cut off mid-mail. */
export type Uncertainty = Extract<LinkState, { kind: 'uncertain' }>['why'];
import { actOnce } from '../exactlyOnce';
import { markOf, type AnswerRequest } from './token';

// The practitioner's decision on a request, as a plain function of the domain (no Express: the
// router, router.ts, parses the press and shows the page). It acts exactly once through
// exactlyOnce.ts (decisions 0039, 0050): the press claims the link, the visitor's one mail goes
// out, and the record is made final with what the answer does to the hold (kept until the
// session, or freed). A press that sends nothing gives its claim back, so she can press again; a
// mail the mail server took in but never answered for is recorded as uncertain, and goes again
// only when she asks for it (`again`), with the same Message-ID. Releasing a confirmed time (the
// client cancelled by phone) frees the hold, once, and mails the client that the appointment is
// cancelled only if she asks for it.

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
  /** Whether her calendar feed shows the request's time busy with something other than the request itself; null: it cannot tell. */
  feedBusy(request: AnswerRequest, at: Date): boolean | null;
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
  /** Sent again on purpose: the first mail of this answer may have gone (an uncertain record). */
  again?: boolean;
}

export type DecisionResult =
  /** `warning`: mailed, but the record is owed to Redis (made when it answers). `told`: whether the client had a mail (after a release, only if she asked for it). */
  | { kind: 'done'; act: Act; warning?: string; told?: boolean }
  | { kind: 'already'; act: Act; told: boolean }
  /** The mail of `act` may have gone (`now`: by this press; else an earlier one): nothing is sent again unless she asks. */
  | { kind: 'uncertain'; act: Act; told: boolean; why: Uncertainty; now?: { failure: MailFailure } }
  /** Another press of the link is sending its answer now: nothing done. */
  | { kind: 'pending' }
  /** Confirming, another request holds an overlapping time: nothing done. */
  | { kind: 'taken' }
  /** Confirming, her calendar already shows the time busy: nothing done. */
  | { kind: 'busy' }
  /** Confirming or releasing with a link past its time, or releasing what was not confirmed. */
  | { kind: 'refused' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'delivery'; failure: MailFailure };

/** What the link's page shows: its record at `now`. Throws when the store does not answer. */
export const usedFor = (usedLinks: UsedLinks, request: AnswerRequest, now: Date): Promise<LinkState> =>
  usedLinks.peek(markOf(request.id), now);

const holdOf = (r: AnswerRequest) => ({ service: r.service, start: r.start, end: r.end, visitor: r.visitor });

/** Why a confirmation must not go, before anything is sent: another hold, or her calendar. Throws when the store does not answer. */
async function hindrance(deps: DecideDeps, r: AnswerRequest, at: Date): Promise<'taken' | 'busy' | null> {
  // The second line of defence: the holds keep a time to one request; should one have been lost, no confirmation of a time another holds.
  const clash = await deps.holds.overlapping(r.hold, holdOf(r), at);
  if (clash === null) throw new Error('the holds store did not answer');
  if (clash) return 'taken';
  // And should Redis have lost a confirmed hold, her calendar (where she put that session) still says so.
  return deps.feedBusy(r, at) ? 'busy' : null;
}

/** The visitor's mail for the press, or null when a release tells nobody. */
async function mailOf(deps: DecideDeps, press: Press, at: Date): Promise<VisitorMail | null> {
  const { act, request: r } = press;
  if (act === 'confirm') return confirmedMail(deps.mail, r, at);
  if (act === 'decline')
    return declinedMail(deps.mail, r, press.message, offered(await deps.nearestTimes(r, at), press.offers), at);
  return press.tell ? cancelledMail(deps.mail, r, { by: press.who ?? 'client', message: press.message }, at) : null;
}

/** What the answer does to the hold: kept until the session, or freed. */
const changeOf = (act: Act, r: AnswerRequest): HoldChange =>
  act === 'confirm'
    ? { kind: 'keep', id: r.hold, hold: holdOf(r), until: r.start }
    : { kind: 'release', id: r.hold, hold: holdOf(r) };

/** While a press sends, the request must not look unanswered: no reminder, and a confirmation's hold kept past its due time. */
const guardOf = (act: Act, r: AnswerRequest): HoldGuard | null =>
  act === 'release' ? null : { id: r.hold, hold: holdOf(r), until: r.start, due: r.expires, extend: act === 'confirm' };

export async function decide(deps: DecideDeps, press: Press, at: Date): Promise<DecisionResult> {
  const { act, request: r } = press;
  if (act === 'confirm' && press.expired) return { kind: 'refused' };
  const told = act !== 'release' || press.tell === true;
  const result = await actOnce(
    deps,
    {
      link: markOf(r.id),
      answer: act,
      again: press.again === true,
      told,
      session: r.start,
      change: changeOf(act, r),
      guard: guardOf(act, r),
      ...(act === 'confirm' ? { hindrance: () => hindrance(deps, r, at) } : {}),
      mail: () => mailOf(deps, press, at),
    },
    at,
  );
  const toldIf = act === 'release' ? { told } : {};
  switch (result.kind) {
    case 'done':
      if (result.recorded === 'recorded') return { kind: 'done', act, ...toldIf };
      return {
        kind: 'done',
        act,
        ...toldIf,
        warning:
          result.recorded === 'later'
            ? 'the answer was mailed; Redis did not answer, so this process records it when Redis does'
            : 'the answer was mailed after another press took over its claim',
      };
    case 'unknown':
      return { kind: 'uncertain', act, told, why: 'no-reply', now: { failure: result.failure } };
    case 'hindered':
      return { kind: result.why };
    case 'already':
      return { kind: 'already', act: result.answer, told: result.told };
    case 'uncertain':
      return { kind: 'uncertain', act: result.answer, told: result.told, why: result.why };
    case 'pending':
      return { kind: 'pending' };
    default:
      return result;
  }
}
/** The times she left ticked, of those still free. */
const offered = (times: (OfferedTime & { start: string })[], ticked: readonly string[] | null) =>
  ticked === null ? times : times.filter((t) => ticked.includes(t.start));
