import type { Request } from 'express';
import { bookingRules } from '../../../content/booking';
import type { Lang } from '../../../content/languages';
import { manageTexts } from '../../../content/manageTexts';
import { translations } from '../../../content/translations';
import { fill, withPhone } from '../../../views/format';
import { parseStart } from '../../../views/booking/validation';
import type { MailFailure } from '../../mail/transport';
import { type FormDefinition, mayHaveGone, type Outcome, refunds } from '../../forms/pipeline';
import type { Config } from '../../process/config';
import { pressLimits } from '../pressLimits';
import { dayLabel } from '../when';
import { type ActDeps, actOnAppointment, type ClientPress, type ClientResult, isClientAct } from './act';
import { REASON_MAX } from './pageParts';
import { managePage, MANAGE_HEADERS } from './page';
import { pickerOf, type PresentDeps, uncertainNotice, viewOf, wordsOf } from './present';
import { type Appointment, MANAGE_POST_PATH, openAppointment } from './token';
import type { ManageView, Notice } from './view';

// POST /booking/aftale/skift, the client's page's forms, as a form like every other (server/forms/
// pipeline.ts: size and fields, same-origin, her count and the site's): parse reads the press (is
// the link ours and its session ahead, is her reason within its limit, is a move's time a time),
// act is actOnAppointment (act.ts), respond is always her page again, in her language, saying
// what happened. A link that is not ours, or whose session has begun, is refused before the
// site's cap: presses of it count against their sender only (decision 0032).

interface PostedChange extends ClientPress {
  token: string;
}

interface Extra {
  view: ManageView;
}

export interface ManageFormDeps extends PresentDeps {
  config: Config;
  act: ActDeps;
  css: string;
  now: () => Date;
}

/** An outcome that shows her page. */
const page = (
  status: number,
  logWord: string,
  view: ManageView,
  refund: Outcome<Extra>['refund'] = [],
): Outcome<Extra> => ({ status, logWord, reply: { success: status === 200, view }, refund });

const problem = (a: Appointment, key: 'pending' | 'unavailable' | 'delivery' | 'taken' | 'afterDeadline'): Notice => {
  const p = manageTexts[a.lang].problems[key];
  return { tone: 'problem', title: p.title, text: withPhone(p.text, a.lang) };
};

/** Made, but the practice's mail had no reply (decision 0052): her page says the practice may not know; nothing given back. */
async function mayNotKnow(req: Request, a: Appointment, failure: MailFailure, show: Show) {
  // The error's codes only: an SMTP reply can quote an address.
  req.log.warn(failure, 'appointment change: no reply from the mail server after it was handed over');
  return mayHaveGone<Extra>({ success: false, view: await show({ notice: uncertainNotice(a) }) });
}
type Show = (extra: Parameters<typeof viewOf>[4]) => ReturnType<typeof viewOf>;

/** What the page says after a press, in her words: done, or why nothing was done. */
async function outcomeOf(deps: ManageFormDeps, press: PostedChange, result: ClientResult, req: Request) {
  const { appointment: a, token } = press;
  const at = deps.now();
  const t = manageTexts[a.lang];
  const show: Show = (extra) => viewOf(deps, a, token, at, extra);
  if ('warning' in result && result.warning) req.log.warn(`appointment change: ${result.warning}`);
  switch (result.kind) {
    case 'cancelled': {
      const text = result.late ? fill(t.done.cancelledLate, { fee: (await wordsOf(a, null)).fee }) : t.done.cancelled;
      // The error's codes only: an SMTP reply can quote her address. Her page is then her receipt.
      if (result.receiptFailure) req.log.error(result.receiptFailure, 'appointment receipt not delivered');
      if (result.uncertain) return mayNotKnow(req, a, result.uncertain, show);
      const notice: Notice = { tone: 'done', text: result.receiptFailure ? `${text} ${t.done.noMail}` : text };
      return page(200, result.late ? 'cancelled-late' : 'cancelled', await show({ notice }));
    }
    case 'moving': {
      if (result.uncertain) return mayNotKnow(req, a, result.uncertain, show);
      const words = await wordsOf(a, null);
      const day = dayLabel(new Date(result.move.due.getTime() - 1), a.lang);
      const notice: Notice = {
        tone: 'done',
        text: fill(t.done.moving, { when: words.moment(result.move.start), day }),
      };
      return page(200, 'moving', await show({ notice }));
    }
    case 'standing':
      return page(409, 'already', await show({}), refunds.nothingSent);
    case 'late':
      return page(409, 'late', await show({ notice: problem(a, 'afterDeadline') }), refunds.nothingSent);
    case 'pending':
      return page(503, 'pending', await show({ notice: problem(a, 'pending') }), refunds.nothingSent);
    case 'taken': {
      const picker = await pickerOf(deps, a, 1, at);
      return page(409, 'taken', await show({ notice: problem(a, 'taken'), picker }), refunds.nothingSent);
    }
    case 'unavailable':
      req.log.warn({ reason: result.reason }, 'appointment links cannot be checked');
      return page(503, 'unavailable', await show({ notice: problem(a, 'unavailable') }), refunds.nothingSent);
    case 'delivery':
      // The error's codes only: an SMTP reply can quote an address.
      req.log.error(result.failure, 'appointment change not delivered');
      return page(502, 'delivery-failed', await show({ notice: problem(a, 'delivery') }), refunds.notDelivered);
  }
}

/** Her press as posted, or the page that refuses it. */
async function read(
  deps: ManageFormDeps,
  b: Record<string, unknown>,
): Promise<{ ok: true; value: PostedChange } | { ok: false; refused: Outcome<Extra> }> {
  const at = deps.now();
  const a = isClientAct(b.act)
    ? await openAppointment(b.t, deps.config.booking?.secrets ?? [], deps.config.baseUrl, at)
    : null;
  // Not ours: it keeps its sender's count, and never touches the site's (the cap comes after this).
  if (!a || !isClientAct(b.act)) return { ok: false, refused: page(400, 'invalid', { kind: 'invalid' }) };
  const token = b.t as string;
  // Begun, or the practice changes appointments by phone only: her page as it stands, nothing done.
  if (at.getTime() >= a.start.getTime())
    return { ok: false, refused: page(410, 'past', await viewOf(deps, a, token, at)) };
  if (!bookingRules.clientLink) return { ok: false, refused: page(403, 'off', await viewOf(deps, a, token, at)) };
  const reason = typeof b.reason === 'string' ? b.reason : '';
  if (reason.length > REASON_MAX) {
    const error = fill(manageTexts[a.lang].problems.tooLong, { max: String(REASON_MAX) });
    const view = await viewOf(deps, a, token, at, { reason, error });
    return { ok: false, refused: page(400, 'too-long', view, refunds.invalid) };
  }
  const to = b.act === 'move' && typeof b.start === 'string' ? parseStart(b.start) : null;
  if (b.act === 'move' && !to) {
    const { flow } = await translations[a.lang].booking();
    const picker = { ...(await pickerOf(deps, a, 1, at)), error: flow.fieldErrors.start };
    return { ok: false, refused: page(400, 'no-time', await viewOf(deps, a, token, at, { picker }), refunds.invalid) };
  }
  return { ok: true, value: { act: b.act, appointment: a, reason: reason.trim(), token, ...(to ? { to } : {}) } };
}

export function manageForm(deps: ManageFormDeps): FormDefinition<PostedChange, Extra> {
  const { config, css } = deps;
  const rateLimited = (lang: Lang) => withPhone(manageTexts[lang].problems.rateLimited, lang);
  return {
    id: 'manage',
    logMessage: 'appointment change',
    path: MANAGE_POST_PATH,
    fieldLimits: { t: 4096, reason: REASON_MAX },
    bodySlack: 1024,
    fieldCount: 12,
    fields: ['t', 'act', 'reason', 'start', 'lang'],
    checkboxes: [],
    limits: { ...pressLimits(config.booking), counters: { visitor: 'manage', site: 'manage-site' } },
    texts: async (lang) => ({ rateLimited: rateLimited(lang), siteLimited: rateLimited(lang) }),
    parse: (body) => read(deps, (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>),
    async act(press, { req }) {
      return outcomeOf(deps, press, await actOnAppointment(deps.act, press, deps.now()), req);
    },
    /** Always her page: the form's own view, or the pipeline's refusal in her words. */
    async respond(_req, { reply, logWord }, { lang }) {
      const p = manageTexts[lang].problems;
      const title = logWord === 'rejected' ? p.forbidden.title : p.unavailable.title;
      const view: ManageView = reply.view ?? { kind: 'refused', lang, title, text: reply.error ?? '' };
      const words =
        view.kind === 'appointment' ? await wordsOf(view.appointment, config.booking?.videoUrl ?? null) : null;
      return { page: managePage(view, words, css), headers: MANAGE_HEADERS };
    },
  };
}
