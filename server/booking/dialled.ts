import { internationalNumber } from '../../views/booking/phone.server';
import { formatPhone } from '../../views/format';

/**
 * A number a booking request was accepted with, as dialled and as a tel: link dials it: one with
 * its country code as the world writes it ('+98 912 345 6789', '+44 20 7946 0958'), a Danish one
 * as Danes do ('12 34 56 78'). For the sent card and the practice's mail.
 */
export function dialled(typed: string): { text: string; tel: string } {
  const number = internationalNumber(typed);
  return number ? { text: number.formatInternational(), tel: number.number } : formatPhone(typed);
}

/**
 * A number in the digits its visitor typed it in: one typed in Persian (۰-۹) or Arabic-Indic
 * (٠-٩) digits comes back in them on the sent card, beside the card's Persian dates; else as it is.
 */
export function inTypedDigits(text: string, typed: string): string {
  const zero = /[۰-۹]/.test(typed) ? 0x06f0 : /[٠-٩]/.test(typed) ? 0x0660 : 0;
  return zero ? text.replace(/[0-9]/g, (d) => String.fromCharCode(zero + Number(d))) : text;
}
