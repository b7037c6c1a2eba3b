import { bookingRules } from '../../../content/booking';
import type { ManageTexts } from '../../../content/texts/manage';
import { fill } from '../../../views/format';
import type { Lang } from '../../../content/languages';
import { practice } from '../../../content/practice';
import { dialablePhone } from '../../../views/format';
import { Days } from '../../../views/booking/StepParts.server';
import { type ManageView, phaseOf, type PickerView, type Words } from './view';
import type { AppointmentState } from './state';
import { type Appointment, MANAGE_PATH } from './token';

// What the client's page (page.tsx) offers for her appointment as it stands: the state of one
// that changed, or, while it is hers, the deadline and the forms of what she can do now.

/** The longest reason she may give (a short note; nothing about her health is asked for). */
export const REASON_MAX = 500;

type View = Extract<ManageView, { kind: 'appointment' }>;

/** The practice's number as the client dials it, a link that never breaks and reads left to right. */
function Phone({ lang, format }: { lang: Lang; format: Appointment['format'] }) {
  return (
    <a className="tel" href={`tel:${practice.phoneE164}`} dir="ltr">
      {dialablePhone(lang, format)}
    </a>
  );
}

/** A text with the phone where it says '{phone}'. */
export function WithPhone({ text, lang, format }: { text: string; lang: Lang; format: Appointment['format'] }) {
  const [before, after] = text.split('{phone}');
  if (after === undefined) return <>{text}</>;
  return (
    <>
      {before}
      <Phone lang={lang} format={format} />
      {after}
    </>
  );
}

/** The move's picker: the free times as the booking page lists them, one form that asks for the one chosen. */
export function Picker({ view, words, t }: { view: View; words: Words; t: ManageTexts }) {
  const picker = view.picker as PickerView;
  const { appointment: a, token } = view;
  const page = `${MANAGE_PATH}?t=${token}&flyt=1`;
  return (
    <section className="panel" aria-labelledby="move-heading">
      <h2 id="move-heading">{t.move.heading}</h2>
      <p>{t.move.text}</p>
      {picker.days.length === 0 ? (
        <p>
          <WithPhone text={t.move.none} lang={a.lang} format={a.format} />
        </p>
      ) : (
        <form className="booking-step contact-form answer-form" method="post" action={words.post}>
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="act" value="move" />
          <input type="hidden" name="lang" value={a.lang} />
          <fieldset id="start" className="times" tabIndex={-1} aria-describedby="start-error" autoFocus={!view.notice}>
            <legend>{t.move.legend}</legend>
            <p id="start-error" className="field-error" hidden={!picker.error}>
              {picker.error}
            </p>
            <Days days={picker.days} chosen="" />
          </fieldset>
          {picker.more && (
            <p>
              <a href={`${page}&uger=${picker.weeks + 1}`}>{t.move.laterTimes}</a>
            </p>
          )}
          <div>
            <button type="submit" className="button button--primary">
              {t.move.button}
            </button>
          </div>
        </form>
      )}
      <p>
        <a href={`${MANAGE_PATH}?t=${token}`}>{t.move.back}</a>
      </p>
    </section>
  );
}

/** The reason box: optional and short, with a line asking her to write nothing about her health. */
function Reason({ view, t }: { view: View; t: ManageTexts }) {
  const error = view.error;
  return (
    <div className="field">
      <label htmlFor="reason">{t.cancel.reasonLabel}</label>
      <p id="reason-hint" className="field-hint">
        {t.cancel.reasonHint}
      </p>
      <textarea
        id="reason"
        name="reason"
        rows={2}
        maxLength={REASON_MAX}
        dir="auto"
        defaultValue={view.reason ?? ''}
        aria-describedby={error ? 'reason-hint reason-error' : 'reason-hint'}
        {...(error ? { 'aria-invalid': true } : {})}
      />
      {error && (
        <p id="reason-error" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** One of her changes as a form: the link's text, what to do, her reason. */
function ChangeForm({
  view,
  words,
  t,
  act,
  heading,
  text,
  button,
}: {
  view: View;
  words: Words;
  t: ManageTexts;
  act: 'cancel' | 'notify';
  heading: string;
  text?: string;
  button: string;
}) {
  return (
    <section className="panel" aria-labelledby={`${act}-heading`}>
      <h2 id={`${act}-heading`}>{heading}</h2>
      {text && <p>{text}</p>}
      <form className="contact-form answer-form" method="post" action={words.post}>
        <input type="hidden" name="t" value={view.token} />
        <input type="hidden" name="act" value={act} />
        <input type="hidden" name="lang" value={view.appointment.lang} />
        <Reason view={view} t={t} />
        <div>
          <button type="submit" className={act === 'cancel' ? 'button button--primary' : 'button button--secondary'}>
            {button}
          </button>
        </div>
      </form>
    </section>
  );
}

/** While the appointment is hers (confirmed, or a move waiting): the deadline, and what she can do now. */
function Live({ view, words, t, state }: { view: View; words: Words; t: ManageTexts; state: AppointmentState }) {
  const { appointment: a, at } = view;
  const move = state.kind === 'moving' ? state.move : null;
  const lapsed = move !== null && at.getTime() >= move.due.getTime();
  const canMove = state.kind === 'confirmed' && !state.moveUsed && a.sequence === 0;
  const phone = (text: string) => <WithPhone text={text} lang={a.lang} format={a.format} />;
  const dueDay = move && words.day(new Date(move.due.getTime() - 1));
  return (
    <>
      {move && (
        <p>
          {lapsed
            ? phone(t.states.movingLapsed)
            : fill(t.states.moving, { when: words.moment(move.start), day: dueDay ?? '' })}
        </p>
      )}
      {!bookingRules.clientLink ? (
        <p>{phone(t.problems.off)}</p>
      ) : phaseOf(a, at) === 'free' ? (
        <>
          <p>
            <strong>{fill(t.deadline.free, { deadline: words.deadline })}</strong>
          </p>
          <ChangeForm
            view={view}
            words={words}
            t={t}
            act="cancel"
            heading={t.cancel.heading}
            button={t.cancel.button}
          />
          {canMove ? (
            <section className="panel" aria-labelledby="move-heading">
              <h2 id="move-heading">{t.move.heading}</h2>
              <p>{t.move.text}</p>
              <a className="button button--secondary" href={`${MANAGE_PATH}?t=${view.token}&flyt=1`}>
                {t.move.showTimes}
              </a>
            </section>
          ) : (
            !move && <p>{phone(t.move.used)}</p>
          )}
        </>
      ) : (
        <>
          <p>
            <strong>{fill(t.deadline.passed, { deadline: words.deadline, fee: words.fee })}</strong>
          </p>
          <ChangeForm
            view={view}
            words={words}
            t={t}
            act="notify"
            heading={t.notify.heading}
            text={t.notify.text}
            button={t.notify.button}
          />
        </>
      )}
      <p>{phone(t.phone)}</p>
    </>
  );
}

/** What the page offers: the state of an appointment that changed, or, while it is hers, what she can do. */
export function Actions({ view, words, t }: { view: View; words: Words; t: ManageTexts }) {
  const { appointment: a, state, later } = view;
  const phone = (text: string) => <WithPhone text={text} lang={a.lang} format={a.format} />;
  // The store could not be asked: the notice says so; the phone always works.
  if (!state) return <p>{phone(t.phone)}</p>;
  if (phaseOf(a, view.at) === 'begun') return <p>{t.begun}</p>;
  // A moved appointment lives on in its move's mark: what became of it since, if anything.
  const shown = state.kind === 'moved' && later && later.kind !== 'confirmed' ? later : state;
  switch (shown.kind) {
    case 'confirmed':
    case 'moving':
      return <Live view={view} words={words} t={t} state={shown} />;
    case 'cancelled':
      return <p>{shown.late ? fill(t.states.cancelledLate, { fee: words.fee }) : t.states.cancelled}</p>;
    case 'released':
      return <p>{phone(t.states.released)}</p>;
    case 'moved':
      return <p>{fill(t.states.moved, { when: words.moment(shown.start) })}</p>;
    default:
      return <p>{phone(t.states.unknown)}</p>;
  }
}
