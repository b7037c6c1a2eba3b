import type { BookableService } from '../../content/booking';
import type { BookingFormat } from '../../content/texts/booking';
import type { BookingErrors, BookingValues } from './validation';

// What the booking page shows while booking is on, as the server computes it for each request
// (server/booking/stepsView.tsx): every label written there, in the page's language and in Danish time.
// The server renders the steps (BookingSteps.server.tsx) into HTML; the page carries that HTML and the
// browser swaps in the next step's HTML from the page's loader asked for JSON, or from the
// answer to a request (BookingIsland.tsx). So the steps'
// markup and their dates never weigh on the page's script, and no second Intl in the browser, with
// other ICU data, can write a date differently from the server.

/** One offered time: its start as ISO 8601 with the UTC offset (the form's value) and its label, '09.00'. */
interface SlotView {
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

/** What the success card says: what was asked for, and what happens next by when. */
export interface SentView {
  /** Line by line: 'Tid: tirsdag den 1. december 2026 kl. 09.00 (dansk tid)', the phone as dialled. */
  lines: string[];
  /** The last day of the practitioner's answer, as written: 'tirsdag 1. december'. */
  answerBy: string;
  /** The time is held on the site until then, in a store that outlives a restart (Redis). */
  held: boolean;
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
  /** Within how many working days the practitioner answers, in the language's digits (content/booking.ts). */
  confirmDays: string;
  form: BookingFormState;
  /** A time asked for by the address (?start=, a declined request's mail offers it): chosen and focused. */
  focusStart?: string;
}

/**
 * The steps as HTML, and what the browser's check needs. The loader's JSON (after a navigation or a
 * step) carries both; the page's data only the choices, since the HTML is in the page itself
 * (BookingIsland.tsx reads it there).
 */
export interface BookingIslandData {
  html?: string;
  choices: { services: string[]; formats: BookingFormat[] };
}

/** The page's own address for a choice (links and the no-JavaScript form use the same query). */
export function bookingQuery(service: BookableService, format: BookingFormat, weeks = 1): string {
  return `?service=${service}&format=${format}${weeks > 1 ? `&weeks=${weeks}` : ''}`;
}

/** Where the request form posts (JSON from the script, urlencoded without it). */
export const BOOKING_PATH = '/api/booking';
