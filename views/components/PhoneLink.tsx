import type { ReactNode } from 'react';
import { practice } from '../../content/practice';

/**
 * The practice's phone number as a tel: link. Always left to right (its own direction inside
 * Persian text, so its digit groups keep their order) and never broken across lines (.tel).
 */
export function PhoneLink({ children = practice.phone }: { children?: ReactNode }) {
  return (
    <a className="tel" href={`tel:${practice.phoneE164}`} dir="ltr">
      {children}
    </a>
  );
}
