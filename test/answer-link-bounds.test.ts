import request from 'supertest';
import { bookingRules, serviceMinutes } from '../content/booking';
import { answerDue, longestAnswerWindow } from '../server/booking/answerWindow';
import { openRequest, sealRequest, type AnswerRequest } from '../server/booking/decision/token';
import { bookingApp, TEST_BOOKING_SECRET } from './support/booking';
import { useSmtp } from './support/smtp';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../views/days';

// A link sealed with the secret (a leaked BOOKING_SECRET_PREVIOUS, say) is still bounded by what
// the booking form could have sealed: its expiry at most the longest answer window from now, the
// session the service's length, its start within the horizon and in the future. Anything else is
// refused as a link that is not ours; an authentic link past its expiry is still told apart.

const BASE = 'http://localhost:3000';
const SECRET = Buffer.from(TEST_BOOKING_SECRET, 'hex');
/** Wednesday 25 November 2026, 20.00 in Denmark. */
const NOW = new Date('2026-11-25T19:00:00Z');
const START = new Date('2027-01-05T09:00:00Z');

/** The request the booking form would seal at NOW for START, with `claims` changed. */
function sealed(claims: Partial<Omit<AnswerRequest, 'id'>> = {}) {
  const start = claims.start ?? START;
  return sealRequest(
    {
      hold: 'hold',
      visitor: 'visitor',
      service: 'individuel',
      format: 'clinic',
      start,
      end: new Date(start.getTime() + serviceMinutes('individuel') * MINUTE_MS),
      name: 'Karen Blixen',
      email: 'karen@example.com',
      lang: 'da',
      expires: answerDue(bookingRules, NOW),
      ...claims,
    },
    SECRET,
    BASE,
  );
}
const open = async (token: string, now = NOW) => openRequest(token, [SECRET], BASE, now);

test("the longest answer window: more than a weekend's, at most about a week and a half (Christmas)", () => {
  const days = longestAnswerWindow(bookingRules) / DAY_MS;
  expect(days).toBeGreaterThanOrEqual(4);
  expect(days).toBeLessThanOrEqual(12);
});

test('a link as the booking form seals it opens, and once past its expiry says "expired" with its request', async () => {
  const token = await sealed();
  expect((await open(token)).ok).toBe(true);
  const later = new Date(answerDue(bookingRules, NOW).getTime() + HOUR_MS);
  const expired = await open(token, later);
  expect(expired).toMatchObject({ ok: false, why: 'expired', request: { name: 'Karen Blixen', start: START } });
});

test.each([
  ['an expiry in 2100', { expires: new Date('2100-01-01T00:00:00Z'), start: new Date('2100-01-02T09:00:00Z') }],
  [
    'an expiry beyond the longest answer window',
    { expires: new Date(NOW.getTime() + longestAnswerWindow(bookingRules) + DAY_MS) },
  ],
  ['a start in the past', { start: new Date(NOW.getTime() - DAY_MS) }],
  ['a start beyond the horizon', { start: new Date(NOW.getTime() + (bookingRules.horizonDays + 2) * DAY_MS) }],
  ['a session of ten years', { end: new Date(START.getTime() + 10 * 365 * DAY_MS) }],
  ['a session shorter than the service', { end: new Date(START.getTime() + 10 * MINUTE_MS) }],
  [
    'an expiry after the session began',
    { start: new Date(NOW.getTime() + HOUR_MS), expires: answerDue(bookingRules, NOW) },
  ],
])('sealed with the secret but with %s: refused like a tampered link', async (_what, claims) => {
  expect(await open(await sealed(claims))).toEqual({ ok: false, why: 'invalid' });
});

test('an expired link with absurd claims is not "expired" but refused as not ours', async () => {
  const token = await sealed({
    start: new Date('2026-06-01T09:00:00Z'),
    end: new Date('2036-06-01T09:00:00Z'),
    expires: new Date('2026-05-30T00:00:00Z'),
  });
  expect(await open(token)).toEqual({ ok: false, why: 'invalid' });
});

describe('on the answer page', () => {
  const smtp = useSmtp();

  test('a link claiming an expiry in 2100: 400 "Linket virker ikke" on the page and the button, nothing sent', async () => {
    const { app } = bookingApp({ smtpUrl: smtp.url, now: () => NOW });
    const token = await sealed({ expires: new Date('2100-01-01T00:00:00Z'), start: new Date('2100-01-02T09:00:00Z') });
    const page = await request(app).get(`/booking/bekraeft?t=${token}`).expect(400);
    expect(page.text).toContain('Linket virker ikke');
    await request(app)
      .post('/booking/svar')
      .type('form')
      .set('Origin', BASE)
      .send({ t: token, answer: 'confirm' })
      .expect(400);
    expect(smtp.received).toHaveLength(0);
  });
});
