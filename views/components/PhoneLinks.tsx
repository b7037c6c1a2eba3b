import type { ReactNode } from 'react';
import { practice } from '../../content/practice';
import { useLocale } from '../locale';

// Phone numbers as tel: links. Always left to right (their own direction inside Persian text, so
// that their digit groups keep their order) and never broken across lines (.tel). One module for
// both: the footer and the pages share them, and each shared module is a file the browser loads.

/** The practice's phone number. */
export function PhoneLink({ children = practice.phone }: { children?: ReactNode }) {
  return (
    <a className="tel" href={`tel:${practice.phoneE164}`} dir="ltr">
      {children}
    </a>
  );
}

/** Where to turn in a crisis (content/crisis.ts), in the page's language, each number a link. */
export function CrisisLines() {
  return (
    <ul className="crisis-lines">
      {useLocale().site.crisis.lines.map(({ text, phone }) => {
        const [before, after] = text.split('{phone}');
        return (
          <li key={phone.tel}>
            {before}
            <a className="tel" href={`tel:${phone.tel}`} dir="ltr">
              {phone.shown}
            </a>
            {after}
          </li>
        );
      })}
    </ul>
  );
}
