import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import request from 'supertest';
import { bookingApp, offeredStarts, postJson, requestFor, visitor } from './booking';
import { fakeCalendar } from './fakeCalendar';
import { movableClock } from './clock';
import type { TestSmtp } from './smtp';

// What the tests of the client's own appointment share (server/booking/manage/): the app with a
// clock the test sets, a request made and confirmed by her links (the confirmation's manage link
// read back from the mail), the client's presses, and the event of a mail read with ical.js.

const BASE = 'http://localhost:3000';

/**
 * The sessions (Danish time) and free times near them: Tuesday 10 March 2026 at 14.00,
 * 10.00 and 12.00, and others in the weeks around, all in the booking's horizon from CLOCK.
 */
export const SESSIONS = {
  afternoon: '2026-03-10T14:00+01:00',
  morning: '2026-03-10T10:00+01:00',
  noon: '2026-03-10T12:00+01:00',
};
export const OTHER_TIMES = [
  '2026-03-11T09:00+01:00',
  '2026-03-12T10:00+01:00',
  '2026-03-12T13:00+01:00',
  ...Array.from({ length: 12 }, (_, i) => [
    `2026-03-${String(13 + i).padStart(2, '0')}T09:00+01:00`,
    `2026-03-${String(13 + i).padStart(2, '0')}T13:00+01:00`,
  ]).flat(),
];
/** Monday 2 March 2026, 09.00 Danish time: a week before. */
export const CLOCK = '2026-03-02T08:00:00Z';

/**
 * The process's clock (Date, and only Date: test/support/clock.ts) set by each test, starting at
 * CLOCK: the sessions of the issue lie in March and October 2026, and what keeps time in memory
 * (the used links' marks, the pending claims) reads Date as the app does. Call at a file's top level.
 */
export function useManageClock() {
  beforeEach(() => {
    movableClock();
    jest.setSystemTime(new Date(CLOCK));
  });
  afterEach(() => jest.useRealTimers());
}

/** The app with booking on, its calendar offering SESSIONS and OTHER_TIMES (or `starts`), on the process's clock (useManageClock). */
export function manageApp(
  smtp: TestSmtp,
  options: { clock?: string; env?: Record<string, string>; starts?: readonly string[] } = {},
) {
  if (options.clock) jest.setSystemTime(new Date(options.clock));
  const made = bookingApp({
    smtpUrl: smtp.url,
    calendar: fakeCalendar(options.starts ?? [...Object.values(SESSIONS), ...OTHER_TIMES]),
    ...(options.env ? { env: options.env } : {}),
  });
  return {
    ...made,
    now: () => new Date(),
    /** Sets the clock (an instant, or an ISO text); it runs on from there. */
    at: (when: Date | string) => jest.setSystemTime(new Date(when)),
  };
}

type ManageApp = ReturnType<typeof manageApp>;
type App = ManageApp['app'];

const tokenOf = (link: string) => new URL(link, BASE).searchParams.get('t') as string;

/** The practitioner's press on one of her links (a path with its query). */
export const pressAnswer = (
  app: App,
  link: string,
  answer: 'confirm' | 'decline',
  extra: Record<string, string> = {},
) =>
  request(app)
    .post('/booking/svar')
    .type('form')
    .set('Origin', BASE)
    .send({ t: tokenOf(link), answer, ...extra });

/** Her two links in a practice mail's text, as paths. */
export function answerLinksIn(text: string) {
  const confirm = /Bekræft tiden: (\S+)/.exec(text)?.[1] ?? '';
  const decline = /Afvis: (\S+)/.exec(text)?.[1] ?? '';
  return { confirm: confirm.slice(BASE.length), decline: decline.slice(BASE.length) };
}

/** The manage link in a client's mail's text, as a path with its query. */
export function manageLinkIn(text: string): string {
  const path = /https?:\/\/[^/\s]+(\/booking\/aftale\?t=[\w.-]+)/.exec(text)?.[1];
  if (!path) throw new Error(`no manage link in:\n${text}`);
  return path;
}

/** The last mail the SMTP server took, parsed; the server's list emptied. */
export async function lastMail(smtp: TestSmtp): Promise<ParsedMail> {
  const raw = smtp.received.at(-1)?.raw;
  if (!raw) throw new Error('no mail');
  smtp.received.length = 0;
  return simpleParser(raw);
}

/** A request for `start` (individual therapy), from the client, as the page's script sends it: her links. */
export async function requested(smtp: TestSmtp, app: App, start: string, extra: Record<string, unknown> = {}) {
  smtp.received.length = 0;
  const res = await postJson(app, requestFor('individuel', start, extra));
  if (res.status !== 200) throw new Error(`request ${res.status}: ${res.text}`);
  return answerLinksIn((await lastMail(smtp)).text ?? '');
}

/** Requested and confirmed: the client's confirmation, its manage link and its event. */
export async function confirmed(smtp: TestSmtp, app: App, start: string, extra: Record<string, unknown> = {}) {
  const links = await requested(smtp, app, start, extra);
  const res = await pressAnswer(app, links.confirm, 'confirm');
  if (res.status !== 200) throw new Error(`confirm ${res.status}`);
  const mail = await lastMail(smtp);
  return { links, mail, manage: manageLinkIn(mail.text ?? ''), event: eventOf(mail) };
}

/** The client's press on her page: cancel, notify, or move (with `start`), from the page itself. */
export const pressManage = (app: App, manage: string, act: string, extra: Record<string, string> = {}) =>
  request(app)
    .post('/booking/aftale/skift')
    .type('form')
    .set('Origin', BASE)
    .send({ t: tokenOf(manage), act, lang: 'da', ...extra });

/** The calendar event attached to a mail, read by ical.js: its method and its one event. */
export function eventOf(mail: ParsedMail) {
  const attachment = mail.attachments.find((a) => a.contentType === 'text/calendar');
  if (!attachment) throw new Error('no event attached');
  const calendar = new ICAL.Component(ICAL.parse(attachment.content.toString('utf8')));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
  return {
    method: calendar.getFirstPropertyValue('method'),
    event: new ICAL.Event(vevent),
    sequence: Number(vevent.getFirstPropertyValue('sequence') ?? 0),
    status: vevent.getFirstPropertyValue('status'),
  };
}

/** Whether the booking page offers `start` for individual therapy now (six weeks of its times). */
export async function offered(app: App, start: string): Promise<boolean> {
  const res = await request(app).get('/booking?service=individuel&format=clinic&weeks=6').expect(200);
  return offeredStarts(res.text).includes(start);
}

export { visitor };
