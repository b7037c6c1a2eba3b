import { danish } from '../../../content/danish';
import { siteTexts } from '../../../content/siteTexts';
import type { Response } from 'express';
import { renderToStaticMarkup } from 'react-dom/server';
import { bookingAnswer as t, type Decision } from '../../../content/bookingAnswer';
import { clientChanges } from '../../../content/clientChanges';
import { practice } from '../../../content/practice';
import type { HerCalendarWay } from '../../../content/texts/privacy';
import { fill } from '../../../views/format';
import { oneLine } from '../../../views/oneLine';
import { standalonePage } from '../standalonePage';
import { danishWhen, dayLabel, timeLabel } from '../when';
import type { AppointmentState } from '../manage';
import type { Act, Uncertainty } from './decide';
import { ANSWER_PATHS, ANSWER_POST_PATH } from './links';
import { MESSAGE_SCRIPT_PATH } from './messageBox';
import { type ReleaseAgain, Message, Release } from './pageForms';
import type { AnswerRequest } from './token';

// The answer page the practitioner opens from her mail, in Danish, made for one thumb on a phone:
// the decision as the heading ('Bekræft Karen Blixens tid torsdag 14. januar kl. 10.00?'), the
// request as a short card (name, service, time, place, language), the button, and what it does in
// small print below it. Declining, her message box comes first (in the client's direction and
// language, with a cue which language that is), then the nearest free times, each with a box she
// may clear. After a press, or on a link already used, the page repeats whose request and which
// time; a confirmed link's page can release the time. Rendered on the server, complete without
// JavaScript (the message box's one small script only keeps a typed phone number in order:
// messageBox.ts), with the site's stylesheet: 320 px, both colour schemes, the keyboard alone.

/** A free time offered with a decline: its start (the box's value) and its words. */
export interface OfferView {
  start: string;
  label: string;
}

export type AnswerView =
  | {
      kind: 'ask';
      decision: Decision;
      request: AnswerRequest;
      token: string;
      message?: string;
      error?: string;
      /** The nearest free times (a decline). */
      offers?: readonly OfferView[];
      /** An authentic link past its time: only a decline, and a warning. */
      lapsed?: boolean;
      /** BOOKING_VIDEO_URL. */
      videoUrl?: string | null;
    }
  | {
      kind: 'done';
      act: Act;
      request: AnswerRequest;
      videoUrl?: string | null;
      told?: boolean;
      /** How the time reaches her own calendar (server/booking/herCalendar/); absent: she adds it herself. */
      herCalendar?: HerCalendarWay;
    }
  | {
      kind: 'already';
      /** What became of the request (or of its appointment): her answer, and the client's changes since. */
      state: AppointmentState;
      request: AnswerRequest;
      token: string;
      /** The release form again, with what she chose and wrote, and what is missing. */
      release?: ReleaseAgain;
    }
  /** Her `act`'s mail may have gone, and why (none: a resend just failed, `error`): what the site did, and "send again". */
  | {
      kind: 'uncertain';
      act: Act;
      /** What became of the request: a confirmed one keeps its release form. */
      state: AppointmentState;
      request: AnswerRequest;
      token: string;
      why?: Uncertainty;
      error?: string;
      /** The nearest free times, to send with a decline again. */
      offers?: readonly OfferView[];
    }
  | {
      kind: 'problem';
      problem:
        | 'expired'
        | 'invalid'
        | 'forbidden'
        | 'delivery'
        | 'unavailable'
        | 'taken'
        | 'busy'
        | 'pending'
        | 'past'
        | 'withdrawn';
    }
  /** The request pipeline's own refusal (too large, too many presses): its words. */
  | { kind: 'problem'; problem: 'refused'; text: string };

/** 'Karen Blixens', 'Lars'' (Danish genitive). */
const genitive = (name: string) => (/[sxz]$/i.test(name) ? `${name}'` : `${name}s`);

/** The heading's question, the name isolated (a Persian name keeps its own direction); a name in another script without a Danish genitive. A move names both times. */
function Question({ decision, request }: { decision: Decision; request: AnswerRequest }) {
  const name = oneLine(request.name);
  const latin = /\p{Script=Latin}$/u.test(name);
  const move = clientChanges.page;
  const question = request.replaces
    ? fill((latin ? move.question : move.questionFor)[decision], {
        old: shortWhen(request.replaces),
        new: shortWhen(request),
      })
    : fill((latin ? t.question : t.questionFor)[decision], { when: shortWhen(request) });
  const [before, after] = question.split('{name}');
  return (
    <>
      {before}
      <bdi>{latin ? genitive(name) : name}</bdi>
      {after}
    </>
  );
}
/** 'torsdag 14. januar kl. 10.00' */
const shortWhen = (r: Pick<AnswerRequest, 'start'>) =>
  fill(t.when, { day: dayLabel(r.start, 'da'), time: timeLabel(r.start, 'da') });

/** Whose request, which time: the name alone isolated (a Persian name reverses nothing around it). */
function WhoWhen({ request }: { request: AnswerRequest }) {
  const [before, after] = fill(t.whoWhen, { when: shortWhen(request) }).split('{name}');
  return (
    <p className="answer-who">
      {before}
      <bdi>{oneLine(request.name)}</bdi>
      {after}
    </p>
  );
}

function Card({ request }: { request: AnswerRequest }) {
  const rows: [string, React.ReactNode][] = [
    // A name is the visitor's: isolated, so that digits or brackets in it cannot reorder the line.
    [t.name, <bdi key="name">{oneLine(request.name)}</bdi>],
    [t.service, danish.prices.prices[request.service].label],
    [request.replaces ? clientChanges.move.newTime : t.time, danishWhen(request.start, request.end)],
    ...(request.replaces
      ? [[clientChanges.move.replaces, danishWhen(request.replaces.start, request.replaces.end)] as [string, string]]
      : []),
    [t.format, danish.booking.flow.formats[request.format]],
    [t.language, siteTexts.da.languageNames[request.lang]],
  ];
  return (
    <dl className="answer-request">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Offers({ offers }: { offers: readonly OfferView[] }) {
  if (offers.length === 0) return <p className="field-hint">{t.noOffers}</p>;
  return (
    <fieldset className="answer-offers" aria-describedby="offers-hint">
      <legend>{t.offerLegend}</legend>
      <p id="offers-hint" className="field-hint">
        {t.offerHint}
      </p>
      {/* Which times were shown: those cleared are left out, a time freed meanwhile is not added. */}
      <input type="hidden" name="shown" value="1" />
      {offers.map((offer, i) => (
        <div className="field field--check" key={offer.start}>
          <input type="checkbox" id={`offer-${i}`} name="offer[]" value={offer.start} defaultChecked />
          <label htmlFor={`offer-${i}`}>{offer.label}</label>
        </div>
      ))}
    </fieldset>
  );
}

function Ask({ view }: { view: Extract<AnswerView, { kind: 'ask' }> }) {
  const { decision, request, token } = view;
  const other: Decision = decision === 'confirm' ? 'decline' : 'confirm';
  const online = request.format === 'online';
  // Past its time the hold has lapsed: the time is free already, so the decline's explanation does not promise to free it.
  const explain = [
    fill(
      request.replaces ? clientChanges.page.explain[decision] : view.lapsed ? t.lapsed.explain : t.explain[decision],
      {
        language: siteTexts.da.languageNames[request.lang],
      },
    ),
  ];
  if (decision === 'confirm' && online)
    explain.push(view.videoUrl ? fill(t.videoRoom, { url: view.videoUrl }) : t.videoPromise);
  return (
    <>
      {view.lapsed && <p className="answer-warning">{t.lapsed.text}</p>}
      <Card request={request} />
      <form className="contact-form answer-form" method="post" action={ANSWER_POST_PATH}>
        <input type="hidden" name="t" value={token} />
        <input type="hidden" name="answer" value={decision} />
        {decision === 'decline' && (
          <Message request={request} label={t.messageLabel} message={view.message} error={view.error} />
        )}
        {decision === 'decline' && <Offers offers={view.offers ?? []} />}
        {view.lapsed && <p>{t.lapsed.decline}</p>}
        <div>
          <button type="submit" className="button button--primary">
            {t.button[decision]}
          </button>
        </div>
      </form>
      {explain.map((text) => (
        <p className="small answer-explain" key={text}>
          {text}
        </p>
      ))}
      {!view.lapsed && (
        <p className="small">
          {t.other[decision]} <a href={`${ANSWER_PATHS[other]}?t=${token}`}>{t.otherLink[decision]}</a>
        </p>
      )}
    </>
  );
}

/** What her page says of a request already answered, or of its appointment the client changed since; whether she may still release it. */
function alreadyTexts(state: AppointmentState): { title: string; text: string; release: boolean } {
  const c = clientChanges.states;
  const short = (start: Date) => shortWhen({ start });
  switch (state.kind) {
    case 'confirmed':
      return { ...t.already.confirm, release: true };
    case 'declined':
      return { ...t.already.decline, release: false };
    case 'released':
      return {
        title: t.already.release.title,
        text: state.told ? t.already.release.text : t.already.release.untold,
        release: false,
      };
    case 'cancelled':
      return { ...(state.late ? c.cancelledLate : c.cancelled), release: false };
    case 'moved':
      return { title: c.moved.title, text: fill(c.moved.text, { when: short(state.start) }), release: false };
    case 'moving':
      return { title: c.moving.title, text: fill(c.moving.text, { when: short(state.move.start) }), release: true };
    default:
      return { ...t.invalid, release: false };
  }
}

/** A problem's words: her answer page's, or a move that no longer waits. */
const problemTexts = (problem: Exclude<Extract<AnswerView, { kind: 'problem' }>['problem'], 'refused'>) =>
  problem === 'withdrawn' ? clientChanges.states.withdrawn : t[problem];

function titleOf(view: AnswerView): string {
  if (view.kind === 'ask') return view.lapsed ? t.lapsed.title : t.title[view.decision];
  if (view.kind === 'done') return t.done[view.act].title;
  if (view.kind === 'already') return alreadyTexts(view.state).title;
  if (view.kind === 'uncertain') return t.uncertain.title;
  return view.problem === 'refused' ? t.forbidden.title : problemTexts(view.problem).title;
}

function Heading({ view }: { view: AnswerView }) {
  if (view.kind !== 'ask' || view.lapsed) return <h1>{titleOf(view)}</h1>;
  return (
    <h1>
      <Question decision={view.decision} request={view.request} />
    </h1>
  );
}

/** What she does about her own calendar after a press: add, move or delete the time herself, or nothing (the site writes it, or her calendar fetches it). */
function calendarNote(view: Extract<AnswerView, { kind: 'done' }>, move: 'confirm' | 'decline' | null): string {
  const way = view.herCalendar ?? 'none';
  if (move === 'decline' || (move && way === 'none')) return clientChanges.page.calendar[move];
  const done = t.done[view.act];
  if (way === 'none' || !('calendarWritten' in done)) return done.calendar;
  if (move) return way === 'subscription' ? t.done.confirm.movedSubscribed : t.done.confirm.movedWritten;
  return way === 'subscription' ? done.calendarSubscribed : done.calendarWritten;
}

/** After her press: what it did (a move's own words), and what is hers to do in her calendar. */
function doneTexts(view: Extract<AnswerView, { kind: 'done' }>): string[] {
  const move = view.request.replaces && view.act !== 'release' ? view.act : null;
  const what = move
    ? clientChanges.page.done[move]
    : view.act === 'release' && view.told
      ? t.releasedTold
      : t.done[view.act].text;
  const online = view.act === 'confirm' && view.request.format === 'online' && !view.videoUrl;
  return [what, calendarNote(view, move), ...(online ? [fill(t.sendVideoLink, { email: view.request.email })] : [])];
}

/** A mail that may have gone: what happened, what the site did with the time, and sending it again as a step of her own. */
function Uncertain({ view }: { view: Extract<AnswerView, { kind: 'uncertain' }> }) {
  const { act, request, token } = view;
  const u = t.uncertain;
  return (
    <>
      <WhoWhen request={request} />
      {view.error && <p className="answer-warning">{view.error}</p>}
      <p>
        {view.why === 'interrupted' ? u.interrupted : view.why ? u.noReply : ''} {u.state[act]}
      </p>
      <p>{u.noResend}</p>
      <p>{u.resend}</p>
      {act === 'release' ? (
        <Release token={token} request={request} resend />
      ) : (
        <form className="contact-form answer-form" method="post" action={ANSWER_POST_PATH}>
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="answer" value={act} />
          <input type="hidden" name="again" value="1" />
          {act === 'decline' && <Message request={request} label={t.messageLabel} />}
          {act === 'decline' && <Offers offers={view.offers ?? []} />}
          <div>
            <button type="submit" className="button button--secondary">
              {u.button}
            </button>
          </div>
        </form>
      )}
      {/* A time she may have confirmed can still be released. */}
      {act !== 'release' && alreadyTexts(view.state).release && <Release token={token} request={request} />}
      <p>
        <a href="/">{t.home}</a>
      </p>
    </>
  );
}

function Body({ view }: { view: AnswerView }) {
  if (view.kind === 'ask') return <Ask view={view} />;
  if (view.kind === 'uncertain') return <Uncertain view={view} />;
  const texts =
    view.kind === 'done'
      ? doneTexts(view)
      : view.kind === 'already'
        ? [alreadyTexts(view.state).text]
        : view.problem === 'refused'
          ? [view.text]
          : [problemTexts(view.problem).text];
  return (
    <>
      {view.kind !== 'problem' && <WhoWhen request={view.request} />}
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {view.kind === 'already' && alreadyTexts(view.state).release && (
        <Release token={view.token} request={view.request} again={view.release} />
      )}
      <p>
        <a href="/">{t.home}</a>
      </p>
    </>
  );
}

/** A decline's page, a confirmed link's (its release form), one whose mail may have gone: where she writes to the client. */
const hasMessageBox = (view: AnswerView) =>
  (view.kind === 'ask' && view.decision === 'decline') ||
  (view.kind === 'already' && alreadyTexts(view.state).release) ||
  view.kind === 'uncertain';

/** The whole document: noindex, the site's stylesheet (`css`: its hashed path), the message box's script only where there is one. */
export function answerPage(view: AnswerView, css: string): string {
  const title = titleOf(view);
  const body = renderToStaticMarkup(
    <main id="main">
      <div className="container">
        <div className="prose answer-page">
          <Heading view={view} />
          <Body view={view} />
        </div>
      </div>
    </main>,
  );
  return standalonePage({
    lang: 'da',
    title: renderToStaticMarkup(<title>{`${title} – ${practice.name}`}</title>),
    css,
    body,
    // Only where she writes to the client: the box's one script (messageBox.ts).
    head: hasMessageBox(view) ? [`<script src="${MESSAGE_SCRIPT_PATH}" defer=""></script>`] : [],
  });
}

/** The answer page's headers: no-store (the pipeline's too), noindex, no referrer to another site (the link is in the address; a same-origin post keeps its Origin, which the pipeline checks). */
export const ANSWER_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'same-origin',
};

/** The answer page with its headers. */
export function sendPage(res: Response, status: number, view: AnswerView, css: string) {
  res.status(status).set(ANSWER_HEADERS).type('html').send(answerPage(view, css));
}
