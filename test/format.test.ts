import { formatKr } from '../views/format';

test.each([
  [0, '0 kr.'],
  [950, '950 kr.'],
  [1200, '1.200 kr.'],
  [2400, '2.400 kr.'],
  [1234567, '1.234.567 kr.'],
])('%i is written %j, the same in Node and every browser', (n, text) => {
  expect(formatKr(n)).toBe(text);
});
