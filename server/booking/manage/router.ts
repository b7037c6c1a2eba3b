import express from 'express';
import { bookingRules } from '../../../content/booking';
import { isLang } from '../../../content/languages';
import { manageTexts } from '../../../content/manageTexts';
import { withPhone } from '../../../views/format';
import { perVisitorReads } from '../../forms/limits';
import { formRouter } from '../../forms/pipeline';
import type { Mailer } from '../../mail/transport';
import type { Config } from '../../process/config';
import type { CalendarWrites } from '../herCalendar';
import type { RateLimitStore } from '../../store/rateLimit';
import { pressLimits } from '../pressLimits';
import { manageForm } from './form';
import { sendManagePage } from './page';
import { pickerOf, type PresentDeps, viewOf, wordsOf } from './present';
import { MANAGE_PATH, MANAGE_POST_PATH, openAppointment } from './token';
import { type ManageView, phaseOf } from './view';

// GET /booking/aftale?t=…: the client's page for her appointment, from the link in every
// confirmation. It only shows: opening it, by her or by any scanner, prefetcher or preview,
// changes nothing and sends nothing (?flyt=1 shows the free times she may move to, &uger=N more
// weeks of them). POST /booking/aftale/skift: its forms, through the one form pipeline
// (form.ts). Every answer is no-store and noindex; the log says only the outcome.

export interface ManageDeps extends PresentDeps {
  config: Config;
  mailer: Mailer;
  rateLimit: RateLimitStore;
  /** The site's stylesheet (its hashed path). */
  css: string;
  now?: () => Date;
  /** Her own calendar, following the client's settled changes; null: not kept by the site. */
  herCalendar?: CalendarWrites | null;
}

export function manageRouter(deps: ManageDeps): express.Router {
  const { config, css } = deps;
  const booking = config.booking;
  if (!booking) throw new Error('the manage links need BOOKING_CALENDAR_URL');
  const now = deps.now ?? (() => new Date());
  const videoUrl = booking.videoUrl;
  const router = express.Router();
  const show = async (res: express.Response, status: number, view: ManageView, logWord: string) => {
    res.req.log.info({ outcome: logWord }, 'appointment page');
    const words = view.kind === 'appointment' ? await wordsOf(view.appointment, videoUrl) : null;
    sendManagePage(res, status, view, words, css);
  };

  // Each read decrypts a link: limited per visitor as the presses are, on a count of its own.
  const reads = perVisitorReads('manage-read', pressLimits(booking).visitor, deps.rateLimit, (req, res) => {
    const lang = isLang(req.query.lang) ? req.query.lang : 'da';
    const text = withPhone(manageTexts[lang].problems.rateLimited, lang);
    void show(
      res,
      429,
      { kind: 'refused', lang, title: manageTexts[lang].problems.unavailable.title, text },
      'rate-limited',
    );
  });

  router.get(MANAGE_PATH, reads, async (req, res, next) => {
    try {
      const at = now();
      const a = await openAppointment(req.query.t, booking.secrets, config.baseUrl, at);
      if (!a) return await show(res, 400, { kind: 'invalid' }, 'invalid');
      const view = await viewOf(deps, a, String(req.query.t), at);
      const state = view.state;
      // The move's times only where a move can be asked for now.
      const movable =
        req.query.flyt === '1' &&
        bookingRules.clientLink &&
        state?.kind === 'confirmed' &&
        !state.moveUsed &&
        a.sequence === 0 &&
        phaseOf(a, at) === 'free';
      if (movable) view.picker = await pickerOf(deps, a, Number(req.query.uger), at);
      const shown = state === null ? 'unavailable' : view.uncertain ? 'uncertain' : view.notice ? 'pending' : 'shown';
      await show(res, shown === 'unavailable' || shown === 'pending' ? 503 : 200, view, shown);
    } catch (err) {
      next(err);
    }
  });

  // The forms' address opened as a page (a bookmark, the address bar after a press): nothing done.
  router.get(MANAGE_POST_PATH, (_req, res) => {
    res.set('Allow', 'POST');
    void show(res, 405, { kind: 'invalid' }, 'invalid');
  });

  router.use(
    formRouter(
      manageForm({
        ...deps,
        act: { ...deps, config: { ...config, booking, videoUrl } },
        css,
        now,
      }),
      { baseUrl: config.baseUrl, rateLimit: deps.rateLimit },
    ),
  );
  return router;
}
