import type { Ref } from 'react';

/**
 * The honeypot: people never see or reach it; bots that fill every field give themselves away.
 * The endpoints read it as `website`.
 */
export function Honeypot({ label, ref }: { label: string; ref?: Ref<HTMLInputElement> }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="website">{label}</label>
      <input ref={ref} id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
