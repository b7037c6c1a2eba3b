import type { Response } from 'express';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { languages, langs, type Lang } from '../../../content/languages';
import { manageTexts } from '../../../content/manageTexts';
import { visitorMails } from '../../../content/visitorMails';
import { standalonePage } from '../standalonePage';
import { Actions, Picker, WithPhone } from './pageParts';
import type { ManageView, Notice, Words } from './view';

// The client's page for her appointment, from the link in her confirmation: in her language and
// direction, complete without JavaScript (rendered here only, with the site's stylesheet), made
// for a phone. Her appointment (service, time in Danish time, place), what became of it, and what
// she can do now: before the deadline cancel free or move it; after it tell the practice she is
// not coming (the fee in kroner, the phone); once begun, the status only. Opening it changes
// nothing, however often a scanner or a preview fetches it: only its forms' POSTs act (form.ts).
// A link that is not ours (altered, another site's, past its session) gets one page in the
// three languages that says nothing of what it was.

function NoticeBox({ notice }: { notice: Notice }) {
  return (
    <div
      className={notice.tone === 'done' ? 'success-card' : 'form-alert'}
      role={notice.tone === 'done' ? 'status' : 'alert'}
      tabIndex={-1}
      autoFocus
      id="notice"
    >
      {notice.title && <p className="answer-who">{notice.title}</p>}
      <p>{notice.text}</p>
    </div>
  );
}

function Card({ words, t }: { words: Words; t: ReturnType<typeof cardLabels> }) {
  const rows: [string, string][] = [
    [t.service, words.service],
    [t.time, words.when],
    [t.place, words.place],
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

const cardLabels = (lang: Lang) => visitorMails[lang].confirmed;

function AppointmentBody({ view, words }: { view: Extract<ManageView, { kind: 'appointment' }>; words: Words }) {
  const t = manageTexts[view.appointment.lang];
  return (
    <>
      <h1>{t.title}</h1>
      {view.notice && <NoticeBox notice={view.notice} />}
      <Card words={words} t={cardLabels(view.appointment.lang)} />
      {view.picker ? <Picker view={view} words={words} t={t} /> : <Actions view={view} words={words} t={t} />}
      <p>
        <a href="/">{t.home}</a>
      </p>
    </>
  );
}

/** Not ours: the same few lines in every language, each in its own direction. */
function Invalid() {
  return (
    <>
      {langs.map((lang) => {
        const p = manageTexts[lang].problems.invalid;
        return (
          <section key={lang} lang={lang} dir={languages[lang].dir}>
            <h1>{p.title}</h1>
            <p>
              <WithPhone text={p.text} lang={lang} format="online" />
            </p>
          </section>
        );
      })}
    </>
  );
}

function documentOf(lang: Lang, title: string, body: ReactNode, css: string): string {
  const main = renderToStaticMarkup(
    <main id="main">
      <div className="container">
        <div className="prose answer-page">{body}</div>
      </div>
    </main>,
  );
  return standalonePage({
    lang,
    dir: languages[lang].dir,
    title: renderToStaticMarkup(<title>{title}</title>),
    css,
    body: main,
  });
}

/** The whole document. `words`: what the appointment's view says, written by the router (router.ts: wordsOf). */
export function managePage(view: ManageView, words: Words | null, css: string): string {
  if (view.kind === 'refused') {
    const body = (
      <>
        <h1>{view.title}</h1>
        <p>{view.text}</p>
      </>
    );
    return documentOf(view.lang, view.title, body, css);
  }
  if (view.kind === 'invalid' || !words)
    return documentOf('da', manageTexts.da.problems.invalid.title, <Invalid />, css);
  const { lang } = view.appointment;
  const title = `${manageTexts[lang].title} – ${visitorMails[lang].practitioner}`;
  return documentOf(lang, title, <AppointmentBody view={view} words={words} />, css);
}

/** The page's headers: never cached, never indexed, and the link in the address goes to no other site. */
export const MANAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'same-origin',
};

export function sendManagePage(res: Response, status: number, view: ManageView, words: Words | null, css: string) {
  res
    .status(status)
    .set(MANAGE_HEADERS)
    .type('html')
    .send(managePage(view, words, css));
}
