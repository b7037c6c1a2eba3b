import type { HerCalendarWay } from '../content/texts/privacy';
import type { MailProtection } from '../content/texts/common';

/**
 * What the running server is configured to do, as far as the pages tell visitors about it: the
 * privacy policy and the contact and booking pages say what really happens, from the same values
 * the server uses (server/http/siteSettings.ts builds this from the configuration). It travels
 * with the page's texts (pageData.ts) and reaches components through the locale's context.
 */
export interface SiteSettings {
  /** How a contact message is protected on its way: 'tls' in transit only; 'openpgp' or 'smime' end to end. */
  mailProtection: MailProtection;
  /** The contact form's rate limit: at most `max` messages per `windowMinutes` from one address. */
  contactLimit: { max: number; windowMinutes: number };
  /** Online booking is on (BOOKING_CALENDAR_URL is set). */
  booking: boolean;
  /** Clients cancel or move with the link in their confirmation: booking is on and the content's clientLink too. */
  clientLink: boolean;
  /** Booking's own rate limit (BOOKING_RATE_*): at most `max` requests per `windowMinutes` from one address; null while booking is off. */
  bookingLimit: { max: number; windowMinutes: number } | null;
  /**
   * Within how many working days the practitioner answers a booking request, which is also how
   * long its time is held (content/booking.ts): the privacy policy says it.
   */
  bookingAnswerDays: number;
  /**
   * What the site does with her calendar besides reading it (CALDAV_URL, CALENDAR_SUBSCRIPTION_TOKEN),
   * and the calendar provider the privacy policy names as her data processor (none: only read).
   */
  herCalendar: { way: HerCalendarWay; provider: string | null };
}
