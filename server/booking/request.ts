import { bookableServices, bookingRules, type BookableService } from '../../content/booking';
import type { Lang } from '../../content/languages';
import type { BookingFormat } from '../../content/texts/booking';

// A request for a session as the site passes it on, once the form's rules have passed
// (views/booking/validation.ts): the practice's mail shows all of it (server/mail/bookingMail.ts),
// and her answer links carry what the visitor's mail needs (decision/token.ts).

/** One of the services that can be booked (a query, a link's claim). */
export const isService = (value: unknown): value is BookableService =>
  bookableServices.includes(value as BookableService);
/** One of the formats the practice offers (a query, a link's claim). */
export const isFormat = (value: unknown): value is BookingFormat =>
  bookingRules.formats.includes(value as BookingFormat);

/** Who cancelled a confirmed time she released: the client (by phone), or she herself. Her answer page asks, her mail says it. */
export type Canceller = 'client' | 'practitioner';

export interface SessionRequest {
  service: BookableService;
  format: BookingFormat;
  start: Date;
  end: Date;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** The language of the pages the visitor wrote from. */
  lang: Lang;
}
