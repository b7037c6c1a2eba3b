import type { Lang } from '../../content/languages';
import type { ContactField } from '../../content/texts/contact';
import type { ServerTexts } from '../../content/texts/server';
import { fill, formatNumber, latinDigits } from '../format';

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

/**
 * An atom of RFC 5322's dot-atom: ASCII letters, digits and !#$%&'*+/=?^_`{|}~- only, one
 * character class, so checking it is linear. Nothing else: no , ; < > " ( ) [ ] \ space,
 * control character or anything beyond ASCII, which could make a mail program read more than
 * one address.
 */
const ATOM = /^[\w!#$%&'*+/=?^`{|}~-]+$/;

/**
 * One plain address (an addr-spec): exactly one @, a dot-atom on each side (atoms joined by
 * single dots, none first, last or doubled), and a dot in the domain (the spec's "text, an at
 * sign, text, a dot, text"). Linear in the length: split on the @, then one class per atom.
 */
export function isValidEmail(email: string): boolean {
  const [local = '', domain = '', ...more] = email.split('@');
  return !more.length && domain.includes('.') && `${local}.${domain}`.split('.').every((atom) => ATOM.test(atom));
}

/**
 * Bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069) and the invisible direction
 * marks (U+200E, U+200F, U+061C): in a name they reverse or disguise the rest of the line (the
 * mail's subject, the event's title). ZWNJ and ZWJ (U+200C, U+200D) stay: Persian words need them.
 * One character class: linear in the length.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** A one-line field as the server passes it on (both forms' parse, once the rules are met): without direction controls. */
export const withoutDirectionControls = (text: string) => text.replace(DIRECTION_CONTROLS, '');

/** Limits the form does not show; a longer value is refused by the server. */
export const maxLength = { name: 200, email: 254, phone: 40, message: 10000 } as const;

/** Optional; else 8 digits once the rest is dropped, in whatever digits the keyboard typed (۱۲۳۴۵۶۷۸ too). */
export function isValidPhone(phone: string): boolean {
  return phone.trim() === '' || latinDigits(phone).replace(/\D/g, '').length === 8;
}

/** The rules the visitor sees, in the form's order. Empty when the message may be sent. */
export function validateContact(m: ContactMessage, e: RuleMessages): FieldErrors {
  const errors: FieldErrors = {};
  if (m.name.trim() === '') errors.name = e.name;
  if (!isValidEmail(m.email.trim())) errors.email = e.email;
  if (!isValidPhone(m.phone)) errors.phone = e.phone;
  if (m.message.trim() === '') errors.message = e.message;
  if (m.consent !== true) errors.consent = e.consent;
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

export type Parsed = { ok: true; message: ContactMessage } | { ok: false; errors: FieldErrors };

/** The server's own messages for what the form never sends: text that is not text, or too long. */
export type InputMessages = Pick<ServerTexts['replies'], 'notText' | 'tooLong'>;

/**
 * The server's reading of an untrusted body: types and length limits first, then the same
 * rules as the form, on the fields within their limits only (withinLimit): no rule ever reads
 * more than a field's limit, so a body's cost is linear in its size. Unknown fields are ignored;
 * a missing phone is an empty one.
 */
export function parseContact(body: unknown, rules: RuleMessages, server: InputMessages, lang: Lang): Parsed {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const text = (field: keyof typeof maxLength): string => {
    const value = input[field] ?? '';
    if (typeof value !== 'string') {
      errors[field] = server.notText;
      return '';
    }
    return withinLimit(field, value, server, lang, errors);
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

/** The value if it is within the field's limit; else '' for the rules, and the limit under the field. */
function withinLimit(
  field: keyof typeof maxLength,
  value: string,
  server: InputMessages,
  lang: Lang,
  errors: FieldErrors,
): string {
  if (value.length <= maxLength[field]) return value;
  errors[field] = fill(server.tooLong[field], { max: formatNumber(maxLength[field], lang) });
  return '';
}

/**
 * An accepted message as the mail shows it: trimmed, and its one-line fields without direction
 * controls (after the rules, so that the form and the server give the same verdict; a valid
 * email has none, being ASCII).
 */
function trimmed(m: ContactMessage): ContactMessage {
  const line = (text: string) => withoutDirectionControls(text).trim();
  return {
    name: line(m.name),
    email: line(m.email),
    phone: line(m.phone),
    message: m.message.trim(),
    consent: m.consent,
  };
}
