import type { Config } from '../process/config';
import { MINUTE_MS } from '../../views/days';

// What one address may press and read of the links mailed for bookings (her answer links,
// server/booking/decision/; the client's manage link, server/booking/manage/), each on counts of
// its own, and what the whole site acts on.

/**
 * Presses (and reads) one address may make, and presses the whole site acts on, per quarter of an
 * hour (BOOKING_ANSWER_RATE_LIMIT, BOOKING_ANSWER_SITE_LIMIT): the practitioner presses a few
 * times a day; a guesser of links gets a handful of decryptions, each refused.
 */
const PRESS_WINDOW_MS = 15 * MINUTE_MS;
export const pressLimits = (booking: Config['booking']) => ({
  visitor: { limit: booking?.answerRateLimit ?? 20, windowMs: PRESS_WINDOW_MS },
  site: { limit: booking?.answerSiteLimit ?? 200, windowMs: PRESS_WINDOW_MS },
});
