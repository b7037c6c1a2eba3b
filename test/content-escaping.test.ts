import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';
import request from 'supertest';
import { colors } from '../content/colors';
import { bookingMail } from '../content/bookingMail';
import { herCalendar } from '../content/herCalendar';
import { practice } from '../content/practice';
import { practiceMail } from '../content/practiceMail';
import { visitorMails } from '../content/visitorMails';
import { colorTokensCss } from '../scripts/colorTokens';
import { answerLinks } from '../server/booking/decision/links';
import { composeBookingMail } from '../server/mail/bookingMail';
import { loadMailKey } from '../server/mail/key';
import { protectedMail, type Mail } from '../server/mail/message';
import { confirmedMail } from '../server/mail/visitorMail';
import { makeApp, testConfig } from './support/app';
import { answerRequestAt, bookingApp, bookingConfig } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { SUBSCRIPTION_TOKEN } from './support/herCalendar';
import { HOSTILE } from './support/hostileContent';
import { makeOpenpgpKey } from './support/keys';
import { MINUTE_MS } from '../views/days';

// No content value reaches a header, an iCalendar line, a text file or JSON unescaped (issue 51):
// with every content file the owner edits made hostile in this file's module registry (a quote of
// each kind, a line break, iCalendar's separators and tags: test/support/hostileContent.ts), each
// place that writes content outside React writes it for its context, and the result still parses
// as its format, with the very value in it. The places that are HTML (the unavailable page, the
// pages' head, the error page, the mails' HTML, the share pictures, the booking error summary) are
// loaded in Chromium: test/e2e/hostile-content.test.ts (the unavailable page, the error summary)
// and hostile-content.slow.test.ts (the rest).

jest.mock('../content/facts/practice.json', () =>
  jest.requireActual<typeof import('./support/hostileContent')>('./support/hostileContent').hostileFacts(),
);
jest.mock('../content/da/visitorMail.json', () =>
  jest
    .requireActual<typeof import('./support/hostileContent')>('./support/hostileContent')
    .hostile(jest.requireActual('../content/da/visitorMail.json')),
);
jest.mock('../content/da/prices.json', () =>
  jest
    .requireActual<typeof import('./support/hostileContent')>('./support/hostileContent')
    .hostile(jest.requireActual('../content/da/prices.json')),
);
jest.mock('../content/bookingMail', () =>
  jest
    .requireActual<typeof import('./support/hostileContent')>('./support/hostileContent')
    .hostile(jest.requireActual('../content/bookingMail')),
);
jest.mock('../content/herCalendar', () =>
  jest
    .requireActual<typeof import('./support/hostileContent')>('./support/hostileContent')
    .hostile(jest.requireActual('../content/herCalendar')),
);
jest.mock('../content/practiceMail', () =>
  jest
    .requireActual<typeof import('./support/hostileContent')>('./support/hostileContent')
    .hostile(jest.requireActual('../content/practiceMail')),
);

const START = new Date('2027-01-14T09:00:00Z');
const NOW = new Date('2027-01-04T09:00:00Z');
/** What one line of content becomes in a header: the same characters, control characters as spaces. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

test('the content is hostile here (else this file tests nothing)', () => {
  expect(practice.name).toContain(HOSTILE);
  expect(practice.phoneE164).toContain('\r\n');
  expect(visitorMails.da.confirmedSubject).toContain('<script>');
  expect(bookingMail.subject).toContain(HOSTILE);
});

/** A mail as it leaves (nodemailer), read back by mailparser, and its header section as written. */
async function sent(mail: Mail) {
  const raw = await new MailComposer(mail).compile().build();
  // The message's own headers: up to the first empty line (a text part may say anything).
  return { head: raw.toString('latin1').split('\r\n\r\n')[0] ?? '', parsed: await simpleParser(raw) };
}

/** A calendar file read back by ical.js: its one event, and every property and component name in it. */
function calendarOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const names = (c: ICAL.Component): string[] => [
    c.name,
    ...c.getAllProperties().map((p) => p.name),
    ...c.getAllSubcomponents().flatMap(names),
  ];
  expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
  return { calendar, event: calendar.getFirstSubcomponent('vevent') as ICAL.Component, names: names(calendar) };
}

test("the practitioner's request mail: Subject one line with the content's characters, nothing added to the headers; booking.ics parses (ical.js), PRODID and LOCATION the content's text", async () => {
  const config = bookingConfig('smtp://127.0.0.1:1');
  const booking = config.booking;
  if (!booking) throw new Error('booking is off');
  const r = {
    service: 'individuel' as const,
    format: 'clinic' as const,
    start: START,
    end: new Date(START.getTime() + 50 * MINUTE_MS),
    name: 'Karen Blixen',
    email: 'karen@example.com',
    phone: '12345678',
    message: '',
    lang: 'da' as const,
  };
  const links = await answerLinks({ ...config, booking }, { ...r, hold: 'h', visitor: 'v' }, START);
  const mail = composeBookingMail(config, r, NOW, START, links);
  const { head, parsed } = await sent(mail);
  expect(parsed.subject).toContain(oneLine(HOSTILE));
  expect(parsed.subject).not.toMatch(/[\r\n]/);
  expect(parsed.headers.has('x-evil')).toBe(false);
  expect(head).not.toMatch(/^X-Evil/im);
  const ics = String(parsed.attachments[0]?.content);
  const { calendar, event, names } = calendarOf(ics);
  expect(names).not.toContain('x-evil');
  expect(calendar.getFirstPropertyValue('prodid')).toBe(`-//${practice.name.replace(/\r\n/g, '\n')}//Booking//DA`);
  const { street, postalCode, city } = practice.address;
  expect(event.getFirstPropertyValue('location')).toBe(`${street}, ${postalCode} ${city}`.replace(/\r\n/g, '\n'));
});

test("the client's confirmation: From the practitioner's name on one line, Subject the content's text on one line, nothing added to the headers; its .ics parses, PRODID, SUMMARY and LOCATION the content's text", async () => {
  const config = { ...bookingConfig('smtp://127.0.0.1:1'), videoUrl: null };
  const mail = await confirmedMail(config, answerRequestAt(START), NOW, { uid: 'id', sequence: 0, manage: null });
  const { head, parsed } = await sent(mail);
  expect(parsed.from?.value).toEqual([{ name: oneLine(practice.practitioner), address: 'web@example.dk' }]);
  expect(parsed.subject).toContain(oneLine(HOSTILE));
  expect(parsed.subject).not.toMatch(/[\r\n]/);
  expect(parsed.headers.has('x-evil')).toBe(false);
  expect(head).not.toMatch(/^X-Evil/im);
  const { calendar, event, names } = calendarOf(String(parsed.attachments[0]?.content));
  expect(names).not.toContain('x-evil');
  expect(calendar.getFirstPropertyValue('prodid')).toBe(`-//${practice.name.replace(/\r\n/g, '\n')}//Booking//DA`);
  expect(event.getFirstPropertyValue('summary')).toContain(HOSTILE.replace(/\r\n/g, '\n'));
  expect(event.getFirstPropertyValue('location')).toContain(practice.address.street.replace(/\r\n/g, '\n'));
  expect(event.getFirstSubcomponent('valarm')?.getFirstPropertyValue('description')).toContain(
    HOSTILE.replace(/\r\n/g, '\n'),
  );
});

test("the neutral outer subject of an encrypted mail: content's text on one line, nothing added to the outer headers", async () => {
  const { publicKey } = await makeOpenpgpKey();
  const config = testConfig({
    MAIL_TO: 'praksis@example.dk',
    MAIL_FROM: 'web@example.dk',
    MAIL_OPENPGP_KEY: publicKey,
  });
  const key = await loadMailKey(config, NOW);
  const mail = {
    from: 'web@example.dk',
    to: 'praksis@example.dk',
    replyTo: 'karen@example.com',
    subject: 'x',
    text: '',
    html: '',
    date: NOW,
  };
  const out = await protectedMail(mail, key, NOW);
  if (!('raw' in out)) throw new Error('not encrypted');
  const parsed = await simpleParser(out.raw);
  expect(parsed.subject).toBe(oneLine(practiceMail.neutralSubject));
  expect(parsed.headers.has('x-evil')).toBe(false);
});

describe('what the server answers besides pages', () => {
  // Without MAIL_TO and MAIL_FROM the server would refuse to start: they default to the practice's address.
  const { app } = makeApp({ env: { MAIL_TO: 'praksis@example.dk', MAIL_FROM: 'web@example.dk' } });

  test("security.txt: the practice's address percent-encoded in one Contact line, no field added", async () => {
    const res = await request(app).get('/.well-known/security.txt').expect(200);
    const lines = res.text.trimEnd().split('\n');
    expect(lines.map((l) => l.split(':')[0])).toEqual(['Contact', 'Expires', 'Preferred-Languages', 'Canonical']);
    const address = decodeURIComponent((lines[0] ?? '').replace(/^Contact: mailto:/, ''));
    expect(address).toBe(practice.email);
  });

  test("her calendar's subscription (iCalendar): its name (NAME, X-WR-CALNAME) the content's text, no line added", async () => {
    const { app } = bookingApp({
      smtpUrl: 'smtp://127.0.0.1:1',
      calendar: fakeCalendar([]),
      env: { CALENDAR_SUBSCRIPTION_TOKEN: SUBSCRIPTION_TOKEN, CALENDAR_PROVIDER: 'Google' },
    });
    const res = await request(app).get(`/kalender/${SUBSCRIPTION_TOKEN}.ics`).expect(200);
    const calendar = new ICAL.Component(ICAL.parse(res.text));
    expect(calendar.getAllProperties().map((p) => p.name)).not.toContain('x-evil');
    // ical.js reads these properties without unescaping them (it knows no type for them): undone here as RFC 5545 says.
    const unescaped = (v: unknown) =>
      String(v).replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    expect(unescaped(calendar.getFirstPropertyValue('x-wr-calname'))).toBe(
      herCalendar.subscriptionName.replace(/\r\n/g, '\n'),
    );
    expect(herCalendar.subscriptionName).toContain(HOSTILE);
  });

  test("the web app manifest: JSON with the practice's name as it is", async () => {
    const res = await request(app).get('/manifest.webmanifest').expect(200);
    expect(JSON.parse(res.text).short_name).toBe(practice.name);
  });

  test("the pages' JSON-LD: no '<' in the script, so no </script> ends it; JSON with the practice's facts as they are", async () => {
    const res = await request(app).get('/').expect(200);
    const scripts = [...res.text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const json = scripts[0]?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toMatchObject({
      name: practice.name,
      telephone: practice.phoneE164,
      email: practice.email,
    });
  });
});

test("a colour that is not one (`;}` or `</style>` in content/colors.ts) stops the build's stylesheet, the unavailable page and the share pictures, naming it", () => {
  const hostilePalette = { ...colors.light, bg: `#ffffff;}</style><script>alert(1)</script>` } as typeof colors.light;
  expect(() => colorTokensCss({ light: hostilePalette, dark: colors.dark })).toThrow(
    /^content\/colors\.ts: light\.bg must be a colour, #rrggbb or rgb\(r g b \/ a\), not "#ffffff;}<\/style>/,
  );
  expect(colorTokensCss(colors)).toContain('--bg: #fbf8f4;');
  jest.isolateModules(() => {
    jest.doMock('../content/colors', () => ({
      ...jest.requireActual('../content/colors'),
      colors: { light: { ...colors.light, primary: '#fff"/><script>alert(1)</script>' }, dark: colors.dark },
    }));
    expect(() => require('../server/http/unavailablePage').unavailablePage()).toThrow(
      'content/colors.ts: light.primary must be a colour',
    );
    expect(() => require('../scripts/shareImages/cards')).toThrow('content/colors.ts: light.primary must be a colour');
    expect(() => require('../server/mail/html')).toThrow('content/colors.ts: light.primary must be a colour');
  });
});
