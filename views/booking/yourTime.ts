import type { Lang } from '../../content/languages';
import type { BookingFlowTexts } from '../../content/texts/booking';
import { fill, formatNumber } from '../format';
import { intlLocales } from './model';

// For an online session booked from another time zone (only the browser knows the visitor's):
// one line above the times naming where the visitor is and how far their clock is from
// Denmark's, and each time's own hour in brackets. Fetched by BookingIsland.tsx only for such a
// visitor, so that nobody else's page carries it.

/** `times`: the list of times; `ahead`: minutes the visitor's clock is ahead of Denmark's (negative: behind). */
export function showYourTime(times: HTMLElement, ahead: number, t: BookingFlowTexts['yourTime'], lang: Lang) {
  if (times.querySelector('.your-time')) return;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const h = Math.floor(Math.abs(ahead) / 60);
  const m = Math.abs(ahead) % 60;
  const difference = [
    h && fill(t.hours, { n: formatNumber(h, lang) }),
    m && fill(t.minutes, { n: formatNumber(m, lang) }),
  ]
    .filter(Boolean)
    .join(' ');
  const line = document.createElement('p');
  line.className = 'your-time';
  // The city of the zone's name ('America/New_York': New York), never the name itself.
  line.textContent = fill(ahead > 0 ? t.ahead : t.behind, {
    city: (zone.split('/').pop() ?? zone).replace(/_/g, ' '),
    difference,
  });
  times.querySelector('.day')?.before(line);
  const hour = new Intl.DateTimeFormat(intlLocales[lang], { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' });
  for (const input of times.querySelectorAll<HTMLInputElement>('input[name=start]')) {
    const note = document.createElement('small');
    note.textContent = `(${hour.format(new Date(input.value))})`;
    input.nextElementSibling?.append(' ', note);
  }
}
