import {
  formatNumber,
  formatPhone,
  formatTime,
  latinDigits,
  list,
  localDigits,
  parts,
  phoneHours,
  withPhone,
} from '../views/format';
import { formatDate, formatPrice, formatYears } from '../views/formatPage';
import { shownPrice } from '../content/prices';
import type { PricesJson } from '../content/schema/facts';

// Written by hand, the same in Node and every browser (toLocaleString is not: ICU data differs).

test.each([
  [0, '0 kr.', 'DKK 0', '۰ کرون'],
  [950, '950 kr.', 'DKK 950', '۹۵۰ کرون'],
  [1200, '1.200 kr.', 'DKK 1,200', '۱٬۲۰۰ کرون'],
  [2400, '2.400 kr.', 'DKK 2,400', '۲٬۴۰۰ کرون'],
  [1234567, '1.234.567 kr.', 'DKK 1,234,567', '۱٬۲۳۴٬۵۶۷ کرون'],
])('%i kroner: %j in Danish, %j in English, %j in Persian', (n, da, en, fa) => {
  expect(formatPrice(n, 'da')).toBe(da);
  expect(formatPrice(n, 'en')).toBe(en);
  expect(formatPrice(n, 'fa')).toBe(fa);
});

test('no page says NaN: an amount or length typed as text into prices.json (npm run dev reads it unchecked) is none, so the price shows its note', () => {
  const typed = { amount: '1.200,-', minutes: '50 min.', upTo: true } as unknown as PricesJson['par'];
  expect(shownPrice('par', typed)).toEqual({ id: 'par', amount: null, upTo: true });
  expect(shownPrice('par', { amount: 2400, minutes: 75 })).toEqual({ id: 'par', amount: 2400, minutes: 75 });
  expect([formatPrice(Number.NaN, 'da'), formatPrice(Number('1.200,-'), 'fa')]).toEqual(['', '']);
});

test('numbers: Danish and English separators, Persian digits and separator', () => {
  expect(formatNumber(10000, 'da')).toBe('10.000');
  expect(formatNumber(10000, 'en')).toBe('10,000');
  expect(formatNumber(10000, 'fa')).toBe('۱۰٬۰۰۰');
  expect(localDigits('kl. 11:00-14:00', 'fa')).toBe('kl. ۱۱:۰۰-۱۴:۰۰');
  expect(localDigits('11:00', 'en')).toBe('11:00');
});

test('the privacy policy date in each language', () => {
  const months = (names: string) => names.split(' ');
  expect(
    formatDate(
      '2025-08-12',
      'da',
      months('januar februar marts april maj juni juli august september oktober november december'),
    ),
  ).toBe('12. august 2025');
  expect(
    formatDate(
      '2025-08-12',
      'en',
      months('January February March April May June July August September October November December'),
    ),
  ).toBe('12 August 2025');
  expect(
    formatDate('2025-08-12', 'fa', months('ژانویه فوریه مارس آوریل مه ژوئن ژوئیه اوت سپتامبر اکتبر نوامبر دسامبر')),
  ).toBe('۱۲ اوت ۲۰۲۵');
});

test('periods of years: to this day, and single years', () => {
  expect(formatYears({ from: 2019, to: null }, 'da', 'nu')).toBe('2019–nu');
  expect(formatYears({ from: 2009, to: 2014 }, 'en', 'present')).toBe('2009–2014');
  expect(formatYears({ from: 2017 }, 'fa', 'اکنون')).toBe('۲۰۱۷');
});

test('a phone number in Persian text is isolated left to right (its digit groups keep their order); elsewhere untouched', () => {
  expect(withPhone('ring på {phone}.', 'da')).toBe('ring på 12\u00a034\u00a056\u00a078.');
  expect(withPhone('call {phone}.', 'en')).toBe('call 12\u00a034\u00a056\u00a078.');
  expect(withPhone('با {phone} تماس بگیرید', 'fa')).toBe('با \u206612\u00a034\u00a056\u00a078\u2069 تماس بگیرید');
});

test('digits from a Persian, Arabic or full-width keyboard read as 0-9; nothing else changes', () => {
  expect(latinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  expect(latinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
  expect(latinDigits('０１２３４５６７８９')).toBe('0123456789');
  expect(latinDigits('tlf. +45 (۱۲) ٣٤-56')).toBe('tlf. +45 (12) 34-56');
  // Neighbours of the digit blocks are no digits: Persian letters, the Arabic thousands sign, full-width letters.
  expect(latinDigits('۱۲ ی ٬ ٪ ／ Ａ')).toBe('12 ی ٬ ٪ ／ Ａ');
});

test.each([
  ['12345678', '12 34 56 78', '+4512345678'],
  ['۱۲۳۴۵۶۷۸', '12 34 56 78', '+4512345678'],
  ['١٢ ٣٤ ٥٦ ٧٨', '12 34 56 78', '+4512345678'],
  ['１２-３４-５６-７８', '12 34 56 78', '+4512345678'],
  ['+۴۵ ۱۲۳۴۵۶۷۸', '+45 12 34 56 78', '+4512345678'],
  ['+46 ۷۰ ۱۲۳ ۴۵ ۶۷', '+46 70 123 45 67', '+46701234567'],
])('the practice reads the typed %j as %j (dialling %s)', (typed, text, tel) => {
  expect(formatPhone(typed)).toEqual({ text, tel });
});

test('lists end with the language\'s "and"; the parts of a label are only separated', () => {
  expect(list(['dansk', 'engelsk', 'persisk'], 'da')).toBe('dansk, engelsk og persisk');
  expect(list(['Danish', 'English', 'Persian'], 'en')).toBe('Danish, English and Persian');
  expect(list(['دانمارکی', 'انگلیسی', 'فارسی'], 'fa')).toBe('دانمارکی، انگلیسی و فارسی');
  expect(list(['dansk', 'engelsk'], 'da')).toBe('dansk og engelsk');
  expect(list(['dansk'], 'da')).toBe('dansk');
  expect(list([], 'en')).toBe('');
  expect(parts(['Sara Ahmadi', 'autoriseret psykolog'], 'da')).toBe('Sara Ahmadi, autoriseret psykolog');
  expect(parts(['سارا', 'روان‌شناس'], 'fa')).toBe('سارا، روان‌شناس');
});

test('times: Danish writes kl. 11.00; the phone hours read as each language writes them', () => {
  expect(formatTime('11:00', 'da')).toBe('11.00');
  expect(formatTime('14:30', 'en')).toBe('14:30');
  expect(formatTime('11:00', 'fa')).toBe('۱۱:۰۰');
  expect(phoneHours('Mandag–fredag kl. {opens}–{closes}', 'da')).toBe(
    'Mandag\u2060–\u2060fredag kl. 11.00\u2060–\u206014.00',
  );
  expect(phoneHours('ساعت {opens} تا {closes}', 'fa')).toBe('ساعت ۱۱:۰۰ تا ۱۴:۰۰');
});
