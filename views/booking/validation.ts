import type { Lang } from '../../content/languages';
import type { BookingField, BookingFormat } from '../../content/texts/booking';
import type { BookingFlowTexts } from '../../content/links';
import {
  isValidEmail,
  isValidPhone,
  readTextField,
  isBlank,
  withoutFormatCharacters,
  type InputMessages,
  type TextField,
} from '../forms/fields';

// A booking request's one set of rules: the form checks them before sending, and
// server/booking/endpoint.ts checks them again (parseBooking) before holding the time and mailing
// the practice. Name, email, phone and message are read and checked as in the contact form
// (views/forms/fields.ts); here the phone is required, because changes and cancellations go by
// phone or SMS, and for an online session it may be a number from abroad with its country code
// (phone.server.ts, on the server only: the caller passes the check, and the browser leaves such a
// number to the server).

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
  /** The unticked box "send me a reminder by e-mail" (server/booking/manage/reminders.ts); read by the server only. */
  reminder?: boolean;
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
/** Whether a number with its country code is a valid one (phone.server.ts's isInternationalPhone). */
export type InternationalCheck = (phone: string) => boolean;

/**
 * The rules the visitor sees, in the form's order. Empty when the request may be sent. The phone:
 * 8 Danish digits, or for an online session also a valid number with its country code.
 */
export function validateBooking(
  v: BookingValues,
  e: BookingFlowTexts['fieldErrors'],
  choices: BookingChoices,
  international: InternationalCheck,
): BookingErrors {
  const errors: BookingErrors = {};
  if (!choices.services.includes(v.service)) errors.service = e.service;
  if (!choices.formats.includes(v.format as BookingFormat)) errors.format = e.format;
  if (!parseStart(v.start)) errors.start = e.start;
  if (isBlank(v.name)) errors.name = e.name;
  if (!isValidEmail(v.email.trim())) errors.email = e.email;
  if (isBlank(v.phone)) errors.phone = e.phoneRequired;
  else if (!isValidPhone(v.phone)) {
    if (v.format !== 'online') errors.phone = e.phone;
    else if (!international(v.phone)) errors.phone = e.phoneOnline;
  }
  if (!v.consent) errors.consent = e.consent;
  return errors;
}

export type ParsedBooking =
  | { ok: true; values: BookingValues; start: Date }
  | { ok: false; values: BookingValues; errors: BookingErrors };

/**
 * The server's reading of an untrusted body: each text field read by the forms' one rule
 * (views/forms/fields.ts: text, within its limit), then the same rules as the form on what is
 * within its limit only. Unknown fields are ignored. The values come back either way, as sent,
 * so that a refused request shows the visitor everything they entered.
 */
export function parseBooking(
  body: unknown,
  rules: BookingFlowTexts['fieldErrors'],
  server: InputMessages,
  lang: Lang,
  choices: BookingChoices,
  international: InternationalCheck,
): ParsedBooking {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: BookingErrors = {};
  /** A choice the page offers: longer than any can be is no choice (its rule says so), and not worth keeping. */
  const choice = (field: 'service' | 'format' | 'start'): string => {
    const value = input[field] ?? '';
    if (typeof value === 'string') return value.length <= CHOICE_MAX_LENGTH ? value : '';
    errors[field] = server.notText;
    return '';
  };
  const checked: Partial<Record<TextField, string>> = {};
  const text = (field: TextField): string => {
    const read = readTextField(input[field], field, server, lang);
    if (read.error) errors[field] = read.error;
    checked[field] = read.checked;
    return read.value;
  };
  const values: BookingValues = {
    service: choice('service'),
    format: choice('format'),
    start: choice('start'),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
    consent: input.consent === true,
  };
  const ruleErrors = validateBooking({ ...values, ...checked }, rules, choices, international);
  for (const field of bookingFieldOrder) {
    if (!errors[field] && ruleErrors[field]) errors[field] = ruleErrors[field];
  }
  const start = parseStart(values.start);
  if (Object.keys(errors).length > 0 || !start) return { ok: false, values, errors };
  // As the contact form's (views/contact/validation.ts): once the rules are met, the one-line fields without invisible format characters.
  const line = (s: string) => withoutFormatCharacters(s).trim();
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
