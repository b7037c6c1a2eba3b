import { DAY_MS } from '../../views/days';

// The Danish public holidays (folkekirkens helligdage, helligdagsloven) of any year, from the
// date of Easter: so that the practice's closed days need no yearly edit. Store bededag (the
// fourth Friday after Easter) was abolished from 2024 (by the act passed on 28 February 2023).

/** Easter Sunday of a Gregorian year, as [month, day] (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

/** Days after Easter Sunday of the holidays that move with it. */
const FROM_EASTER = {
  skærtorsdag: -3,
  langfredag: -2,
  påskedag: 0,
  '2. påskedag': 1,
  'store bededag': 26,
  'Kristi himmelfartsdag': 39,
  pinsedag: 49,
  '2. pinsedag': 50,
};

/** The last year with store bededag. */
const LAST_STORE_BEDEDAG = 2023;

/** A year's Danish public holidays as local dates 'YYYY-MM-DD', in date order. */
export function danishPublicHolidays(year: number): string[] {
  const [month, day] = easterSunday(year);
  const easter = Date.UTC(year, month - 1, day);
  const moving = Object.entries(FROM_EASTER)
    .filter(([name]) => name !== 'store bededag' || year <= LAST_STORE_BEDEDAG)
    .map(([, days]) => new Date(easter + days * DAY_MS).toISOString().slice(0, 10));
  const pad = String(year).padStart(4, '0');
  // Nytårsdag, juledag and 2. juledag.
  return [`${pad}-01-01`, ...moving, `${pad}-12-25`, `${pad}-12-26`];
}
