import type { HTMLAttributes } from 'react';

/**
 * Where a form says it failed: a live region that is in the page from the start, so that screen
 * readers announce what appears in it. The booking steps make it focusable (id, tabIndex) and
 * focus it on load after a failure (autoFocus, see BookingSteps.server.tsx); the contact form leaves
 * focus where the visitor is. Children instead of the message: the booking steps' error summary.
 */
export function FormAlert({ message, children, ...focusable }: { message?: string } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div role="alert" className="form-alert" {...focusable}>
      {children ?? (message && <p className="form-alert__text">{message}</p>)}
    </div>
  );
}
