import type { Request } from 'express';
import { bookingAnswer } from '../../../content/bookingAnswer';
import type { HerCalendarWay } from '../../../content/texts/privacy';
import { fill } from '../../../views/format';
import { herCalendarWay, type Config } from '../../process/config';
import { mayHaveGone, refunds, type FormDefinition, type Outcome } from '../../forms/pipeline';
import { pressLimits } from '../pressLimits';
import type { Canceller } from '../request';
import { decide, type Act, type DecideDeps, type DecisionResult, type Press } from './decide';
import { ANSWER_POST_PATH } from './links';
import { ANSWER_HEADERS, answerPage, type AnswerView, type OfferView } from './page';
import { MESSAGE_MAX } from './pageForms';
import { openRequest, type AnswerRequest } from './token';

// POST /booking/svar, the answer page's button, as a form like every other (server/forms/
// pipeline.ts): parse reads the press (is the link ours, is her message within its limit), act
// is decide() (decide.ts), respond is always the page (it works without script).

type Problem = Extract<AnswerView, { kind: 'problem' }>['problem'];
const statusOf = {
  invalid: 400,
  forbidden: 403,
  expired: 410,
  refused: 400,
  taken: 409,
  busy: 409,
  pending: 503,
  past: 410,
  delivery: 502,
  unavailable: 503,
  withdrawn: 409,
} as const satisfies Record<Problem, number>;

/** A valid post of the answer form: the Press, its link's text kept for the page again. */
interface PostedPress extends Press {
  token: string;
  tell: boolean;
}

/** What an answer carries besides success and error: the page to show. */
interface Extra {
  view: AnswerView;
}

const isAct = (value: unknown): value is Act => value === 'confirm' || value === 'decline' || value === 'release';
const isCanceller = (value: unknown): value is Canceller => value === 'client' || value === 'practitioner';
const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

const problem = (
  p: Exclude<Problem, 'refused'>,
  logWord: string = p,
  refund: readonly ('visitor' | 'site')[] = [],
): Outcome<Extra> => ({
  status: statusOf[p],
  logWord,
  reply: { success: false, view: { kind: 'problem', problem: p } },
  refund,
});

/** What the page after a press shows from the configuration: the video room, and how the time reaches her calendar. */
type DoneShows = { videoUrl: string | null; herCalendar: HerCalendarWay };

/** decide()'s result as the page and the log say it; `offers`: a decline's nearest times, to send again. */
function outcomeOf(
  result: DecisionResult,
  press: PostedPress,
  req: Request,
  shown: DoneShows,
  offers: OfferView[],
): Outcome<Extra> {
  const { request, token } = press;
  switch (result.kind) {
    case 'done': {
      if (result.warning) req.log.warn(`booking answer: ${result.warning}`);
      const logWord = { confirm: 'confirmed', decline: 'declined', release: 'released' }[result.act];
      return {
        status: 200,
        logWord,
        reply: {
          success: true,
          view: { kind: 'done', act: result.act, request, ...shown, told: result.told === true },
        },
      };
    }
    case 'uncertain': {
      const { act, why, state } = result;
      const view: AnswerView = {
        kind: 'uncertain',
        act,
        state,
        request,
        token,
        offers,
        ...(why ? { why } : { error: bookingAnswer.uncertain.resendFailed }),
      };
      if (result.resendFailed) {
        // The error's codes only: an SMTP reply can quote the visitor's address. Its first mail may still have gone.
        req.log.error(result.resendFailed, 'booking answer not delivered');
        return {
          status: 502,
          logWord: 'delivery-failed',
          reply: { success: false, view },
          refund: refunds.notDelivered,
        };
      }
      if (!result.now)
        return { status: 409, logWord: 'uncertain', reply: { success: false, view }, refund: refunds.nothingSent };
      // The error's codes only. A mail may have gone: no count goes back.
      req.log.warn(result.now.failure, 'booking answer: no reply from the mail server after the mail was handed over');
      return mayHaveGone({ success: false, view });
    }
    case 'already':
      // Nothing sent: the site's count goes back, so a forwarded link pressed again and again locks nobody out.
      return {
        status: 409,
        logWord: 'already',
        reply: { success: false, view: { kind: 'already', state: result.state, request, token } },
        refund: refunds.nothingSent,
      };
    case 'taken':
    case 'busy':
    case 'pending':
    case 'withdrawn':
      return problem(result.kind, result.kind, refunds.nothingSent);
    case 'refused':
      // Its sender's count keeps it; the site's goes back: what sends nothing never uses up her presses.
      return press.expired
        ? problem('expired', 'expired', refunds.nothingSent)
        : problem('invalid', 'invalid', refunds.nothingSent);
    case 'unavailable':
      req.log.warn({ reason: result.reason }, 'booking answer links cannot be checked');
      return problem('unavailable', 'unavailable', refunds.nothingSent);
    case 'delivery':
      // The error's codes only: an SMTP reply can quote the visitor's address.
      req.log.error(result.failure, 'booking answer not delivered');
      return problem('delivery', 'delivery-failed', refunds.notDelivered);
  }
}

/**
 * A release as pressed, or its form again: a mail to the client needs to know who cancelled (it
 * thanks the client, or says she is sorry), and her message must fit. Without a mail neither matters.
 */
function releaseChecked(press: PostedPress): { ok: true; value: PostedPress } | { ok: false; refused: Outcome<Extra> } {
  const error = !press.tell
    ? null
    : !press.who
      ? bookingAnswer.releaseWhoMissing
      : press.message.length > MESSAGE_MAX
        ? fill(bookingAnswer.messageTooLong, { max: String(MESSAGE_MAX) })
        : null;
  if (!error) return { ok: true, value: press };
  const release = { tell: press.tell, message: press.message, error, ...(press.who ? { who: press.who } : {}) };
  const { request, token } = press;
  const view: AnswerView = { kind: 'already', state: { kind: 'confirmed', moveUsed: false }, request, token, release };
  const logWord = press.who ? 'too-long' : 'who-missing';
  return { ok: false, refused: { status: 400, logWord, reply: { success: false, view }, refund: refunds.invalid } };
}

export interface AnswerFormDeps {
  config: Config;
  decideDeps: DecideDeps;
  offerViews: (r: AnswerRequest, at: Date) => Promise<OfferView[]>;
  css: string;
  now: () => Date;
}

export function answerForm(deps: AnswerFormDeps): FormDefinition<PostedPress, Extra> {
  const { config, decideDeps, offerViews, css, now } = deps;
  const secrets = config.booking?.secrets ?? [];
  const shown: DoneShows = {
    videoUrl: config.booking?.videoUrl ?? null,
    herCalendar: herCalendarWay(config.herCalendar),
  };

  return {
    id: 'answer',
    logMessage: 'booking answer',
    path: ANSWER_POST_PATH,
    fieldLimits: { t: 4096, message: MESSAGE_MAX },
    bodySlack: 1024,
    fieldCount: 12,
    fields: ['t', 'answer', 'message', 'tell', 'who', 'again'],
    checkboxes: [],
    limits: { ...pressLimits(config.booking), counters: { visitor: 'answer', site: 'answer-site' } },
    texts: async () => ({ rateLimited: bookingAnswer.rateLimited, siteLimited: bookingAnswer.rateLimited }),
    async parse(body) {
      const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
      // A link that is not ours is no typing mistake: it keeps the sender's count, so guessing links stays
      // limited; the site's cap, taken only after this check (forms/pipeline.ts), it never touches.
      if (!isAct(b.answer)) return { ok: false, refused: problem('invalid', 'invalid', refunds.none) };
      const opened = await openRequest(b.t, secrets, config.baseUrl, now());
      if (!opened.ok && opened.why === 'invalid')
        return { ok: false, refused: problem('invalid', 'invalid', refunds.none) };
      // A link whose session has begun does nothing more, and a confirmation past its time never goes:
      // refused here, before the site's cap, so that presses of an old link count against their sender only.
      if (opened.request.start.getTime() <= now().getTime())
        return { ok: false, refused: problem('past', 'past', refunds.none) };
      if (!opened.ok && b.answer === 'confirm')
        return { ok: false, refused: problem('expired', 'expired', refunds.none) };
      const press: PostedPress = {
        act: b.answer,
        request: opened.request,
        expired: !opened.ok,
        token: b.t as string,
        message: b.answer !== 'confirm' && typeof b.message === 'string' ? b.message : '',
        offers: b.shown ? strings(b['offer[]']) : null,
        again: b.again === '1',
        // Sending a release's mail again is what that press is for.
        tell: b.answer === 'release' && (b.tell === '1' || b.again === '1'),
        ...(b.answer === 'release' && isCanceller(b.who) ? { who: b.who } : {}),
      };
      if (press.act === 'release') return releaseChecked(press);
      if (press.message.length > MESSAGE_MAX && press.act === 'decline') {
        const error = fill(bookingAnswer.messageTooLong, { max: String(MESSAGE_MAX) });
        const offers = await offerViews(press.request, now());
        const view: AnswerView = { kind: 'ask', decision: 'decline', ...press, offers, lapsed: press.expired, error };
        return {
          ok: false,
          refused: { status: 400, logWord: 'too-long', reply: { success: false, view }, refund: refunds.invalid },
        };
      }
      return { ok: true, value: press };
    },
    async act(press, { req }) {
      const result = await decide(decideDeps, press, now());
      const again = result.kind === 'uncertain' && result.act === 'decline';
      return outcomeOf(result, press, req, shown, again ? await offerViews(press.request, now()) : []);
    },
    /** Always the page (it works without script): the form's own view, or the pipeline's refusal in its words. */
    async respond(_req: Request, { reply }) {
      const view: AnswerView = reply.view ?? { kind: 'problem', problem: 'refused', text: reply.error ?? '' };
      return { page: answerPage(view, css), headers: ANSWER_HEADERS };
    },
  };
}
