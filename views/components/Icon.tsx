import type { ReactElement } from 'react';

/** An inline SVG icon: no icon font, no request to any host. `shape` comes from icons.tsx. */
export function Icon({ shape, size = 24, className }: { shape: ReactElement; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {shape}
    </svg>
  );
}
