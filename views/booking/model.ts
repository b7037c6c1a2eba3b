import type { BookableService } from '../../content/booking';
import type { BookingFormat } from '../../content/texts/booking';
import type { BookingErrors, BookingValues } from './validation';

// What the booking page shows, as the server computes it for each request (server/booking/view.ts):
// every label written there, in the page's language and in Danish time, so that the browser
// renders exactly the server's text (no second Intl with other ICU data to disagree with) and
// carries no date code of its own. The same shape travels in the page's data and as JSON.

/** One offered time: its start as ISO 8601 with the UTC offset (the form's value) and its label, '09.00'. */
export interface SlotView {
  start: string;
  time: string;
}

/** The times of one day, its label as '{weekday} {date}', e.g. 'tirsdag 1. december'. */
export interface DayView {
  date: string;
  label: string;
  slots: SlotView[];
}

export interface ServiceView {
  id: BookableService;
  label: string;
  /** '50 min. · 1.200 kr.' */
  detail: string;
  /** For the summary before sending: the price and the length, as the language writes them. */
  price: string;
  minutes: string;
}

/** What the visitor asked for, as the success card and the mail say it. */
export interface SentView {
  service: string;
  when: string;
  format: string;
}

/** The state of the request form: empty, or after a post (values kept). */
export interface BookingFormState {
  status: 'idle' | 'error' | 'sent';
  values: BookingValues;
  errors: BookingErrors;
  error: string;
  /** After "just taken": the nearest free times, offered in place of the list. */
  nearest?: DayView[];
  sent?: SentView;
}

export interface BookingView {
  /** false: the calendar cannot be vouched for (no times; the phone and the contact form instead). */
  open: boolean;
  services: ServiceView[];
  formats: BookingFormat[];
  /** The chosen service (?service=); null: none chosen yet. */
  service: BookableService | null;
  format: BookingFormat;
  /** How many weeks of times are shown (?weeks=, from the first day with a time). */
  weeks: number;
  days: DayView[];
  /** Later times exist beyond those shown. */
  more: boolean;
  form: BookingFormState;
}

/** The page's own address for a choice (links and the no-JavaScript form use the same query). */
export function bookingQuery(service: BookableService, format: BookingFormat, weeks = 1): string {
  return `?service=${service}&format=${format}${weeks > 1 ? `&weeks=${weeks}` : ''}`;
}

/** Every field of a request (the form's names, as POST /api/booking takes them). */
export const BOOKING_PATH = '/api/booking';

/**
 * Each language's locale for Intl, in the Gregorian calendar (Persian's default is the solar
 * Hijri one; the practice and its calendar are Danish): 'fa-IR' writes Persian digits and month names.
 */
export const intlLocales = { da: 'da-DK', en: 'en-GB', fa: 'fa-IR-u-ca-gregory' } as const;
