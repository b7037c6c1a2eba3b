import type { BookingIsland } from './booking/model';
import type { ContactSeed } from './contact/state';

/**
 * What App gives a page: its texts, on the contact page the form's state after a post without
 * JavaScript, and on the booking page (booking on) what the server rendered it from.
 */
export interface PageProps<T> {
  texts: T;
  contactSeed?: ContactSeed;
  booking?: BookingIsland;
}
