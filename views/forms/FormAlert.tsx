/**
 * Where a form says it failed: a live region that is in the page from the start, so that screen
 * readers announce what appears in it. Given `focus`, it can take focus (id `alert`), and takes
 * it on load when `focus` is true: the booking steps move focus to what changed (BookingSteps.tsx);
 * the contact form leaves focus where the visitor is.
 */
export function FormAlert({ message, focus }: { message?: string; focus?: boolean }) {
  const focusable = focus === undefined ? {} : { id: 'alert', tabIndex: -1, autoFocus: focus };
  return (
    <div role="alert" className="form-alert" {...focusable}>
      {message && <p className="form-alert__text">{message}</p>}
    </div>
  );
}
