import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import type { BookingFlowTexts } from '../../content/texts/booking';
import { fill } from '../format';
import { useLocale } from '../locale';
import { ANSWER_TIMEOUT_MS } from '../forms/fields';
import { BOOKING_PATH, TIMES_PATH, type BookingIslandData } from './model';
import { bookingFieldOrder, validateBooking, type BookingValues } from './validation';

// The booking steps in the browser. The server renders them (BookingSteps.tsx) and every step
// works without script; here the same links and forms fetch the next step's HTML as JSON and
// swap it in without a page load, moving focus to what changed (the element the server marked
// autofocus). A request is checked first by the same rules as on the server (validation.ts),
// its errors written into the places the server left for them and listed, as links, at the top.
// Shown times become days to choose from (times.ts, a chunk of its own: the page's script budget
// has no room for it), with the visitor's own hours for an online session from another zone.

export function BookingIsland({ t, initial }: { t: BookingFlowTexts; initial?: BookingIslandData }) {
  const { lang, href } = useLocale();
  // Hydrating a page the server rendered: its steps are in the document (not repeated in the page's data).
  const [island, setIsland] = useState(() =>
    initial && initial.html === undefined
      ? { ...initial, html: document.querySelector('.booking-steps')?.innerHTML ?? '' }
      : initial,
  );
  const root = useRef<HTMLDivElement>(null);
  /** Set by a visitor's action: focus goes to what it changed. Not on a page load or Back. */
  const moved = useRef(false);
  const sending = useRef(false);
  /** The address (query) the steps on screen are for; null before the first are known. */
  const shown = useRef<string | null>(null);
  const page = href('booking');

  /** Shows the steps for a query; should the JSON fail, the page itself is loaded. */
  const show = useCallback(
    async (query: string, push: boolean) => {
      shown.current = query;
      try {
        const response = await fetch(`${TIMES_PATH}${query || '?'}&lang=${lang}`);
        if (!response.ok) throw response;
        moved.current = push;
        setIsland((await response.json()) as BookingIslandData);
        if (push) history.pushState(null, '', page + query);
      } catch {
        location.assign(page + query);
      }
    },
    [lang, page],
  );

  // Are the steps those of the address? Looked at once for each page App renders (hydration, a
  // link inside the site, Back and Forward: App gives each a new `href`), not when a step here
  // changes. Back and Forward set the address before they render; a link renders first and sets
  // the address after, in the same task (client/navigation.ts): hence the zero timer.
  useEffect(() => {
    if (shown.current === null && initial) shown.current = location.search;
    const timer = setTimeout(() => {
      const here = href('booking');
      if (location.pathname === here && location.search !== shown.current) void show(location.search, false);
    });
    return () => clearTimeout(timer);
  }, [href, initial, show]);

  // After every new step: the times as days to choose from (times.ts, its own chunk), then focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: island is the trigger: its HTML is new in the DOM.
  useEffect(() => {
    const times = root.current?.querySelector<HTMLElement>('.times');
    if (times) void import('./times').then((m) => m.enhanceTimes(times, t, lang));
    if (moved.current) root.current?.querySelector<HTMLElement>('[autofocus]')?.focus();
    moved.current = false;
  }, [island, lang, t]);

  // A time chosen: the summary before sending repeats it. A listener of the DOM's own: React's
  // change event knows nothing of inputs it did not render.
  useEffect(() => {
    const onChange = (event: Event) => {
      const input = event.target as HTMLInputElement;
      const chosen = document.getElementById('chosen-when');
      if (input.name !== 'start' || !chosen) return;
      const day = input.closest('fieldset')?.querySelector('legend')?.textContent ?? '';
      chosen.textContent = fill(t.when, { day, time: input.nextElementSibling?.firstChild?.textContent ?? '' });
    };
    const element = root.current;
    element?.addEventListener('change', onChange);
    return () => element?.removeEventListener('change', onChange);
  }, [t.when]);

  function onClick(event: MouseEvent) {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-step]');
    if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void show(new URL(link.href).search, true);
  }

  async function onSubmit(event: FormEvent) {
    const form = event.target as HTMLFormElement;
    event.preventDefault();
    const data = new FormData(form);
    if (form.method === 'get') return show(`?${new URLSearchParams(data as never)}`, true);
    if (sending.current || !island) return;
    const values = { ...Object.fromEntries(data), consent: data.get('consent') === 'true' } as BookingValues;
    // A number from abroad (online only) is the server's to check: the library that knows every
    // country's numbers (phone.ts) is far too large for the page's script.
    const errors = validateBooking(values, t.fieldErrors, island.choices, () => true);
    // Each error in its place (an empty one hides), its field marked, and the first one focused.
    for (const name of bookingFieldOrder) {
      const place = document.getElementById(`${name}-error`);
      if (place) {
        place.textContent = errors[name] ?? '';
        place.hidden = !errors[name];
      }
      if (errors[name]) document.getElementById(name)?.setAttribute('aria-invalid', 'true');
      else document.getElementById(name)?.removeAttribute('aria-invalid');
    }
    const alert = document.getElementById('alert') as HTMLElement;
    const wrong = bookingFieldOrder.filter((name) => errors[name] && document.getElementById(name));
    if (wrong.length) {
      // The summary at the top, as the server writes it (BookingSteps.tsx): each error a link to its
      // field. Only the site's own texts go into this HTML, none of the visitor's.
      alert.innerHTML = `<p class="form-alert__text">${t.errorSummary}</p><ul class="error-summary">${wrong
        .map((name) => `<li><a href="#${name}">${errors[name]}</a></li>`)
        .join('')}</ul>`;
      return alert.focus();
    }

    const button = form.querySelector('button') as HTMLButtonElement;
    const label = button.textContent;
    sending.current = button.disabled = true;
    button.textContent = t.submitting;
    let reply: { html?: unknown; error?: unknown } = {};
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ANSWER_TIMEOUT_MS);
    try {
      const response = await fetch(BOOKING_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...values, lang }),
        signal: controller.signal,
      });
      reply = await response.json();
    } catch {
      // No answer (in time), or none it can read: handled below.
    }
    clearTimeout(timer);
    sending.current = button.disabled = false;
    button.textContent = label;
    if (typeof reply.html === 'string') {
      // The server's answer as the page without script would show it: sent, or the form with what was entered.
      moved.current = true;
      setIsland({ ...island, html: reply.html });
    } else {
      // No steps in the answer (the request could not be read) or no answer (the network): say so
      // where the form's alerts are, everything kept.
      alert.innerHTML = '<p class="form-alert__text"></p>';
      (alert.firstChild as HTMLElement).textContent =
        typeof reply.error === 'string' && reply.error ? reply.error : t.errors.network;
      alert.focus();
    }
  }

  return (
    <div
      className="booking-steps"
      ref={root}
      onClick={onClick}
      onSubmit={onSubmit}
      dangerouslySetInnerHTML={{ __html: island?.html ?? '' }}
    />
  );
}
