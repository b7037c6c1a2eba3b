import { bookingFieldOrder, type BookingErrors } from './validation';

// A request's errors in the browser (BookingIsland.tsx), where the server writes them without
// script (BookingSteps.server.tsx): each under its field, and the summary at the top of the form,
// each error a link to its field. Built as elements whose text is set as text: the summary's words
// and the errors are content's, and no content value becomes markup.

/** The alert's one paragraph, as the server writes it. */
function alertText(text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = 'form-alert__text';
  p.textContent = text;
  return p;
}

/**
 * Each error in its place (an empty one hides), its field marked, and, when there are any, the
 * summary at the top as the server writes it, each error a link to its field, focused. Whether
 * any was shown.
 */
export function showErrors(errors: BookingErrors, summary: string): boolean {
  for (const name of bookingFieldOrder) {
    const place = document.getElementById(`${name}-error`);
    if (place) {
      place.textContent = errors[name] ?? '';
      place.hidden = !errors[name];
    }
    if (errors[name]) document.getElementById(name)?.setAttribute('aria-invalid', 'true');
    else document.getElementById(name)?.removeAttribute('aria-invalid');
  }
  const wrong = bookingFieldOrder.filter((name) => errors[name] && document.getElementById(name));
  if (!wrong.length) return false;
  const list = document.createElement('ul');
  list.className = 'error-summary';
  for (const name of wrong) {
    const link = document.createElement('a');
    link.href = `#${name}`;
    link.textContent = errors[name] ?? '';
    const item = document.createElement('li');
    item.append(link);
    list.append(item);
  }
  const alert = document.getElementById('alert') as HTMLElement;
  alert.replaceChildren(alertText(summary), list);
  alert.focus();
  return true;
}

/**
 * No steps in the answer (the request could not be read) or no answer (the network): said where
 * the form's alerts are, everything kept.
 */
export function showProblem(error: string) {
  const alert = document.getElementById('alert') as HTMLElement;
  alert.replaceChildren(alertText(error));
  alert.focus();
}
