import { describeBrowser } from './harness';
import { bookingTests, useBookingSuite } from './journeys/booking';

// One way through booking in each language, with the sample feed as the calendar: Danish and
// Persian with JavaScript, English without (test/e2e/journeys/booking.ts). The other tests of the
// page are in booking.slow.test.ts.

describeBrowser('booking with JavaScript, without it, and in another time zone', () => {
  bookingTests(useBookingSuite());
});
