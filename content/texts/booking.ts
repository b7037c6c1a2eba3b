import type { PageId } from '../pages';
import type { FormTexts, LinkedText } from './common';
import type { PolicyParagraph } from './policyParagraph';

interface Question {
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
  /** The one sentence under the page's heading, before the first choice. */
  intro: string;
  serviceLegend: string;
  /** Above the services for psychologists (supervision), set apart from the clients' ones. */
  supervisionGroup: string;
  formatLegend: string;
  formats: Record<BookingFormat, string>;
  /** The button that lists the chosen service's free times. */
  showTimes: string;
  /** '{service}': the chosen service's name. */
  timesHeading: string;
  /** Under the heading, after where the session is: what else to know about the times. */
  timesNote: string;
  /** The legend of the whole list of times (it says they are Danish time). */
  timesLegend: string;
  /**
   * Above an online session's times when the visitor's clock is not Denmark's (only the browser
   * knows): '{city}' (from their time zone, e.g. 'London') and '{difference}' ('1 t.', '2 t. 30 min.').
   * Each time then shows the visitor's own hour in brackets.
   */
  yourTime: { ahead: string; behind: string; hours: string; minutes: string };
  /** With JavaScript: the days with free times to choose from, then that day's times. */
  dayPicker: {
    /** The group of days' label. */
    legend: string;
    /** The button that chooses the soonest free time: '{when}' as `when` writes it. */
    first: string;
    /** Under a day: how many times it has, '{n}': one, or more. */
    count: { one: string; other: string };
  };
  /** '{phone}'. */
  noTimes: string;
  laterTimes: string;
  detailsLegend: string;
  labels: { name: string; email: string; phone: string; message: string };
  /** The name's label for a child's session (the parent's name), and the line under it. */
  childName: { label: string; hint: string };
  phoneHint: string;
  /** Under the phone field for an online session: numbers from abroad. */
  phoneHintOnline: string;
  /** Under the note: no more health details than the visitor wants to share. */
  messageHint: string;
  /** At the top of a request that cannot be sent yet: each error a link to its field. */
  errorSummary: string;
  /** What the visitor sees before sending. */
  summary: {
    heading: string;
    /** The chosen time, first and bold; before one is chosen: */
    noTime: string;
    /** '{price}' and '{minutes}'. */
    price: string;
    /** The whole cancellation rule as the prices page states it, and that it binds once the time is confirmed. */
    cancellation: string;
    /** The link to the prices page's cancellation terms. */
    cancellationLink: string;
    /** '{days}'. */
    request: string;
    /** For a child's session: the custody holders' consent. */
    childConsent: string;
  };
  submit: string;
  submitting: string;
  /** Under each field, when its rule is broken (the note has none: it may be empty). */
  fieldErrors: Record<Exclude<BookingField, 'message'>, string> & {
    phoneRequired: string;
    /** For an online session: neither 8 Danish digits nor a valid number with its country code. */
    phoneOnline: string;
  };
  /** Shown in the form's alert region when the browser cannot get an answer it understands. */
  errors: { unexpected: string; network: string; fallback: string };
  /** After the practice's mail server took the request. */
  sent: {
    heading: string;
    intro: string;
    service: string;
    time: string;
    format: string;
    phone: string;
    /** What happens next and by when: '{day}', the last day of the answer ('tirsdag 1. december'). */
    next: string;
    /** Only when the time is held in a store that outlives a restart (Redis). */
    held: string;
    /** '{phone}'. */
    change: string;
  };
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
/** How the site keeps her calendar (server/booking/herCalendar/): not at all, written over CalDAV, served at the subscription address, or both. */
export type HerCalendarWay = 'none' | 'caldav' | 'subscription' | 'both';

export interface BookingPrivacyTexts {
  title: string;
  paragraphs: string[];
  items: string[];
  /** As the policy's paragraphs: '{days}' (the answer's working days), '{max}' and '{minutes}' (the limit), one per mail protection. */
  closing: PolicyParagraph[];
  /**
   * The last paragraph: what the site does with her calendar, one text per configuration (none:
   * only reads it; CalDAV writes it; the subscription address; both). '{provider}': the calendar
   * provider the configuration names, her data processor.
   */
  calendar: Record<HerCalendarWay, string>;
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
