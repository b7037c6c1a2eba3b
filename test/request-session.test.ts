import { bookingRules } from '../content/booking';
import { answerDue } from '../server/booking/answerWindow';
import { requestSession, type RequestDeps, type SessionRequestInput } from '../server/booking/requestSession';
import { createMailer } from '../server/mail/transport';
import { visitorHasher } from '../server/store/holds';
import { memoryHolds } from '../server/store/holdsMemory';
import { testConfig } from './support/app';
import { SAMPLE_FEED, TEST_BOOKING_SECRET, visitor } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { useSmtp } from './support/smtp';
import { testCert } from './support/tls';

// Booking's domain step without HTTP (server/booking/requestSession.ts): a free time is held and
// mailed once; a taken time, a full share and a failed mail each leave nothing held or mailed.

const smtp = useSmtp();
const failing = useSmtp({ fail: true });
const STARTS = ['2027-02-01T09:00+01:00', '2027-02-02T09:00+01:00', '2027-02-03T09:00+01:00', '2027-02-04T09:00+01:00'];
const AT = new Date('2027-01-15T12:00:00+01:00');

function deps(smtpUrl: string): RequestDeps & { holds: ReturnType<typeof memoryHolds> } {
  const config = testConfig({
    SMTP_URL: smtpUrl,
    MAIL_TO: 'praksis@example.dk',
    BOOKING_CALENDAR_URL: SAMPLE_FEED,
    BOOKING_SECRET: TEST_BOOKING_SECRET,
  });
  const booking = config.booking!;
  return {
    config: { ...config, booking },
    mailer: createMailer(config, { ca: testCert() }),
    // Only individual sessions, four times: one hold is the quarter's share.
    calendar: fakeCalendar(STARTS, ['individuel']),
    holds: memoryHolds({ until: (now) => answerDue(bookingRules, now), perVisitor: 1 }),
    visitorId: visitorHasher('test-visitor-secret'),
  };
}

const input = (start: string, from = '203.0.113.1'): SessionRequestInput => ({
  values: { service: 'individuel', format: 'clinic', start, ...visitor, consent: true },
  service: 'individuel',
  format: 'clinic',
  start: new Date(start),
  lang: 'da',
  visitor: from,
});

test('a free time: held until the answer is due, and mailed to the practice once', async () => {
  const d = deps(smtp.url);
  expect(await requestSession(d, input(STARTS[0]!), AT)).toEqual({ result: 'requested', kept: false });
  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0]!.to).toEqual(['praksis@example.dk']);
  expect((await d.holds.list(AT))?.map((h) => h.start.toISOString())).toEqual(['2027-02-01T08:00:00.000Z']);
});

test('a taken time: refused, nothing more held or mailed', async () => {
  const d = deps(smtp.url);
  await requestSession(d, input(STARTS[0]!), AT);
  expect(await requestSession(d, input(STARTS[0]!, '203.0.113.2'), AT)).toEqual({ result: 'taken' });
  expect(smtp.received).toHaveLength(1);
  expect(await d.holds.list(AT)).toHaveLength(1);
});

test('the share rule: with a quarter of the times held, another visitor is refused for another time', async () => {
  const d = deps(smtp.url);
  await requestSession(d, input(STARTS[0]!), AT);
  expect(await requestSession(d, input(STARTS[2]!, '203.0.113.3'), AT)).toEqual({ result: 'held-share-full' });
  expect(smtp.received).toHaveLength(1);
  expect(await d.holds.list(AT)).toHaveLength(1);
});

test('a mail the server refuses: the hold is released, so the time is offered again', async () => {
  const d = deps(failing.url);
  const done = await requestSession(d, input(STARTS[1]!), AT);
  expect(done.result).toBe('delivery-failed');
  expect(await d.holds.list(AT)).toEqual([]);
  expect(d.calendar.isFree('individuel', new Date(STARTS[1]!), AT, [])).toBe(true);
});
