// The Danish public holidays of 2026-2031, written out by hand for the tests (never computed
// here): the days are those of helligdagsloven (folkekirkens helligdage: nytårsdag, skærtorsdag,
// langfredag, påskedag, 2. påskedag, Kristi himmelfartsdag, pinsedag, 2. pinsedag, juledag,
// 2. juledag; store bededag abolished from 2024 by the act of 28 February 2023), on the dates the
// Danish calendars list (e.g. kalender-365.dk/helligdage/2028.html: 13, 14, 16 and 17 April,
// 25 May, 4 and 5 June 2028). Easter Sunday: 5 April 2026, 28 March 2027, 16 April 2028,
// 1 April 2029, 21 April 2030, 13 April 2031.

export const DANISH_PUBLIC_HOLIDAYS: Record<number, string[]> = {
  2026: ['01-01', '04-02', '04-03', '04-05', '04-06', '05-14', '05-24', '05-25', '12-25', '12-26'],
  2027: ['01-01', '03-25', '03-26', '03-28', '03-29', '05-06', '05-16', '05-17', '12-25', '12-26'],
  2028: ['01-01', '04-13', '04-14', '04-16', '04-17', '05-25', '06-04', '06-05', '12-25', '12-26'],
  2029: ['01-01', '03-29', '03-30', '04-01', '04-02', '05-10', '05-20', '05-21', '12-25', '12-26'],
  2030: ['01-01', '04-18', '04-19', '04-21', '04-22', '05-30', '06-09', '06-10', '12-25', '12-26'],
  2031: ['01-01', '04-10', '04-11', '04-13', '04-14', '05-22', '06-01', '06-02', '12-25', '12-26'],
};

/** Whether a local date 'YYYY-MM-DD' is in the table (throws outside 2026-2031: the table would not know). */
export function inHolidayTable(date: string): boolean {
  const days = DANISH_PUBLIC_HOLIDAYS[Number(date.slice(0, 4))];
  if (!days) throw new Error(`no holidays written out for ${date}`);
  return days.includes(date.slice(5));
}
