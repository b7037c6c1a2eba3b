import type { ReactNode } from 'react';
import type { Lang } from '../../content/languages';
import type { BookingField, BookingFlowTexts } from '../../content/texts/booking';
import { PhoneLink } from '../components/PhoneLinks';
import { Consent } from '../forms/Consent';
import { FormAlert } from '../forms/FormAlert';
import { Honeypot } from '../forms/Honeypot';
import { fill, withPhone } from '../format';
import { addDays } from '../days';
import { BOOKING_PATH, bookingQuery, type BookingView, type DayView } from './model';

// The visitor's way while booking is on, as HTML: rendered by the server only (server/booking/view.tsx
// renders it to a string), never bundled for the browser. Every step works as it is, without
// JavaScript: the service form GETs this page with ?service=…&format=…, "later times" is a link,
// the request POSTs to /api/booking and the answer is this page again. With JavaScript,
// BookingIsland.tsx shows the next step's HTML without a page load. What changed carries
// autofocus: the browser focuses it when the page loads, the script when it swaps the step in.

export interface StepsProps {
  t: BookingFlowTexts;
  view: BookingView;
  lang: Lang;
  /** The booking page's and the privacy policy's paths in this language. */
  page: string;
  privacy: string;
  contact: string;
  /** The prices page's cancellation terms. */
  cancellation: string;
}

/** The fields the error summary links to, in the form's order: each has an element with its name as id. */
const summaryFields: BookingField[] = ['start', 'name', 'email', 'phone', 'message', 'consent'];

/** At the top of a request that cannot be sent: each error a link to its field (the script writes the same). */
function ErrorSummary({ t, errors }: { t: BookingFlowTexts; errors: BookingView['form']['errors'] }) {
  const lines = summaryFields.filter((name) => errors[name]);
  if (!lines.length) return null;
  return (
    <>
      <p className="form-alert__text">{t.errorSummary}</p>
      <ul className="error-summary">
        {lines.map((name) => (
          <li key={name}>
            <a href={`#${name}`}>{errors[name]}</a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A text with the practice's phone number as a link that dials it, where it says '{phone}'. */
function WithPhoneLink({ text }: { text: string }) {
  const [before, after] = text.split('{phone}');
  return (
    <>
      {before}
      <PhoneLink />
      {after}
    </>
  );
}

/** An error's place under its field: empty and hidden until the server or the script fills it. */
function FieldError({ name, error }: { name: BookingField; error?: string }) {
  return (
    <p id={`${name}-error`} className="field-error" hidden={!error}>
      {error}
    </p>
  );
}

function Radio({
  name,
  value,
  checked,
  focus,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  focus?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="choice">
      <input type="radio" name={name} value={value} required defaultChecked={checked} autoFocus={focus} />
      <span>{children}</span>
    </label>
  );
}

function Days({
  days,
  focusDay,
  focusStart,
  chosen,
}: {
  days: DayView[];
  focusDay?: string;
  focusStart?: string;
  chosen: string;
}) {
  return days.map((day) => (
    <fieldset key={day.date} className="day" data-date={day.date}>
      <legend>{day.label}</legend>
      {day.slots.map((slot, i) => (
        <Radio
          key={slot.start}
          name="start"
          value={slot.start}
          checked={slot.start === chosen}
          focus={focusStart ? slot.start === focusStart : i === 0 && day.date === focusDay}
        >
          {slot.time}
        </Radio>
      ))}
    </fieldset>
  ));
}

export function BookingSteps({ t, view, lang, page, privacy, contact, cancellation }: StepsProps) {
  const { services, formats, format, days, form } = view;
  const service = services.find((s) => s.id === view.service);
  const { errors, values } = form;

  if (form.status === 'sent') {
    return (
      <div className="success-card" id="sent" tabIndex={-1} role="status" autoFocus>
        <h3>{t.sent.heading}</h3>
        <p>{t.sent.intro}</p>
        <ul>
          {form.sent?.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {form.sent && (
          <p>
            {fill(t.sent.next, { day: form.sent.answerBy })}
            {form.sent.held && ` ${t.sent.held}`}
          </p>
        )}
        <p>
          <WithPhoneLink text={t.sent.change} />
        </p>
      </div>
    );
  }

  if (!view.open) {
    return (
      <div className="panel panel--accent booking-closed">
        <h3>{t.unavailable.heading}</h3>
        <p>
          <WithPhoneLink text={t.unavailable.text} />
        </p>
        <a className="button button--primary" href={contact}>
          {t.unavailable.contactLink}
        </a>
      </div>
    );
  }

  const nearest = form.nearest?.length ? form.nearest : undefined;
  // After "later times", the first day of the week just added is where the visitor goes on.
  const firstNew =
    view.weeks > 1 && !nearest
      ? days.find((d) => d.date >= addDays(days[0]?.date ?? '', (view.weeks - 1) * 7))?.date
      : undefined;
  const child = service?.id === 'boern';
  // Each field's hint, where it has one: whose name for a child's session, numbers from abroad online, no health details.
  const hints: Partial<Record<BookingField, string>> = {
    ...(child ? { name: t.childName.hint } : {}),
    phone: format === 'online' ? t.phoneHintOnline : t.phoneHint,
    message: t.messageHint,
  };
  const field = (name: 'name' | 'email' | 'phone' | 'message', input: ReactNode) => (
    <div className="field">
      <label htmlFor={name}>{name === 'name' && child ? t.childName.label : t.labels[name]}</label>
      {hints[name] && (
        <p id={`${name}-hint`} className="field-hint">
          {hints[name]}
        </p>
      )}
      {input}
      <FieldError name={name} error={errors[name]} />
    </div>
  );
  // The chosen time in the summary: after a post the server knows it; with JavaScript the script writes it on every choice.
  const chosenSlot = (nearest ?? days)
    .flatMap((d) => d.slots.map((s) => ({ day: d.label, ...s })))
    .find((s) => s.start === values.start);
  const describe = (name: BookingField) => ({
    id: name,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [hints[name] && `${name}-hint`, `${name}-error`].filter(Boolean).join(' '),
  });
  const text = (name: 'name' | 'email' | 'phone' | 'message') => ({
    ...describe(name),
    defaultValue: values[name],
  });

  return (
    <>
      {/* An answer that could not be read as a request (too large, say) has no service to show the form for: its error goes first. */}
      {!service && form.status === 'error' && (
        <FormAlert message={form.error || withPhone(t.errors.fallback, lang)} id="alert" tabIndex={-1} autoFocus />
      )}
      <form className="booking-step" method="get" action={page}>
        <fieldset className="choices">
          <legend>{t.serviceLegend}</legend>
          {services.map((s) => (
            <Radio key={s.id} name="service" value={s.id} checked={s.id === view.service}>
              {s.label} <small>{s.detail}</small>
            </Radio>
          ))}
        </fieldset>
        {formats.length > 1 ? (
          <fieldset className="choices">
            <legend>{t.formatLegend}</legend>
            {formats.map((f) => (
              <Radio key={f} name="format" value={f} checked={f === format}>
                {t.formats[f]}
              </Radio>
            ))}
          </fieldset>
        ) : (
          <input type="hidden" name="format" value={format} />
        )}
        <button type="submit" className="button button--secondary">
          {t.showTimes}
        </button>
      </form>

      {service && (
        <form className="booking-step booking-request contact-form" method="post" action={BOOKING_PATH} noValidate>
          <h3 id="times" tabIndex={-1} autoFocus={form.status === 'idle' && !firstNew && !view.focusStart}>
            {fill(t.timesHeading, { service: service.label })}
          </h3>
          <p>
            {t.formats[format]}. {t.timesNote}
          </p>
          <FormAlert id="alert" tabIndex={-1} autoFocus={form.status === 'error'}>
            {form.status === 'error' &&
              (Object.keys(errors).length ? (
                <ErrorSummary t={t} errors={errors} />
              ) : (
                <p className="form-alert__text">{form.error || withPhone(t.errors.fallback, lang)}</p>
              ))}
          </FormAlert>
          <input type="hidden" name="service" value={service.id} />
          <input type="hidden" name="format" value={format} />
          <input type="hidden" name="lang" value={lang} />
          {nearest || days.length ? (
            <fieldset
              id="start"
              className="times"
              tabIndex={-1}
              data-format={format}
              aria-invalid={errors.start ? true : undefined}
              aria-describedby="start-error"
            >
              <legend>{nearest ? t.nearestLegend : t.timesLegend}</legend>
              <FieldError name="start" error={errors.start} />
              <Days days={nearest ?? days} focusDay={firstNew} focusStart={view.focusStart} chosen={values.start} />
            </fieldset>
          ) : (
            <p className="notice">
              <WithPhoneLink text={t.noTimes} />
            </p>
          )}
          {view.more && !nearest && (
            <p>
              <a href={page + bookingQuery(service.id, format, view.weeks + 1)} data-step="">
                {t.laterTimes}
              </a>
            </p>
          )}

          <fieldset className="details">
            <legend>{t.detailsLegend}</legend>
            <p className="small">{t.requiredNote}</p>
            {field('name', <input type="text" autoComplete="name" required {...text('name')} />)}
            {field('email', <input type="email" autoComplete="email" required {...text('email')} />)}
            {field(
              'phone',
              <input type="text" autoComplete="tel-national" inputMode="tel" required {...text('phone')} />,
            )}
            {field('message', <textarea rows={3} {...text('message')} />)}
            <Consent
              texts={t.consent}
              privacy={privacy}
              error={<FieldError name="consent" error={errors.consent} />}
              {...describe('consent')}
              defaultChecked={values.consent}
            />
          </fieldset>
          <Honeypot label={t.honeypotLabel} />

          <div className="panel summary">
            <h4>{t.summary.heading}</h4>
            <p className="summary__chosen">
              <strong>
                {service.label} · {t.formats[format]}
              </strong>
              <br />
              <span id="chosen-when">
                {chosenSlot ? fill(t.when, { day: chosenSlot.day, time: chosenSlot.time }) : ''}
              </span>
              <span className="summary__none">{t.summary.noTime}</span>
            </p>
            <p>{fill(t.summary.price, { price: service.price, minutes: service.minutes })}</p>
            <p>
              {t.summary.cancellation} <a href={cancellation}>{t.summary.cancellationLink}</a>
            </p>
            <p>{fill(t.summary.request, { days: view.confirmDays })}</p>
            {child && <p>{t.summary.childConsent}</p>}
          </div>
          <button type="submit" className="button button--primary">
            {t.submit}
          </button>
        </form>
      )}
    </>
  );
}
