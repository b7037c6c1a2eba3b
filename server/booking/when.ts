import { DateTime } from 'luxon';
import { bookingRules } from '../../content/booking';
import { bookingMail } from '../../content/bookingMail';
import { langs, type Lang } from '../../content/languages';
import { fill } from '../../views/format';
import { intlLocales } from '../../views/booking/intlLocales';

// Times as the booking page, its replies and the practice's mail write them: always in the
// practice's time zone (Europe/Copenhagen, summer time included), in the language's own words and
// digits. Only the server writes them (see views/booking/model.ts).

const zone = bookingRules.timeZone;

const dayKinds = {
  day: { weekday: 'long', day: 'numeric', month: 'long' },
  fullDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Kind = keyof typeof dayKinds | 'time';

/** Persian writes 9:00 (CLDR's H:mm): a leading ۰ reads as a dot. */
const timeOptions = (lang: Lang): Intl.DateTimeFormatOptions => ({
  hour: lang === 'fa' ? 'numeric' : '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Each language's three formats, made once (a formatter costs far more to make than to use). */
const formats = Object.fromEntries(
  langs.map((lang) => {
    const make = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(intlLocales[lang], { timeZone: zone, ...options });
    return [lang, { day: make(dayKinds.day), fullDay: make(dayKinds.fullDay), time: make(timeOptions(lang)) }];
  }),
) as Record<Lang, Record<Kind, Intl.DateTimeFormat>>;

const formatter = (lang: Lang, kind: Kind) => formats[lang][kind];

/** '2026-12-01T09:00+01:00': the start in Danish time with its offset, as the form's value. */
export const isoStart = (time: Date): string =>
  DateTime.fromJSDate(time, { zone }).toISO({ suppressMilliseconds: true, suppressSeconds: true }) as string;

/** '2026-12-01': the day in Denmark. */
export const localDate = (time: Date): string => DateTime.fromJSDate(time, { zone }).toISODate() as string;

/** Persian's Thursday with its zero-width non-joiner, which ICU's data leaves out. */
const persianWeekday = (text: string) => text.replace('پنجشنبه', 'پنج\u200cشنبه');

/** 'tirsdag 1. december', 'Tuesday 1 December', 'سه‌شنبه ۱ دسامبر'. */
export const dayLabel = (time: Date, lang: Lang): string => persianWeekday(formatter(lang, 'day').format(time));

/** The same with the year: 'tirsdag den 1. december 2026'. */
export const fullDayLabel = (time: Date, lang: Lang): string => persianWeekday(formatter(lang, 'fullDay').format(time));

/** '09.00', '09:00', '۹:۰۰'. */
export const timeLabel = (time: Date, lang: Lang): string => formatter(lang, 'time').format(time);

/** 'tirsdag den 1. december 2026 kl. 09.00–09.50 (dansk tid)': a session's time as the practitioner reads it, in mail and on her answer page. */
export function danishWhen(start: Date, end: Date): string {
  return fill(bookingMail.when, {
    day: fullDayLabel(start, 'da'),
    from: timeLabel(start, 'da'),
    to: timeLabel(end, 'da'),
  });
}
