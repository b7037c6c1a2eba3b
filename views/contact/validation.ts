import type { Lang } from '../../content/languages';
import type { ContactField } from '../../content/texts/contact';
import {
  isValidEmail,
  isValidPhone,
  readTextField,
  isBlank,
  withoutFormatCharacters,
  type InputMessages,
  type TextField,
} from '../forms/fields';

// The contact form's one set of rules: the form checks them before sending, and
// server/contact/endpoint.ts checks them again (with parseContact) before delivering. The messages are
// the visitor's language's (content/<lang>/contact.ts).

export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
  consent: boolean;
}

export type FieldErrors = Partial<Record<ContactField, string>>;

/** What each broken rule says, in one language. */
export type RuleMessages = Record<ContactField, string>;

export const fieldOrder: ContactField[] = ['name', 'email', 'phone', 'message', 'consent'];

/** The rules the visitor sees, in the form's order. Empty when the message may be sent. */
export function validateContact(m: ContactMessage, e: RuleMessages): FieldErrors {
  const errors: FieldErrors = {};
  if (isBlank(m.name)) errors.name = e.name;
  if (!isValidEmail(m.email.trim())) errors.email = e.email;
  if (!isValidPhone(m.phone)) errors.phone = e.phone;
  if (isBlank(m.message)) errors.message = e.message;
  if (!m.consent) errors.consent = e.consent;
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

export type Parsed = { ok: true; message: ContactMessage } | { ok: false; errors: FieldErrors };

/**
 * The server's reading of an untrusted body: each text field read by the forms' one rule
 * (views/forms/fields.ts: text, within its limit), then the same rules as the form on what is
 * within its limit only. Unknown fields are ignored; a missing phone is an empty one.
 */
export function parseContact(body: unknown, rules: RuleMessages, server: InputMessages, lang: Lang): Parsed {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const text = (field: TextField): string => {
    const read = readTextField(input[field], field, server, lang);
    if (read.error) errors[field] = read.error;
    return read.checked;
  };
  const message: ContactMessage = {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
    consent: input.consent === true,
  };
  const ruleErrors = validateContact(message, rules);
  for (const field of fieldOrder) {
    if (!errors[field] && ruleErrors[field]) errors[field] = ruleErrors[field];
  }
  return hasErrors(errors) ? { ok: false, errors } : { ok: true, message: trimmed(message) };
}

/**
 * An accepted message as the mail shows it: trimmed, and its one-line fields without invisible
 * format characters (after the rules, so that the form and the server give the same verdict; a valid
 * email has none, being ASCII).
 */
function trimmed(m: ContactMessage): ContactMessage {
  const line = (text: string) => withoutFormatCharacters(text).trim();
  return {
    name: line(m.name),
    email: line(m.email),
    phone: line(m.phone),
    message: m.message.trim(),
    consent: m.consent,
  };
}
