import { practice } from '../../content/practice';
import { DAY_MS } from '../../views/days';
import { mailtoAddress } from '../mail/practiceParts';

// /.well-known/security.txt (RFC 9116): where to report a security problem with the site.
// Expires is computed from today, so it never lies in the past however long the server runs.
// The practice's address goes into a mailto: URI, percent-encoded: no line break or quote in
// content can start a field of its own.

/** RFC 9116 advises less than a year. */
const VALID_DAYS = 180;

export function securityTxt(baseUrl: string, today: Date): string {
  const midnight = Math.floor(today.getTime() / DAY_MS) * DAY_MS;
  const expires = new Date(midnight + VALID_DAYS * DAY_MS).toISOString();
  return [
    `Contact: mailto:${mailtoAddress(practice.email)}`,
    `Expires: ${expires}`,
    'Preferred-Languages: da, en',
    `Canonical: ${baseUrl}/.well-known/security.txt`,
    '',
  ].join('\n');
}
