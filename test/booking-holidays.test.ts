import { bookingRules, type BookingRules } from '../content/booking';
import { closedDates } from '../content/closedDays';
import { answerDue } from '../server/booking/answerWindow';
import { checkRules, computeFreeTimes, busyIndex } from '../server/booking/freeTimes';
import { danishPublicHolidays, easterSunday } from '../server/booking/holidays';
import { DANISH_PUBLIC_HOLIDAYS } from './support/danishHolidays';
import { localDate } from './support/booking';

// The practice is closed on the Danish public holidays of every year, worked out from Easter (no
// list to renew), and on its own closed days (content/booking.ts).

/** The local dates with any free time for an individual session, asked at `nowIso` with no notice. */
function openDays(nowIso: string, rules: BookingRules = bookingRules): Set<string> {
  const noNotice: BookingRules = { ...rules, confirmWithinWorkingDays: 0, noticeDaysAfterAnswer: -1 };
  return new Set(
    computeFreeTimes(noNotice, 'individuel', new Date(nowIso), busyIndex([])).map((s) => localDate(s.start)),
  );
}

test('the public holidays of 2026-2031 are those of the table (helligdagsloven; store bededag gone from 2024)', () => {
  for (const [year, days] of Object.entries(DANISH_PUBLIC_HOLIDAYS))
    expect(danishPublicHolidays(Number(year))).toEqual(days.map((d) => `${year}-${d}`));
  // Before 2024, store bededag: the fourth Friday after Easter (2023: 5 May).
  expect(danishPublicHolidays(2023)).toContain('2023-05-05');
  expect(danishPublicHolidays(2024)).not.toContain('2024-04-26');
  // Easter in its earliest and latest places (22 March 2285, 25 April 2038).
  expect(easterSunday(2285)).toEqual([3, 22]);
  expect(easterSunday(2038)).toEqual([4, 25]);
});

test.each([
  ['2028', '2028-04-10T08:00:00Z', ['2028-04-13', '2028-04-14', '2028-04-17'], ['2028-04-12', '2028-04-18']],
  ['2031', '2031-04-07T08:00:00Z', ['2031-04-10', '2031-04-11', '2031-04-14'], ['2031-04-09', '2031-04-15']],
])(
  "%s's Easter is closed with no edit: no times Thursday, Friday and Monday; the days around open",
  (_y, now, closed, open) => {
    const days = openDays(now);
    for (const d of closed) expect(days.has(d)).toBe(false);
    for (const d of open) expect(days.has(d)).toBe(true);
  },
);

test('Ascension and Whit Monday 2030 closed, and the answer is counted in working days past them', () => {
  const days = openDays('2030-05-27T08:00:00Z');
  expect(days.has('2030-05-30')).toBe(false); // Kristi himmelfartsdag
  expect(days.has('2030-05-31')).toBe(true);
  expect(days.has('2030-06-10')).toBe(false); // 2. pinsedag
  // A request on Wednesday 29 May 2030: Thursday is a holiday, so two working days end on Monday 3 June.
  expect(answerDue(bookingRules, new Date('2030-05-29T10:00:00+02:00'))).toEqual(new Date('2030-06-04T00:00:00+02:00'));
});

test("the practice's own days: every year's (Christmas Eve, New Year's Eve, Constitution Day) and one-off dates; holidays can be switched off", () => {
  expect(openDays('2029-12-17T08:00:00Z').has('2029-12-24')).toBe(false);
  expect(openDays('2029-12-17T08:00:00Z').has('2029-12-27')).toBe(true);
  expect(openDays('2029-12-17T08:00:00Z').has('2029-12-31')).toBe(false);
  const own: BookingRules = { ...bookingRules, closedDates: ['2029-12-27'], closedOnPublicHolidays: false };
  const days = openDays('2029-12-17T08:00:00Z', own);
  expect(days.has('2029-12-27')).toBe(false);
  expect(days.has('2029-12-24')).toBe(true);
  expect(days.has('2029-12-25')).toBe(true); // Christmas Day: the public holidays switched off
});

test("a closed period of hers (content/facts/booking.json: date to 'to') closes each of its days, and no other", () => {
  const summer: BookingRules = {
    ...bookingRules,
    closedDates: [{ date: '2029-07-10', to: '2029-07-13', note: 'kursus' }].flatMap(closedDates),
  };
  const days = openDays('2029-07-02T08:00:00Z', summer);
  expect(
    ['2029-07-09', '2029-07-10', '2029-07-11', '2029-07-12', '2029-07-13', '2029-07-16'].map((d) => days.has(d)),
  ).toEqual([true, false, false, false, false, true]);
});

test('a closed day that is no day is named at start-up', () => {
  expect(checkRules({ ...bookingRules, closedDates: ['02-30', '12-24', '02-29'] })).toEqual([
    'closedDates: "02-30" is not a day MM-DD',
  ]);
});
