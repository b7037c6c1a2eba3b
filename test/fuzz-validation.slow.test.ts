import fc from 'fast-check';
import { langs, type Lang } from '../content/languages';
import { fieldOrder, hasErrors, parseContact, validateContact, type ContactMessage } from '../views/contact/validation';
import { isValidPhone, maxLength } from '../views/forms/fields';
import { formatPhone } from '../views/format';
import {
  anyContactBody,
  anyText,
  anyValue,
  documentedReplies,
  fuzzParams,
  fuzzRuns,
  likelyValid,
  someDigits,
  type Documented,
} from './support/fuzz';

/** Generous: a loaded machine runs them many times slower. */
const timeout = Math.max(60_000, fuzzRuns(100) * 100);

// Property-based tests of the contact form's one set of rules (views/contact/validation.ts):
// the form's check (validateContact, what the hydrated component runs before sending) and the
// server's (parseContact, what server/contact/endpoint.ts runs before delivering), on inputs of every kind.

let documented: Record<Lang, Documented>;
beforeAll(async () => {
  documented = await documentedReplies();
});

const lang = fc.constantFrom(...langs);
const message = fc.record({ name: anyText, email: anyText, phone: anyText, message: anyText, consent: fc.boolean() });

test(
  'parseContact never throws, on any value, and every error it gives is a documented text in the language asked for',
  () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, anyContactBody, fc.anything()), lang, (body, l) => {
        const d = documented[l];
        const parsed = parseContact(body, d.rules, d.server, l);
        if (parsed.ok) {
          for (const f of ['name', 'email', 'phone', 'message'] as const)
            expect(typeof parsed.message[f]).toBe('string');
          expect(parsed.message.consent).toBe(true);
          return;
        }
        expect(hasErrors(parsed.errors)).toBe(true);
        for (const [field, text] of Object.entries(parsed.errors)) {
          expect(fieldOrder).toContain(field);
          expect(d.fields.has(text)).toBe(true);
        }
      }),
      fuzzParams(400),
    );
  },
  timeout,
);

test(
  'the form and the server give the same verdict on every input the form can send; beyond the limits (which the form does not show) the server names the field',
  () => {
    fc.assert(
      fc.property(fc.oneof(message, likelyValid), lang, (m: ContactMessage, l) => {
        const d = documented[l];
        const browser = validateContact(m, d.rules);
        const server = parseContact(m, d.rules, d.server, l);
        const tooLong = (['name', 'email', 'phone', 'message'] as const).filter((f) => m[f].length > maxLength[f]);
        const serverFields = server.ok ? [] : Object.keys(server.errors).sort();
        // Same fields refused, plus the over-long ones, which the server's reply puts under the field.
        expect(serverFields).toEqual([...new Set([...Object.keys(browser), ...tooLong])].sort());
        if (tooLong.length === 0) expect(server.ok).toBe(!hasErrors(browser));
        for (const f of Object.keys(browser) as (keyof typeof browser)[]) {
          if (!tooLong.includes(f as never)) expect(server.ok ? undefined : server.errors[f]).toBe(browser[f]);
        }
      }),
      fuzzParams(500),
    );
  },
  timeout,
);

test(
  'an accepted message is the typed one, trimmed, its one-line fields without invisible format characters: nothing else is changed or dropped',
  () => {
    fc.assert(
      fc.property(likelyValid, lang, (m, l) => {
        const d = documented[l];
        const parsed = parseContact(m, d.rules, d.server, l);
        fc.pre(parsed.ok);
        if (!parsed.ok) return;
        // Unicode's invisible format characters (Cf); ZWNJ and ZWJ stay.
        const noDirection = (text: string) => text.replace(/[^\P{Cf}\u200C\u200D]/gu, '');
        expect(parsed.message).toEqual({
          name: noDirection(m.name).trim(),
          email: noDirection(m.email).trim(),
          phone: noDirection(m.phone).trim(),
          message: m.message.trim(),
          consent: true,
        });
      }),
      fuzzParams(300),
    );
  },
  timeout,
);

test(
  'a phone number is the same in any digits: 8 of them pass (and reach the practice as 12 34 56 78), any other count fails, in the browser and on the server alike',
  () => {
    const separators = ['', ' ', '-', '.', '/', '(', ')', '  '];
    fc.assert(
      fc.property(
        someDigits({ min: 1, max: 12 }, separators),
        fc.oneof(anyText, fc.constant('')),
        lang,
        ({ value, typed }, junk, l) => {
          const d = documented[l];
          // Junk without digits of any script around the number does not change the count.
          const around = junk.replace(/[\p{Nd}]/gu, '');
          const phone = `${around}${typed}${around}`;
          const eight = value.length === 8;
          expect(isValidPhone(phone)).toBe(eight);
          const m: ContactMessage = { name: 'Anna', email: 'anna@example.dk', phone, message: 'Hej', consent: true };
          const browser = validateContact(m, d.rules);
          const server = parseContact(m, d.rules, d.server, l);
          expect(browser.phone).toBe(eight ? undefined : d.rules.phone);
          if (phone.length <= maxLength.phone) expect(server.ok ? undefined : server.errors.phone).toBe(browser.phone);
          // What the practice reads: the Danish way of writing the same digits, and a number to dial.
          if (eight)
            expect(formatPhone(typed)).toEqual({ text: value.replace(/(\d\d)(?=\d)/g, '$1 '), tel: `+45${value}` });
        },
      ),
      fuzzParams(500),
    );
  },
  timeout,
);
