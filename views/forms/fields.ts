import { FORMAT_CHARACTERS } from '../../content/characters';
import type { Lang } from '../../content/languages';
import type { ServerTexts } from '../../content/texts/server';
import { fill, formatNumber, latinDigits } from '../format';

// The text fields both forms ask for (name, email, phone, message): their limits, their rules, and
// the one way the server reads them from an untrusted body: text, and within its field's limit,
// before any rule reads it, so that checking a body costs at most its size. The rules then read
// the value trimmed (views/contact/validation.ts, views/booking/validation.ts).

/**
 * How long a form waits for the reply to its post before it says it was not sent, everything
 * kept. A connection that went dead (a phone losing its signal) otherwise leaves "Sending..." on
 * screen for minutes. Longer than the server can take (the whole request within 20 s, then the
 * mail within 18 s, its retry included; test/send-timeout.test.ts holds the two to this), so no
 * reply is cut short.
 */
export const REPLY_TIMEOUT_MS = 45_000;

/** Limits the forms do not show; a longer value is refused by the server with the field's own message. */
export const maxLength = { name: 200, email: 254, phone: 40, message: 10000 } as const;

export type TextField = keyof typeof maxLength;

/** The server's own messages for what the forms never send: text that is not text, or too long. */
export type InputMessages = Pick<ServerTexts['replies'], 'notText' | 'tooLong'>;

export interface ReadField {
  /** As sent ('' when it was not text): what the form shows the visitor again. */
  value: string;
  /** What the rules may read: the value, or '' when it is not text or over its limit. */
  checked: string;
  /** Why it was not checked, in the visitor's language. */
  error?: string;
}

/** A text field of an untrusted body; a missing one is empty. */
export function readTextField(raw: unknown, field: TextField, server: InputMessages, lang: Lang): ReadField {
  const value = raw ?? '';
  if (typeof value !== 'string') return { value: '', checked: '', error: server.notText };
  if (value.length > maxLength[field])
    return { value, checked: '', error: fill(server.tooLong[field], { max: formatNumber(maxLength[field], lang) }) };
  return { value, checked: value };
}

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

/** A one-line field as the server passes it on (both forms' parse, once the rules are met): without invisible format characters (content/characters.ts). */
export const withoutFormatCharacters = (text: string) => text.replace(FORMAT_CHARACTERS, '');

/** A required field left empty: nothing but spaces and invisible format characters (which the server takes out). */
export const isBlank = (text: string) => withoutFormatCharacters(text).trim() === '';

/** Empty, or 8 digits once the rest is dropped, in whatever digits the keyboard typed (۱۲۳۴۵۶۷۸ too). */
export function isValidPhone(phone: string): boolean {
  return phone.trim() === '' || latinDigits(phone).replace(/\D/g, '').length === 8;
}
