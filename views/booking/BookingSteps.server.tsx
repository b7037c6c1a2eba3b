import type { ReactNode } from 'react';
import type { Lang } from '../../content/languages';
import { priceGroups } from '../../content/prices';
import type { BookingField } from '../../content/texts/booking';
import type { BookingFlowTexts } from '../../content/links';
import type { ManageTexts } from '../../content/texts/manage';
import { Icon } from '../components/Icon';
import { Consent } from '../forms/Consent';
import { FormAlert } from '../forms/FormAlert';
import { Honeypot } from '../forms/Honeypot';
import { dialablePhone, fill, withPhone } from '../format';
import { addDays } from '../days';
import { images } from '../images/manifest';
import { Picture } from '../images/Picture';
import { BOOKING_PATH, bookingQuery, type BookingView, type DayView, type ServiceView } from './model';
import { Days, ErrorSummary, FieldError, Radio, WithPhoneLink } from './StepParts.server';

// The visitor's way while booking is on, as HTML: rendered by the server only (server/booking/stepsView.tsx
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
  /** Whom the visitor books with, as this language writes it (site.json): beside her portrait above the choices. */
  who: { practitioner: string; title: string };
  /** The reminder's box, and the terms' words while the client's own link is on (null: off). */
  manage: ManageTexts['bookingForm'];
  clientLink: boolean;
}

/** The services for psychologists (the prices' supervision group): set apart from the clients' ones. */
const supervision = new Set<string>(priceGroups.find((g) => g.id === 'supervision')?.prices.map((p) => p.id));

/** After "sent": what was asked for, when she answers, and how to change it. */
function SentCard({ t, sent, phone }: { t: BookingFlowTexts; sent: BookingView['form']['sent']; phone: string }) {
  return (
    <div className="success-card" id="sent" tabIndex={-1} role="status" autoFocus>
      <h2 className="h3">{t.sent.heading}</h2>
      <p>{t.sent.intro}</p>
      <ul>
        {sent?.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {sent && (
        <p>
          {fill(t.sent.next, { day: sent.answerBy })}
          {sent.held && ` ${t.sent.held}`}
        </p>
      )}
      <p>
        <WithPhoneLink text={t.sent.change} shown={phone} />
      </p>
    </div>
  );
}

/** While the calendar cannot be vouched for: no times, the phone and the contact form instead. */
function ClosedPanel({ t, contact }: { t: BookingFlowTexts; contact: string }) {
  return (
    <div className="panel panel--accent booking-closed">
      <h2 className="h3">{t.unavailable.heading}</h2>
      <p>
        <WithPhoneLink text={t.unavailable.text} />
      </p>
      <a className="button button--primary" href={contact}>
        {t.unavailable.contactLink}
      </a>
    </div>
  );
}

/** Whom the visitor books with (her small portrait, her name) and three reassurances, above the choices. */
function WithHer({ t, view, who }: Pick<StepsProps, 't' | 'view' | 'who'>) {
  const [before, after = ''] = t.bookingWith.split('{name}');
  return (
    <>
      <div className="booking-with">
        {process.env.SITE_IMAGES && images.portrait && (
          // Her name is beside it: the picture says nothing more (alt="").
          <Picture picture={images.portrait} alt="" sizes="3.5rem" className="portrait booking-with__portrait" />
        )}
        <p>
          {before}
          <strong>{who.practitioner}</strong>
          {fill(after, { title: who.title.toLowerCase() })}
        </p>
      </div>
      <ul className="check-list booking-reassure">
        {t.reassurance.map((line) => (
          <li key={line}>
            <Icon shape="check" size={20} />
            {fill(line, { days: view.confirmDays })}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Step one: the service (the clients' ones, then apart under their own heading those for psychologists) and the format, a GET of this page. */
function ServiceStep({ t, view, page, who }: Pick<StepsProps, 't' | 'view' | 'page' | 'who'>) {
  const { services, formats, format } = view;
  const choice = (s: ServiceView) => (
    <Radio key={s.id} name="service" value={s.id} checked={s.id === view.service}>
      {s.label} <small>{s.detail}</small>
    </Radio>
  );
  const forPsychologists = services.filter((s) => supervision.has(s.id));
  return (
    <form className="booking-step booking-start" method="get" action={page}>
      <WithHer t={t} view={view} who={who} />
      <fieldset className="choices">
        <legend>{t.serviceLegend}</legend>
        {services.filter((s) => !supervision.has(s.id)).map(choice)}
        {forPsychologists.length > 0 && (
          <fieldset className="choices choices--professionals">
            <legend>{t.supervisionGroup}</legend>
            {forPsychologists.map(choice)}
          </fieldset>
        )}
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
      {/* The page's main action until times are shown; then the request's button is. */}
      <button type="submit" className={`button button--${view.service ? 'secondary' : 'primary'}`}>
        {t.showTimes}
      </button>
    </form>
  );
}

/** Step two: the free times (or, after "just taken", the nearest), and "later times". */
function TimeStep({
  t,
  view,
  page,
  service,
  nearest,
  firstNew,
}: Pick<StepsProps, 't' | 'view' | 'page'> & { service: ServiceView; nearest?: DayView[]; firstNew?: string }) {
  const { format, days, form } = view;
  return (
    <>
      {nearest || days.length ? (
        <fieldset
          id="start"
          className="times"
          tabIndex={-1}
          data-format={format}
          aria-invalid={form.errors.start ? true : undefined}
          aria-describedby="start-error"
        >
          <legend>{nearest ? t.nearestLegend : t.timesLegend}</legend>
          <FieldError name="start" error={form.errors.start} />
          <Days days={nearest ?? days} focusDay={firstNew} focusStart={view.focusStart} chosen={form.values.start} />
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
    </>
  );
}

type TextField = 'name' | 'email' | 'phone' | 'message';

/** Step three: who is asking (for a child's session, the child's name), and the consent. */
function DetailsStep({
  t,
  view,
  privacy,
  child,
  manage,
}: Pick<StepsProps, 't' | 'view' | 'privacy' | 'manage'> & { child: boolean }) {
  const { errors, values } = view.form;
  // Each field's hint, where it has one: whose name for a child's session, numbers from abroad online, no health details.
  const hints: Partial<Record<BookingField, string>> = {
    ...(child ? { name: t.childName.hint } : {}),
    phone: view.format === 'online' ? t.phoneHintOnline : t.phoneHint,
    message: t.messageHint,
  };
  const describe = (name: BookingField) => ({
    id: name,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [hints[name] && `${name}-hint`, `${name}-error`].filter(Boolean).join(' '),
  });
  const text = (name: TextField) => ({ ...describe(name), defaultValue: values[name] });
  const field = (name: TextField, input: ReactNode) => (
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
  return (
    <fieldset className="details">
      <legend>{t.detailsLegend}</legend>
      <p className="small">{t.requiredNote}</p>
      {field('name', <input type="text" autoComplete="name" required {...text('name')} />)}
      {field('email', <input type="email" autoComplete="email" required {...text('email')} />)}
      {field('phone', <input type="text" autoComplete="tel-national" inputMode="tel" required {...text('phone')} />)}
      {field('message', <textarea rows={3} {...text('message')} />)}
      <div className="field field--check">
        <input
          type="checkbox"
          id="reminder"
          name="reminder"
          value="true"
          defaultChecked={values.reminder === true}
          aria-describedby="reminder-hint"
        />
        <label htmlFor="reminder">{manage.reminder}</label>
        <p id="reminder-hint" className="field-hint">
          {manage.reminderHint}
        </p>
      </div>
      <Consent
        texts={t.consent}
        privacy={privacy}
        error={<FieldError name="consent" error={errors.consent} />}
        {...describe('consent')}
        defaultChecked={values.consent}
      />
    </fieldset>
  );
}

/** What is being asked for, its price and terms, before the button. */
function Summary({
  t,
  view,
  cancellation,
  service,
  nearest,
  child,
  rule,
}: Pick<StepsProps, 't' | 'view' | 'cancellation'> & {
  service: ServiceView;
  nearest?: DayView[];
  child: boolean;
  /** The cancellation rule as the terms state it now (with the client's link, or sms and phone only). */
  rule: string;
}) {
  // The chosen time: after a post the server knows it; with JavaScript the script writes it on every choice.
  const chosenSlot = (nearest ?? view.days)
    .flatMap((d) => d.slots.map((s) => ({ day: d.label, ...s })))
    .find((s) => s.start === view.form.values.start);
  return (
    <div className="panel summary">
      <h3>{t.summary.heading}</h3>
      <p className="summary__chosen">
        <strong>
          {service.label} · {t.formats[view.format]}
        </strong>
        <br />
        <span id="chosen-when">{chosenSlot ? fill(t.when, { day: chosenSlot.day, time: chosenSlot.time }) : ''}</span>
        <span className="summary__none">{t.summary.noTime}</span>
      </p>
      <p>{fill(t.summary.price, { price: service.price, minutes: service.minutes })}</p>
      <p>
        {rule} <a href={cancellation}>{t.summary.cancellationLink}</a>
      </p>
      <p>{fill(t.summary.request, { days: view.confirmDays })}</p>
      {child && <p>{t.summary.childConsent}</p>}
    </div>
  );
}

export function BookingSteps(props: StepsProps) {
  const { t, view, lang, page, contact } = props;
  const { format, days, form } = view;
  const service = view.services.find((s) => s.id === view.service);
  // The number as the mails write it: +45 wherever the client may be abroad.
  if (form.status === 'sent') return <SentCard t={t} sent={form.sent} phone={dialablePhone(lang, format)} />;
  if (!view.open) return <ClosedPanel t={t} contact={contact} />;

  const nearest = form.nearest?.length ? form.nearest : undefined;
  // After "later times", the first day of the week just added is where the visitor goes on.
  const firstNew =
    view.weeks > 1 && !nearest
      ? days.find((d) => d.date >= addDays(days[0]?.date ?? '', (view.weeks - 1) * 7))?.date
      : undefined;
  const child = service?.id === 'boern';
  const fallback = form.error || withPhone(t.errors.fallback, lang);

  return (
    <>
      {/* An answer that could not be read as a request (too large, say) has no service to show the form for: its error goes first. */}
      {!service && form.status === 'error' && <FormAlert message={fallback} id="alert" tabIndex={-1} autoFocus />}
      <ServiceStep t={t} view={view} page={page} who={props.who} />

      {service && (
        <form className="booking-step booking-request contact-form" method="post" action={BOOKING_PATH} noValidate>
          <h2
            id="times"
            className="h3"
            tabIndex={-1}
            autoFocus={form.status === 'idle' && !firstNew && !view.focusStart}
          >
            {fill(t.timesHeading, { service: service.label })}
          </h2>
          <p>
            {t.formats[format]}. {t.timesNote}
          </p>
          <FormAlert id="alert" tabIndex={-1} autoFocus={form.status === 'error'}>
            {form.status === 'error' &&
              (Object.keys(form.errors).length ? (
                <ErrorSummary t={t} errors={form.errors} />
              ) : (
                <p className="form-alert__text">{fallback}</p>
              ))}
          </FormAlert>
          <input type="hidden" name="service" value={service.id} />
          <input type="hidden" name="format" value={format} />
          <input type="hidden" name="lang" value={lang} />
          <TimeStep t={t} view={view} page={page} service={service} nearest={nearest} firstNew={firstNew} />

          <DetailsStep t={t} view={view} privacy={props.privacy} child={child} manage={props.manage} />
          <Honeypot label={t.honeypotLabel} />
          <Summary
            t={t}
            view={view}
            cancellation={props.cancellation}
            service={service}
            nearest={nearest}
            child={child}
            rule={props.clientLink ? props.manage.cancellation : t.summary.cancellation}
          />
          <button type="submit" className="button button--primary">
            {t.submit}
          </button>
        </form>
      )}
    </>
  );
}
