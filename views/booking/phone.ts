import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { formatPhone, latinDigits } from '../format';
import { isValidPhone } from '../contact/validation';

// Phone numbers from abroad, for online sessions: any number with its country code that
// libphonenumber-js's smallest metadata ('min': the lengths and leading digits of every country's
// numbers) takes for a real one, written as it is dialled ('+44 20 7946 0958'). The browser loads
// this module only when a visitor sends an online request with a number that is not Danish
// (BookingIsland.tsx); the server imports it for its own check and for the mail.

/** The number with its country code ('+…' or '00…'), or null when it is none. */
function parse(typed: string) {
  const compact = latinDigits(typed).trim().replace(/^00/, '+');
  return compact.startsWith('+') ? parsePhoneNumberFromString(compact) : undefined;
}

/** Whether `typed` is a valid number with its country code. */
export function isInternationalPhone(typed: string): boolean {
  return parse(typed)?.isValid() === true;
}

/**
 * A number a request was accepted with, as dialled and as a tel: link dials it: a Danish one as
 * Danes write it ('12 34 56 78'), any other as the world does ('+98 912 345 6789').
 */
export function dialled(typed: string): { text: string; tel: string } {
  const number = isValidPhone(typed) ? undefined : parse(typed);
  return number?.isValid() ? { text: number.formatInternational(), tel: number.number } : formatPhone(typed);
}
