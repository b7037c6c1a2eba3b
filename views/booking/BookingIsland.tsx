import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent, type RefObject } from 'react';
import type { BookingFlowTexts } from '../../content/links';
import { fill } from '../format';
import { useLocale } from '../locale';
import { postForm } from '../forms/post';
import { loaderData } from '../loaderData';
import { BOOKING_PATH, type BookingIslandData } from './model';
import { showErrors, showProblem } from './errorSummary';
import { validateBooking, type BookingValues } from './validation';

// The booking steps in the browser. The server renders them (BookingSteps.server.tsx) and every step
// works without script; here the same links and forms fetch the next step's HTML from the page's
// own loader (its URL asked for JSON, views/loaderData.ts) and swap it in without a page load,
// moving focus to what changed (the element the server marked autofocus). A request is checked
// first by the same rules as on the server (validation.ts), its errors written into the places
// the server left for them and listed, as links, at the top, then posted by the forms' one
// helper (views/forms/post.ts). Shown times become days to choose from (times.ts, a chunk of its
// own: the page's script budget has no room for it), with the visitor's own hours for an online
// session from another zone.

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
    async (query: string) => {
      shown.current = query;
      try {
        const steps = await loaderData<BookingIslandData>(page + query);
        // No steps (booking was switched off meanwhile): the page says what there is instead.
        if (!steps) throw steps;
        moved.current = true;
        setIsland(steps);
        history.pushState(null, '', page + query);
      } catch {
        location.assign(page + query);
      }
    },
    [page],
  );

  useStepsOfAddress(shown, initial, setIsland);

  // After every new step: the times as days to choose from (times.ts, its own chunk), then focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: island is the trigger: its HTML is new in the DOM.
  useEffect(() => {
    const times = root.current?.querySelector<HTMLElement>('.times');
    if (times) void import('./times').then((m) => m.enhanceTimes(times, t, lang));
    if (moved.current) root.current?.querySelector<HTMLElement>('[autofocus]')?.focus();
    moved.current = false;
  }, [island, lang, t]);

  useChosenTime(root, t.when);

  function onClick(event: MouseEvent) {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-step]');
    if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void show(new URL(link.href).search);
  }

  async function onSubmit(event: FormEvent) {
    const form = event.target as HTMLFormElement;
    event.preventDefault();
    const data = new FormData(form);
    if (form.method === 'get') return show(`?${new URLSearchParams(data as never)}`);
    if (sending.current || !island) return;
    const values = { ...Object.fromEntries(data), consent: data.get('consent') === 'true' } as BookingValues;
    // A number from abroad (online only) is the server's to check: the library that knows every
    // country's numbers (phone.server.ts) is far too large for the page's script.
    const errors = validateBooking(values, t.fieldErrors, island.choices, () => true);
    if (showErrors(errors, t.errorSummary)) return;

    const button = form.querySelector('button') as HTMLButtonElement;
    const label = button.textContent;
    sending.current = button.disabled = true;
    button.textContent = t.submitting;
    const reply = await postForm<BookingIslandData>(BOOKING_PATH, { ...values, lang }, t.errors);
    sending.current = button.disabled = false;
    button.textContent = label;
    if (typeof reply.html === 'string') {
      // The server's answer as the page without script would show it: sent, or the form with what was entered.
      moved.current = true;
      setIsland({ ...island, html: reply.html });
    } else showProblem(reply.error);
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

/**
 * A time chosen: the summary before sending repeats it. A listener of the DOM's own: React's
 * change event knows nothing of inputs it did not render.
 */
function useChosenTime(root: RefObject<HTMLDivElement | null>, when: string) {
  useEffect(() => {
    const onChange = (event: Event) => {
      const input = event.target as HTMLInputElement;
      const chosen = document.getElementById('chosen-when');
      if (input.name !== 'start' || !chosen) return;
      const day = input.closest('fieldset')?.querySelector('legend')?.textContent ?? '';
      chosen.textContent = fill(when, { day, time: input.nextElementSibling?.firstChild?.textContent ?? '' });
    };
    const element = root.current;
    element?.addEventListener('change', onChange);
    return () => element?.removeEventListener('change', onChange);
  }, [root, when]);
}

/**
 * Are the steps those of the address? After each page App renders with new loader data (a link
 * inside the site, Back and Forward: client/main.tsx asks the page's loader for the address), the
 * steps become those, unless they already are (Back over an anchor within the steps: what was
 * typed stays). A link renders first and sets the address after, in the same task
 * (client/navigation.ts): hence the zero timer.
 */
function useStepsOfAddress(
  shown: RefObject<string | null>,
  initial: BookingIslandData | undefined,
  setIsland: (steps: BookingIslandData) => void,
) {
  useEffect(() => {
    const timer = setTimeout(() => {
      // The first steps (the page's own, or a navigation's) are those of the address.
      if (shown.current === null) shown.current = location.search;
      else if (initial?.html !== undefined && location.search !== shown.current) {
        shown.current = location.search;
        setIsland(initial);
      }
    });
    return () => clearTimeout(timer);
  }, [initial, setIsland, shown]);
}
