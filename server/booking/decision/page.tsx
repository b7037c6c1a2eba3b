import { renderToStaticMarkup } from 'react-dom/server';
import { bookingAnswer as t, type Answer } from '../../../content/bookingAnswer';
import { schemes, themeColors } from '../../../content/colors';
import { booking as danishBooking } from '../../../content/da/booking';
import { prices as danishPrices } from '../../../content/da/prices';
import { site as danish } from '../../../content/da/site';
import { practice } from '../../../content/practice';
import { fill } from '../../../views/format';
import { danishWhen } from '../../mail/bookingMail';
import { oneLine } from '../../mail/practiceMail';
import { ANSWER_PATHS, ANSWER_POST_PATH } from './links';
import type { AnswerRequest } from './token';

// The answer page the practitioner opens from her mail, in Danish: the request (service, time in
// full, clinic or online, the visitor's name and language) and one button that acts; or what her
// press did; or why a link does not work. Rendered on the server, complete without JavaScript (it
// has none), with the site's stylesheet, so it reads at 320 px, in both colour schemes and with
// the keyboard alone.

export type AnswerView =
  | { kind: 'ask'; answer: Answer; request: AnswerRequest; token: string; message?: string; error?: string }
  | { kind: 'done'; answer: Answer }
  | { kind: 'already'; answer: Answer }
  | { kind: 'problem'; problem: 'expired' | 'invalid' | 'forbidden' | 'delivery' | 'unavailable' }
  /** The request pipeline's own refusal (too large, too many presses): its words. */
  | { kind: 'problem'; problem: 'refused'; text: string };

/** The longest message the visitor's mail takes from her. */
export const MESSAGE_MAX = 1000;

function Details({ request }: { request: AnswerRequest }) {
  const rows: [string, string][] = [
    [t.service, danishPrices.prices[request.service].label],
    [t.time, danishWhen(request.start, request.end)],
    [t.format, danishBooking.flow.formats[request.format]],
    [t.name, oneLine(request.name)],
    [t.language, danish.languageNames[request.lang]],
  ];
  return (
    <section className="panel" aria-labelledby="request-heading">
      <h2 id="request-heading">{t.request}</h2>
      <dl className="answer-request">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Ask({ view }: { view: Extract<AnswerView, { kind: 'ask' }> }) {
  const { answer, request, token } = view;
  const other: Answer = answer === 'confirm' ? 'decline' : 'confirm';
  return (
    <>
      <p className="section__intro">{fill(t.intro[answer], { language: danish.languageNames[request.lang] })}</p>
      <Details request={request} />
      <form className="contact-form" method="post" action={ANSWER_POST_PATH}>
        <input type="hidden" name="t" value={token} />
        <input type="hidden" name="answer" value={answer} />
        {answer === 'decline' && (
          <div className="field">
            <label htmlFor="message">{t.messageLabel}</label>
            <p id="message-hint" className="field-hint">
              {t.messageHint}
            </p>
            <textarea
              id="message"
              name="message"
              rows={4}
              maxLength={MESSAGE_MAX}
              defaultValue={view.message ?? ''}
              aria-describedby={view.error ? 'message-hint message-error' : 'message-hint'}
              {...(view.error ? { 'aria-invalid': true } : {})}
            />
            {view.error && (
              <p id="message-error" className="field-error">
                {view.error}
              </p>
            )}
          </div>
        )}
        <div>
          <button type="submit" className="button button--primary">
            {t.button[answer]}
          </button>
        </div>
      </form>
      <p>
        {t.other[answer]} <a href={`${ANSWER_PATHS[other]}?t=${token}`}>{t.otherLink[answer]}</a>
      </p>
    </>
  );
}

function titleOf(view: AnswerView): string {
  if (view.kind === 'ask') return t.title[view.answer];
  if (view.kind === 'done') return t.done[view.answer].title;
  if (view.kind === 'already') return t.already[view.answer].title;
  return t[view.problem === 'refused' ? 'forbidden' : view.problem].title;
}

function Body({ view }: { view: AnswerView }) {
  if (view.kind === 'ask') return <Ask view={view} />;
  const texts =
    view.kind === 'done'
      ? [t.done[view.answer].text, t.done[view.answer].calendar]
      : view.kind === 'already'
        ? [t.already[view.answer].text]
        : view.problem === 'refused'
          ? [view.text]
          : [t[view.problem].text];
  return (
    <>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <p>
        <a href="/">{t.home}</a>
      </p>
    </>
  );
}

/** The whole document: noindex, the site's stylesheet (`css`: its hashed path), no script. */
export function answerPage(view: AnswerView, css: string): string {
  const title = titleOf(view);
  const body = renderToStaticMarkup(
    <main id="main">
      <div className="container">
        <div className="prose page-header answer-page">
          <p className="small">{practice.name}</p>
          <h1>{title}</h1>
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
    ...schemes.map(
      (scheme) =>
        `<meta name="theme-color" media="(prefers-color-scheme: ${scheme})" content="${themeColors[scheme]}">`,
    ),
    renderToStaticMarkup(<title>{`${title} – ${practice.name}`}</title>),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<link rel="stylesheet" href="${css}">`,
    '</head>',
    `<body>${body}</body>`,
    '</html>',
    '',
  ].join('\n');
}
