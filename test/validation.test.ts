import { serverTexts } from '../content/serverTexts';
import {
  fieldOrder,
  parseContact as parseIn,
  validateContact as validateIn,
  type ContactMessage,
} from '../views/contact/validation';
import { bookingIn, danishContact as contact } from './support/texts';
import { parseBooking } from '../views/booking/validation';
import { maxLength, type TextField } from '../views/forms/fields';

const server = serverTexts.da;
const booking = bookingIn.da;

// The rules, with the Danish messages (every language's are checked in i18n.test.ts).
const validateContact = (m: ContactMessage) => validateIn(m, contact.form.fieldErrors);
const parseContact = (body: unknown) => parseIn(body, contact.form.fieldErrors, server.replies, 'da');

const valid: ContactMessage = { name: 'Anna', email: 'anna@example.dk', phone: '', message: 'Hej', consent: true };
const check = (change: Partial<ContactMessage>) => validateContact({ ...valid, ...change });

describe('the contact rules the form and the endpoint share', () => {
  test('a complete message has no errors', () => {
    expect(check({})).toEqual({});
  });

  test.each([
    [' 12 34 56 78 ', true],
    ['12345678', true],
    ['12-34-56-78', true],
    ['', true],
    ['+45 12345678', false], // 10 digits
    ['1234567', false],
    ['123456789', false],
    ['telefon', false],
    // Typed on a Persian or Arabic keyboard, or in full-width digits: the same 8 digits.
    ['۱۲۳۴۵۶۷۸', true],
    ['۱۲ ۳۴ ۵۶ ۷۸', true],
    ['١٢٣٤٥٦٧٨', true],
    ['١٢-٣٤-٥٦-٧٨', true],
    ['１２３４５６７８', true],
    ['12 ۳۴ ٥٦ ７８', true], // mixed, as a phone's keyboard switch can leave it
    ['۱۲۳۴۵۶۷', false],
    ['۱۲۳۴۵۶۷۸۹', false],
    ['+۴۵ ۱۲۳۴۵۶۷۸', false], // 10 digits, as in 0-9
    ['١٢', false],
  ])('phone %j valid: %s', (phone, ok) => {
    expect(check({ phone }).phone).toBe(ok ? undefined : 'Indtast venligst et gyldigt dansk telefonnummer (8 cifre)');
  });

  test.each([
    ['a@b.c', true],
    ['anna.hansen@mail.example.dk', true],
    ['a b@c.d', false],
    ['a@b', false],
    ['@b.c', false],
    ['a@.c', false], // text, @, text, a dot, text: here no text before the dot
    ['', false],
    // RFC 5322's dot-atom characters are all allowed...
    ["o'brien+tag!#$%&*/=?^_`{|}~-@mail-1.example.dk", true],
    [' anna@example.com ', true], // spaces around are trimmed
    // ...but nothing that lets a mail program read a second address or a display name.
    ['Eve <attacker@evil.example,postmaster>', false],
    ['a,b@example.com', false],
    ['a;b@evil.example', false],
    ['a<b>@example.com', false],
    ['"a"@example.com', false],
    ['a(b)@example.com', false],
    ['a[b]@example.com', false],
    ['a\\b@example.com', false],
    ['a\u0085b@example.com', false],
    ['a\u0000@example.com', false],
    ['a@b@example.com', false],
    ['a..b@example.com', false],
    ['.a@example.com', false],
    ['a.@example.com', false],
    ['a@example..com', false],
    ['a@example.com.', false],
    ['søren@example.dk', false], // beyond ASCII: a mail program may show it as another address
  ])('email %j valid: %s', (email, ok) => {
    expect(check({ email }).email).toBe(ok ? undefined : 'Indtast venligst en gyldig email-adresse');
  });

  test('name and message must hold more than spaces, and consent must be given', () => {
    expect(check({ name: '   ', message: '\n ', consent: false })).toEqual({
      name: 'Indtast venligst dit navn',
      message: 'Skriv venligst en besked',
      consent: 'Du skal give samtykke for at kunne sende beskeden',
    });
  });

  test('errors come in the order of the form, so focus goes to the first field', () => {
    const errors = validateContact({ name: '', email: 'x', phone: '1', message: '', consent: false });
    expect(fieldOrder.filter((f) => errors[f])).toEqual(['name', 'email', 'phone', 'message', 'consent']);
  });
});

describe('the endpoint reading an untrusted body', () => {
  test('accepts a valid body, trims it and ignores unknown fields', () => {
    expect(parseContact({ ...valid, name: ' Anna ', extra: 'x' })).toEqual({ ok: true, message: { ...valid } });
  });

  test('a missing phone is an empty one', () => {
    const { phone: _phone, ...rest } = valid;
    expect(parseContact(rest).ok).toBe(true);
  });

  test('rejects non-string fields and consent that is not the boolean true', () => {
    const parsed = parseContact({ ...valid, name: 42, message: ['x'], consent: 'true' });
    expect(parsed).toEqual({
      ok: false,
      errors: {
        name: 'Feltet skal udfyldes med tekst',
        message: 'Feltet skal udfyldes med tekst',
        consent: 'Du skal give samtykke for at kunne sende beskeden',
      },
    });
  });

  test.each([
    ['name', 200, 'Navnet må højst være 200 tegn'],
    ['email', 254, 'Email-adressen må højst være 254 tegn'],
    ['phone', 40, 'Telefonnummeret må højst være 40 tegn'],
    ['message', 10000, 'Beskeden må højst være 10.000 tegn'],
  ])('%s is limited to %i characters', (field, max, text) => {
    const atLimit =
      field === 'email'
        ? `${'a'.repeat(max - 8)}@test.dk`
        : field === 'phone'
          ? `12345678${' '.repeat(max - 8)}`
          : 'x'.repeat(max);
    expect(parseContact({ ...valid, [field]: atLimit }).ok).toBe(true);
    const over = parseContact({ ...valid, [field]: `${atLimit}x` });
    expect(over.ok === false && over.errors[field as keyof typeof over.errors]).toBe(text);
  });

  test('a body that is not an object is simply invalid', () => {
    expect(parseContact(null).ok).toBe(false);
    expect(parseContact('name=Anna').ok).toBe(false);
  });
});

describe('both forms read a text field by the one rule (views/forms/fields.ts)', () => {
  const choices = { services: ['individuel'], formats: ['clinic' as const] };
  const request = {
    service: 'individuel',
    format: 'clinic',
    start: '2026-12-01T09:00+01:00',
    ...valid,
    phone: '12345678',
  };
  const readBooking = (body: Record<string, unknown>) =>
    parseBooking(body, booking.flow.fieldErrors, server.replies, 'da', choices, () => false);
  const fields = Object.keys(maxLength) as TextField[];

  test('a complete request is accepted and trimmed, as a message is', () => {
    const parsed = readBooking({ ...request, name: ' Anna ' });
    expect(parsed.ok && parsed.values.name).toBe('Anna');
  });

  test.each(fields)('%s: over its limit, both say the limit; the booking form keeps what was typed', (field) => {
    const long = `${'x'.repeat(maxLength[field])}@`;
    const contact = parseContact({ ...valid, [field]: long });
    const booked = readBooking({ ...request, [field]: long });
    expect(contact.ok).toBe(false);
    expect(booked.ok).toBe(false);
    if (contact.ok || booked.ok) return;
    expect(booked.errors[field]).toBe(contact.errors[field]);
    expect(booked.errors[field]).toMatch(/højst/);
    expect(booked.values[field]).toBe(long);
  });

  test.each(fields)('%s: not text, both say so and keep nothing', (field) => {
    const contact = parseContact({ ...valid, [field]: { x: 1 } });
    const booked = readBooking({ ...request, [field]: { x: 1 } });
    if (contact.ok || booked.ok) throw new Error('accepted a field that is not text');
    expect(booked.errors[field]).toBe(contact.errors[field]);
    expect(booked.errors[field]).toBe('Feltet skal udfyldes med tekst');
    expect(booked.values[field]).toBe('');
  });
});
