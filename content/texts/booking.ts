import type { PageId } from '../pages';
import type { FormTexts, LinkedText } from './common';

export interface Question {
  question: string;
  answer: string;
}

/** Where a session takes place (content/booking.ts says which the practice offers). */
export type BookingFormat = 'clinic' | 'online';

/** The fields of a booking request, in the form's order. */
export type BookingField = 'service' | 'format' | 'start' | 'name' | 'email' | 'phone' | 'message' | 'consent';

/**
 * The visitor's way while online booking is on (BOOKING_CALENDAR_URL). '{phone}' is the
 * practice's number, '{days}' the working days within which the practitioner answers
 * (content/booking.ts). The services' names, lengths and prices come from the language's prices.ts.
 */
export interface BookingFlowTexts extends FormTexts {
  heading: string;
  intro: string;
  serviceLegend: string;
  formatLegend: string;
  formats: Record<BookingFormat, string>;
  /** The button that lists the chosen service's free times. */
  showTimes: string;
  /** '{service}': the chosen service's name. */
  timesHeading: string;
  /** Says that every time is Danish time. */
  timesNote: string;
  /** The legend of the whole list of times. */
  timesLegend: string;
  /** Under a time, when the visitor's own clock is elsewhere: '{zone}' and '{time}' in their zone. */
  yourTime: string;
  /** '{phone}'. */
  noTimes: string;
  laterTimes: string;
  detailsLegend: string;
  labels: { name: string; email: string; phone: string; message: string };
  phoneHint: string;
  /** What the visitor sees before sending. */
  summary: {
    heading: string;
    /** '{price}' and '{minutes}'. */
    price: string;
    cancellation: string;
    /** '{days}'. */
    request: string;
  };
  submit: string;
  submitting: string;
  /** Under each field, when its rule is broken (the note has none: it may be empty). */
  fieldErrors: Record<Exclude<BookingField, 'message'>, string> & { phoneRequired: string };
  /** Shown in the form's alert region when the browser cannot get an answer it understands. */
  errors: { unexpected: string; network: string; fallback: string };
  /** After the practice's mail server took the request. '{days}'. */
  sent: { heading: string; intro: string; service: string; time: string; format: string; next: string };
  /** The times list after "just taken": the nearest free times. */
  nearestLegend: string;
  /** When the calendar cannot be vouched for: no times, the phone and the contact form instead. */
  unavailable: { heading: string; text: string; contactLink: string };
  /** What the endpoint answers in this language (the general ones are the contact form's, in server.ts). */
  replies: {
    taken: string;
    /** '{phone}'. */
    delivery: string;
    /** '{phone}'. */
    rateLimited: string;
    /** '{phone}'. */
    unavailable: string;
    /** The visitor already has a request waiting for the practitioner's answer (BOOKING_HOLDS_PER_VISITOR); nothing sent. '{phone}'. */
    waiting: string;
    /** Unconfirmed requests hold as much of the calendar as they may (a quarter, decision 0014); nothing sent. '{phone}'. */
    full: string;
  };
  /** A time in full, as the success card writes it: '{day}' (with its date) and '{time}', both Danish time. */
  when: string;
}

/** The privacy policy's section on online booking, shown only while booking is on. */
export interface BookingPrivacyTexts {
  title: string;
  paragraphs: string[];
  items: string[];
  closing: string[];
}

export interface BookingTexts {
  heading: string;
  lead: string;
  intro: string[];
  placeholder: { heading: string; text: string; linkLabel: string; link: PageId };
  questionsHeading: string;
  questions: Question[];
  /** Booking means accepting the privacy policy: the link goes there. */
  privacyNote: LinkedText;
  flow: BookingFlowTexts;
}
