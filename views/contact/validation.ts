import { contactForm, type ContactField } from '../../content/contactForm';
import { contactReplies } from '../../content/contactReplies';

// The contact form's one set of rules: the form checks them before sending, and
// server/contact.ts checks them again (with parseContact) before delivering.

export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
  consent: boolean;
}

export type FieldErrors = Partial<Record<ContactField, string>>;

export const fieldOrder: ContactField[] = ['name', 'email', 'phone', 'message', 'consent'];

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Limits the form does not show; a longer value is refused by the server. */
export const maxLength = { name: 200, email: 254, phone: 40, message: 10000 } as const;

export function isValidPhone(phone: string): boolean {
  return phone.trim() === '' || phone.replace(/\D/g, '').length === 8;
}

/** The rules the visitor sees, in the form's order. Empty when the message may be sent. */
export function validateContact(m: ContactMessage): FieldErrors {
  const e = contactForm.fieldErrors;
  const errors: FieldErrors = {};
  if (m.name.trim() === '') errors.name = e.name;
  if (!EMAIL_PATTERN.test(m.email.trim())) errors.email = e.email;
  if (!isValidPhone(m.phone)) errors.phone = e.phone;
  if (m.message.trim() === '') errors.message = e.message;
  if (m.consent !== true) errors.consent = e.consent;
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

export type Parsed = { ok: true; message: ContactMessage } | { ok: false; errors: FieldErrors };

/**
 * The server's reading of an untrusted body: types and length limits first, then the same
 * rules as the form. Unknown fields are ignored; a missing phone is an empty one.
 */
export function parseContact(body: unknown): Parsed {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const text = (field: keyof typeof maxLength): string => {
    const value = input[field] ?? '';
    if (typeof value !== 'string') {
      errors[field] = contactReplies.notText;
      return '';
    }
    if (value.length > maxLength[field]) {
      errors[field] = contactReplies.tooLong[field].replace('{max}', formatCount(maxLength[field]));
    }
    return value;
  };
  const message: ContactMessage = {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
    consent: input.consent === true,
  };
  const ruleErrors = validateContact(message);
  for (const field of fieldOrder) {
    if (!errors[field] && ruleErrors[field]) errors[field] = ruleErrors[field];
  }
  return hasErrors(errors) ? { ok: false, errors } : { ok: true, message: trimmed(message) };
}

function trimmed(m: ContactMessage): ContactMessage {
  return { name: m.name.trim(), email: m.email.trim(), phone: m.phone.trim(), message: m.message.trim(), consent: m.consent };
}

function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
