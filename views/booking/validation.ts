import type { Lang } from '../../content/languages';
import type { BookingField, BookingFlowTexts, BookingFormat } from '../../content/texts/booking';
import {
  isValidEmail,
  isValidPhone,
  maxLength,
  withoutDirectionControls,
  type InputMessages,
} from '../contact/validation';
import { fill, formatNumber } from '../format';

// A booking request's one set of rules: the form checks them before sending, and
// server/booking/endpoint.ts checks them again (parseBooking) before holding the time and mailing
// the practice. Name, email and phone follow the contact form's rules (views/contact/validation.ts);
// here the phone is required, because changes and cancellations go by phone or SMS.

export interface BookingValues {
  service: string;
  format: string;
  /** The chosen time's start, ISO 8601 with its UTC offset: '2026-12-01T09:00+01:00'. */
  start: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  consent: boolean;
}

export type BookingErrors = Partial<Record<BookingField, string>>;

export const bookingFieldOrder: BookingField[] = [
  'service',
  'format',
  'start',
  'name',
  'email',
  'phone',
  'message',
  'consent',
];

export const emptyBooking: BookingValues = {
  service: '',
  format: '',
  start: '',
  name: '',
  email: '',
  phone: '',
  message: '',
  consent: false,
};

/** Longer than any service id, format or start. */
const CHOICE_MAX_LENGTH = 40;

/** A start as the form sends it: date, hours and minutes (seconds allowed), and Z or an offset. */
const START_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?(?:Z|[+-]\d\d:\d\d)$/;

/** The start as a time, or null when it is no ISO 8601 date-time with an offset. */
export function parseStart(start: string): Date | null {
  if (!START_PATTERN.test(start)) return null;
  const time = Date.parse(start);
  return Number.isNaN(time) ? null : new Date(time);
}

/** What may be chosen: the services and formats the page offers. */
export interface BookingChoices {
  services: readonly string[];
  formats: readonly BookingFormat[];
}

/** The rules the visitor sees, in the form's order. Empty when the request may be sent. */
export function validateBooking(
  v: BookingValues,
  e: BookingFlowTexts['fieldErrors'],
  choices: BookingChoices,
): BookingErrors {
  const errors: BookingErrors = {};
  if (!choices.services.includes(v.service)) errors.service = e.service;
  if (!choices.formats.includes(v.format as BookingFormat)) errors.format = e.format;
  if (!parseStart(v.start)) errors.start = e.start;
  if (v.name.trim() === '') errors.name = e.name;
  if (!isValidEmail(v.email.trim())) errors.email = e.email;
  if (v.phone.trim() === '') errors.phone = e.phoneRequired;
  else if (!isValidPhone(v.phone)) errors.phone = e.phone;
  if (v.consent !== true) errors.consent = e.consent;
  return errors;
}

export type ParsedBooking =
  | { ok: true; values: BookingValues; start: Date }
  | { ok: false; values: BookingValues; errors: BookingErrors };

/**
 * The server's reading of an untrusted body: types and the contact form's length limits first,
 * then the same rules as the form. Unknown fields are ignored. The values come back either way,
 * so that a refused request shows the visitor everything they entered.
 */
export function parseBooking(
  body: unknown,
  rules: BookingFlowTexts['fieldErrors'],
  server: InputMessages,
  lang: Lang,
  choices: BookingChoices,
): ParsedBooking {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: BookingErrors = {};
  const text = (field: Exclude<BookingField, 'consent'>): string => {
    const value = input[field] ?? '';
    if (typeof value !== 'string') {
      errors[field] = server.notText;
      return '';
    }
    if (field === 'service' || field === 'format' || field === 'start') {
      // Longer than any choice can be: no choice (its rule says so), and not worth keeping.
      return value.length <= CHOICE_MAX_LENGTH ? value : '';
    }
    if (value.length > maxLength[field])
      errors[field] = fill(server.tooLong[field], { max: formatNumber(maxLength[field], lang) });
    return value;
  };
  const values: BookingValues = {
    service: text('service'),
    format: text('format'),
    start: text('start'),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
    consent: input.consent === true,
  };
  const ruleErrors = validateBooking(values, rules, choices);
  for (const field of bookingFieldOrder) {
    if (!errors[field] && ruleErrors[field]) errors[field] = ruleErrors[field];
  }
  const start = parseStart(values.start);
  if (Object.keys(errors).length > 0 || !start) return { ok: false, values, errors };
  // As the contact form's (views/contact/validation.ts): once the rules are met, the one-line fields without direction controls.
  const line = (s: string) => withoutDirectionControls(s).trim();
  return {
    ok: true,
    start,
    values: {
      ...values,
      name: line(values.name),
      email: line(values.email),
      phone: line(values.phone),
      message: values.message.trim(),
    },
  };
}
