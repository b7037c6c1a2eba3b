import type { Response } from 'express';
import { renderToStaticMarkup } from 'react-dom/server';
import { bookingAnswer as t, type Decision } from '../../../content/bookingAnswer';
import { themeColorTags } from '../../http/themeColor';
import { booking as danishBooking } from '../../../content/da/booking';
import { prices as danishPrices } from '../../../content/da/prices';
import { site as danish } from '../../../content/da/site';
import { practice } from '../../../content/practice';
import { fill } from '../../../views/format';
import { oneLine } from '../../../views/oneLine';
import { danishWhen, dayLabel, timeLabel } from '../when';
import type { Act } from './decide';
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
  | { kind: 'done'; act: Act; request: AnswerRequest; videoUrl?: string | null; told?: boolean }
  | {
      kind: 'already';
      act: Act;
      request: AnswerRequest;
      token: string;
      /** Whether the client had a mail (after a release, only if she asked for it). */
      told: boolean;
      /** The release form again, with what she chose and wrote, and what is missing. */
      release?: ReleaseAgain;
    }
  | {
      kind: 'problem';
      problem: 'expired' | 'invalid' | 'forbidden' | 'delivery' | 'unavailable' | 'taken' | 'busy' | 'pending' | 'past';
    }
  /** The request pipeline's own refusal (too large, too many presses): its words. */
  | { kind: 'problem'; problem: 'refused'; text: string };

/** 'Karen Blixens', 'Lars'' (Danish genitive). */
const genitive = (name: string) => (/[sxz]$/i.test(name) ? `${name}'` : `${name}s`);

/** The heading's question, the name isolated (a Persian name keeps its own direction); a name in another script without a Danish genitive. */
function Question({ decision, request }: { decision: Decision; request: AnswerRequest }) {
  const name = oneLine(request.name);
  const latin = /\p{Script=Latin}$/u.test(name);
  const [before, after] = fill((latin ? t.question : t.questionFor)[decision], { when: shortWhen(request) }).split(
    '{name}',
  );
  return (
    <>
      {before}
      <bdi>{latin ? genitive(name) : name}</bdi>
      {after}
    </>
  );
}
/** 'torsdag 14. januar kl. 10.00' */
const shortWhen = (r: AnswerRequest) => fill(t.when, { day: dayLabel(r.start, 'da'), time: timeLabel(r.start, 'da') });

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
    [t.service, danishPrices.prices[request.service].label],
    [t.time, danishWhen(request.start, request.end)],
    [t.format, danishBooking.flow.formats[request.format]],
    [t.language, danish.languageNames[request.lang]],
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
  const explain = [fill(t.explain[decision], { language: danish.languageNames[request.lang] })];
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

function titleOf(view: AnswerView): string {
  if (view.kind === 'ask') return view.lapsed ? t.lapsed.title : t.title[view.decision];
  if (view.kind === 'done') return t.done[view.act].title;
  if (view.kind === 'already') return t.already[view.act].title;
  return t[view.problem === 'refused' ? 'forbidden' : view.problem].title;
}

function Heading({ view }: { view: AnswerView }) {
  if (view.kind !== 'ask' || view.lapsed) return <h1>{titleOf(view)}</h1>;
  return (
    <h1>
      <Question decision={view.decision} request={view.request} />
    </h1>
  );
}

function Body({ view }: { view: AnswerView }) {
  if (view.kind === 'ask') return <Ask view={view} />;
  const texts =
    view.kind === 'done'
      ? [
          view.act === 'release' && view.told ? t.releasedTold : t.done[view.act].text,
          t.done[view.act].calendar,
          ...(view.act === 'confirm' && view.request.format === 'online' && !view.videoUrl
            ? [fill(t.sendVideoLink, { email: view.request.email })]
            : []),
        ]
      : view.kind === 'already'
        ? [view.act === 'release' && !view.told ? t.already.release.untold : t.already[view.act].text]
        : view.problem === 'refused'
          ? [view.text]
          : [t[view.problem].text];
  return (
    <>
      {view.kind !== 'problem' && <WhoWhen request={view.request} />}
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {view.kind === 'already' && view.act === 'confirm' && (
        <Release token={view.token} request={view.request} again={view.release} />
      )}
      <p>
        <a href="/">{t.home}</a>
      </p>
    </>
  );
}

/** A decline's page, and a confirmed link's (its release form): where she writes to the client. */
const hasMessageBox = (view: AnswerView) =>
  (view.kind === 'ask' && view.decision === 'decline') || (view.kind === 'already' && view.act === 'confirm');

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
  return [
    '<!doctype html>',
    '<html lang="da">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="same-origin">',
    '<meta name="color-scheme" content="light dark">',
    ...themeColorTags,
    renderToStaticMarkup(<title>{`${title} – ${practice.name}`}</title>),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<link rel="stylesheet" href="${css}">`,
    // Only where she writes to the client: the box's one script (messageBox.ts).
    ...(hasMessageBox(view) ? [`<script src="${MESSAGE_SCRIPT_PATH}" defer=""></script>`] : []),
    '</head>',
    `<body>${body}</body>`,
    '</html>',
    '',
  ].join('\n');
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
