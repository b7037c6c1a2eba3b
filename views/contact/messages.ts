import { contactForm } from '../../content/contactForm';
import { practice } from '../../content/practice';

/** A reply text with the practice's phone number filled in. */
export function withPhone(text: string): string {
  return text.replace('{phone}', practice.phone);
}

export const replyText = {
  unexpected: contactForm.errors.unexpected,
  network: contactForm.errors.network,
  fallback: withPhone(contactForm.errors.fallback),
};
