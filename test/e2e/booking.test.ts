import { describeBrowser } from './harness';
import { answerTests } from './journeys/answer';
import { bookingTests, useBookingSuite } from './journeys/booking';

// One way through booking in each language, with the sample feed as the calendar: Danish and
// Persian with JavaScript, English without (test/e2e/journeys/booking.ts); on the same server, the
// practitioner's answer page once each way and the mails as a mail program shows them
// (test/e2e/journeys/answer.ts). Their other tests are in booking.slow.test.ts.

describeBrowser('booking with JavaScript, without it, and in another time zone', () => {
  const suite = useBookingSuite();
  bookingTests(suite);
  describe("the practitioner's answer page", () => answerTests(suite));
});
