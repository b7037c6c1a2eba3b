import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { latinDigits } from '../format';

// Phone numbers from abroad, for online sessions: any number with its country code that
// libphonenumber-js's smallest metadata ('min': the lengths and leading digits of every country's
// numbers) takes for a real one. Only the server loads it (80 kB of metadata is more than the
// page's whole script budget): it checks every request with it (the browser's check leaves such a
// number to it) and writes the number as dialled (server/booking/dialled.ts).

/** The number with its country code ('+…' or '00…'), valid; undefined when it is none. */
export function internationalNumber(typed: string) {
  const compact = latinDigits(typed).trim().replace(/^00/, '+');
  const number = compact.startsWith('+') ? parsePhoneNumberFromString(compact) : undefined;
  return number?.isValid() ? number : undefined;
}

/** Whether `typed` is a valid number with its country code. */
export const isInternationalPhone = (typed: string): boolean => internationalNumber(typed) !== undefined;
