import type { ReactNode } from 'react';
import type { BookingField } from '../../content/texts/booking';
import type { BookingFlowTexts } from '../../content/links';
import { PhoneLink } from '../components/PhoneLinks';
import type { BookingView, DayView } from './model';

// The small parts the booking steps (BookingSteps.server.tsx) are built of: a choice, the days of
// times, an error under its field and the summary of errors, a text with the phone as a link.

/** The fields the error summary links to, in the form's order: each has an element with its name as id. */
const summaryFields: BookingField[] = ['start', 'name', 'email', 'phone', 'message', 'consent'];

/** At the top of a request that cannot be sent: each error a link to its field (the script writes the same). */
export function ErrorSummary({ t, errors }: { t: BookingFlowTexts; errors: BookingView['form']['errors'] }) {
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

/** A text with the practice's phone number as a link that dials it, where it says '{phone}' (`shown`: as written there). */
export function WithPhoneLink({ text, shown }: { text: string; shown?: string }) {
  const [before, after] = text.split('{phone}');
  return (
    <>
      {before}
      <PhoneLink>{shown}</PhoneLink>
      {after}
    </>
  );
}

/** An error's place under its field: empty and hidden until the server or the script fills it. */
export function FieldError({ name, error }: { name: BookingField; error?: string }) {
  return (
    <p id={`${name}-error`} className="field-error" hidden={!error}>
      {error}
    </p>
  );
}

export function Radio({
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

export function Days({
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
