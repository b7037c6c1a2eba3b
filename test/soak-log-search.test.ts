import { visitorDataInLog } from '../scripts/soak/logSearch';
import type { Sent } from '../scripts/soak/visitors';

// The soak's privacy check: every detail a visitor sent is found wherever the log holds it, in
// one pass, and a number that merely contains a phone number's digits is no hit.

const visitors: Sent[] = Array.from({ length: 2_000 }, (_, n) => ({
  token: `soakab12cdn${n}i0z`,
  name: `Soak Besøger ${n
    .toString(16)
    .padStart(8, '0')
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`,
  email: `v${n}.ab12cd@example.com`,
  phone: String(20_000_000 + n * 7919).replace(/(\d\d)(?=\d)/g, '$1 '),
  ip: `10.0.${(n >> 8) & 255}.${n & 255}`,
}));

const line = (msg: string) => JSON.stringify({ level: 30, time: 1795405489033, pid: 41, msg });
const cleanLog = Array.from({ length: 5_000 }, (_, i) => line(`GET /priser 200 ${i % 40}ms`)).join('\n');

test('a clean log: every detail searched, none found', () => {
  expect(visitorDataInLog(cleanLog, visitors)).toEqual({ searched: 10_000, hits: [] });
});

test.each([
  ['a token', (v: Sent) => `contact message for ${v.token}`],
  ['a name', (v: Sent) => `from ${v.name}`],
  ['an email address', (v: Sent) => `reply to <${v.email}>`],
  ['an IP address', (v: Sent) => `client ${v.ip}, 127.0.0.1`],
  ['a phone number as typed', (v: Sent) => `tel ${v.phone}`],
  ['a phone number inside a longer spaced number', (v: Sent) => `tel 4${v.phone}`],
  ['a phone number as digits', (v: Sent) => `tel ${v.phone.replace(/ /g, '')}.`],
  ['a phone number with the country code', (v: Sent) => `tel:+45${v.phone.replace(/ /g, '')}`],
])('%s in the log is found, with the log around it', (_kind, leak) => {
  const v = visitors[1234]!;
  const log = `${cleanLog}\n${line(leak(v))}\n${cleanLog}`;
  const { hits } = visitorDataInLog(log, visitors);
  expect(hits).toHaveLength(1);
  expect(hits[0]).toContain(leak(v).replace(/"/g, '\\"'));
});

test("a phone number's digits inside a longer number (a timestamp) or an id (a request id's hex) are no hit", () => {
  const digits = visitors[7]!.phone.replace(/ /g, '');
  const log = [
    cleanLog,
    JSON.stringify({ level: 30, time: Number(`17${digits}123`), msg: 'GET / 200' }),
    JSON.stringify({ level: 30, req: { id: `3178d575-c0d0-4692-b11c-8a${digits}f9` }, msg: 'GET / 200' }),
  ].join('\n');
  expect(visitorDataInLog(log, visitors).hits).toEqual([]);
});
