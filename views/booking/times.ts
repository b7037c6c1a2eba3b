import type { Lang } from '../../content/languages';
import type { BookingFlowTexts } from '../../content/links';
import { fill, formatNumber } from '../format';
import { intlLocales } from './intlLocales';

// What the list of times becomes with JavaScript (BookingIsland.tsx fetches this module once
// times are shown; without JavaScript the list stays grouped by day, one fieldset each):
// - days first: a row of the days that have times, each a button showing only that day's times,
//   and "first available time", which chooses the soonest;
// - for an online session from another time zone (only the browser knows it), one line naming
//   the visitor's city and how far their clock is from Denmark's, their own hour beside each time.

/** Minutes east of UTC written at the end of an ISO start ('+01:00'). */
const offsetOf = (iso: string) =>
  (iso.at(-6) === '-' ? -1 : 1) * (Number(iso.slice(-5, -3)) * 60 + Number(iso.slice(-2)));

export function enhanceTimes(times: HTMLElement, t: BookingFlowTexts, lang: Lang) {
  if (times.querySelector('.day-picker')) return;
  const days = [...times.querySelectorAll<HTMLFieldSetElement>('fieldset.day')];
  const inputs = [...times.querySelectorAll<HTMLInputElement>('input[name=start]')];
  const first = inputs[0];
  if (!first || !days[0]) return;
  const label = (input: HTMLInputElement) => input.nextElementSibling?.firstChild?.textContent ?? '';
  const legend = (day: Element) => day.querySelector('legend')?.textContent ?? '';

  // The visitor's own time, for an online session only.
  const ahead = -new Date(first.value).getTimezoneOffset() - offsetOf(first.value);
  if (times.dataset.format === 'online' && ahead) {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const y = t.yourTime;
    const h = Math.floor(Math.abs(ahead) / 60);
    const m = Math.abs(ahead) % 60;
    const line = document.createElement('p');
    line.className = 'your-time';
    // The city of the zone's name ('America/New_York': New York), never the name itself.
    line.textContent = fill(ahead > 0 ? y.ahead : y.behind, {
      city: (zone.split('/').pop() ?? zone).replace(/_/g, ' '),
      difference: [h && fill(y.hours, { n: formatNumber(h, lang) }), m && fill(y.minutes, { n: formatNumber(m, lang) })]
        .filter(Boolean)
        .join(' '),
    });
    days[0].before(line);
    const hour = new Intl.DateTimeFormat(intlLocales[lang], { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' });
    for (const input of inputs) {
      const note = document.createElement('small');
      note.textContent = `(${hour.format(new Date(input.value))})`;
      input.nextElementSibling?.append(' ', note);
    }
  }

  // Days first: one day's times at a time.
  const picker = document.createElement('div');
  picker.className = 'day-picker';
  const soonest = document.createElement('button');
  soonest.type = 'button';
  soonest.className = 'day-picker__first';
  soonest.textContent = fill(t.dayPicker.first, { when: fill(t.when, { day: legend(days[0]), time: label(first) }) });
  const strip = document.createElement('div');
  strip.className = 'day-picker__days';
  strip.setAttribute('role', 'group');
  strip.setAttribute('aria-label', t.dayPicker.legend);
  const buttons = days.map((day) => {
    const button = document.createElement('button');
    button.type = 'button';
    const [weekday, ...date] = legend(day).split(' ');
    const count = day.querySelectorAll('input').length;
    const part = (tag: string, text: string) => {
      const element = document.createElement(tag);
      element.textContent = text;
      return element;
    };
    button.append(
      part('span', weekday ?? ''),
      part('strong', date.join(' ')),
      part(
        'small',
        fill(count === 1 ? t.dayPicker.count.one : t.dayPicker.count.other, { n: formatNumber(count, lang) }),
      ),
    );
    button.onclick = () => show(day);
    strip.append(button);
    return button;
  });
  // One tab stop for the row (the day shown); the arrow keys, Home and End move along it, in the
  // reading direction (right to left on Persian pages), and Enter or Space shows the day.
  function show(chosen: Element) {
    buttons.forEach((button, i) => {
      const day = days[i];
      if (day) day.hidden = day !== chosen;
      button.setAttribute('aria-pressed', String(day === chosen));
      button.tabIndex = day === chosen ? 0 : -1;
    });
  }
  strip.onkeydown = (event) => {
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    const rtl = getComputedStyle(strip).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 }[event.key];
    const to = event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : step && at + step;
    const next = typeof to === 'number' ? buttons[to] : undefined;
    if (at < 0 || !next) return;
    event.preventDefault();
    for (const b of buttons) b.tabIndex = b === next ? 0 : -1;
    next.focus();
  };
  soonest.onclick = () => {
    if (days[0]) show(days[0]);
    first.checked = true;
    first.dispatchEvent(new Event('change', { bubbles: true }));
    first.focus();
  };
  picker.append(soonest, strip);
  (times.querySelector('.your-time') ?? days[0]).before(picker);
  // The day of what has focus or is chosen (after "later times", an error, or the same steps again), else the first.
  const current = times.querySelector('[autofocus], input:checked');
  show(current?.closest('fieldset.day') ?? days[0]);
  if (current?.hasAttribute('autofocus')) (current as HTMLElement).focus();
}
