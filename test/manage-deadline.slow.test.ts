import request from 'supertest';
import { cancellationDeadline, isFreeCancellation } from '../server/booking/deadline';
import { confirmed, manageApp, pressManage, useManageClock } from './support/manage';
import { useSmtp } from './support/smtp';
import { DAY_MS } from '../views/days';

// The practice's deadline to the second, in Europe/Copenhagen (server/booking/deadline.ts): 12.00
// the day before and at least 24 hours before, the earlier binding, across both changes of the
// clock in 2026. The deadline's own second is free (decision 0059); one second after is late. The
// rule alone, and as the client's page and her press see it with the clock set.

const smtp = useSmtp();
useManageClock();

/** Session (Danish time) → deadline (Danish time), and the page's words for the deadline. */
const VECTORS = [
  // Tuesday: noon binds (26 h); 24 hours bind (10.00); both (12.00).
  ['2026-03-10T14:00+01:00', '2026-03-09T12:00+01:00', 'mandag 9. marts kl. 12.00'],
  ['2026-03-10T10:00+01:00', '2026-03-09T10:00+01:00', 'mandag 9. marts kl. 10.00'],
  ['2026-03-10T12:00+01:00', '2026-03-09T12:00+01:00', 'mandag 9. marts kl. 12.00'],
  // Spring forward (29 March, 02.00 → 03.00): Sunday 10.00 summer time, 24 real hours before is Saturday 09.00 winter time.
  ['2026-03-29T10:00+02:00', '2026-03-28T09:00+01:00', 'lørdag 28. marts kl. 09.00'],
  // Fall back (25 October, 03.00 → 02.00): Sunday 10.00 winter time, 24 hours before is Saturday 11.00 summer time.
  ['2026-10-25T10:00+01:00', '2026-10-24T11:00+02:00', 'lørdag 24. oktober kl. 11.00'],
  // The same Sunday at 14.00: noon on Saturday binds (27 hours).
  ['2026-10-25T14:00+01:00', '2026-10-24T12:00+02:00', 'lørdag 24. oktober kl. 12.00'],
] as const;

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);
/** The session and free times on the days after it: enough that one hold stays within the unconfirmed share. */
const around = (session: string) => [
  session,
  ...Array.from({ length: 8 }, (_, d) => plus(session, (d + 1) * DAY_MS).toISOString()),
];

test.each(VECTORS)('a session at %s: the deadline is %s, its own second free, the next late', (session, deadline) => {
  const start = new Date(session);
  expect(cancellationDeadline(start)).toEqual(new Date(deadline));
  expect(isFreeCancellation(start, plus(deadline, -1_000))).toBe(true);
  expect(isFreeCancellation(start, plus(deadline, 0))).toBe(true);
  expect(isFreeCancellation(start, plus(deadline, 999))).toBe(true);
  expect(isFreeCancellation(start, plus(deadline, 1_000))).toBe(false);
});

test.each(VECTORS)(
  'a session at %s, on her page: free until %s, late a second after; her press at the deadline itself is free',
  async (session, deadline, words) => {
    const w = manageApp(smtp, { clock: plus(session, -7 * DAY_MS).toISOString(), starts: around(session) });
    const { manage } = await confirmed(smtp, w.app, session);
    w.at(plus(deadline, -1_000));
    expect((await request(w.app).get(manage).expect(200)).text).toContain(
      `Du kan aflyse gratis indtil ${words} (dansk tid).`,
    );
    w.at(plus(deadline, 1_000));
    const late = (await request(w.app).get(manage).expect(200)).text;
    expect(late).toContain(`Fristen for gratis afbud var ${words} (dansk tid).`);
    expect(late).not.toContain('Aflys tiden gratis');
    w.at(plus(deadline, 0));
    await pressManage(w.app, manage, 'cancel').expect(200);
    const practice = smtp.received.find((m) => m.to.includes('praksis@example.dk'));
    expect(practice?.raw.toString()).toContain('det er gratis');
  },
);
