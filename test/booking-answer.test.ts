import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { simpleParser, type ParsedMail } from 'mailparser';
import request from 'supertest';
import { bookingRules } from '../content/booking';
import { practice } from '../content/practice';
import { answerDue } from '../server/booking/answerWindow';
import { loadMailKey, type MailKey } from '../server/mail/key';
import { sealRequest } from '../server/booking/decision/token';
import { withinShare } from '../server/booking/share';
import { bookingApp, postJson, requestFor, visitor } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { gpgDecrypt, makeOpenpgpKey, type OpenpgpPair } from './support/keys';
import { parseMail, useSmtp } from './support/smtp';
import { HOUR_MS, MINUTE_MS } from '../views/days';

// The practitioner's way: the request mail's two links ('Bekræft tiden', 'Afvis'), the page they
// open (which changes nothing, however often a scanner fetches it), and the button that sends the
// visitor exactly one mail in their language, keeps the time until the session or frees it at
// once. A real SMTP server on loopback; the mails read back by mailparser, the event by ical.js.

const BASE = 'http://localhost:3000';
/** A winter and a summer time (Danish time), far enough ahead of the test's clock and within the horizon (42 days). */
const WINTER = '2027-01-14T10:00+01:00';
const SUMMER = '2027-06-17T10:00+02:00';
/** The test's clocks: Tuesday 5 January 2027 at 20.00, and Tuesday 8 June 2027 at 19.00 for the summer time. */
const CLOCK = '2027-01-05T19:00:00Z';
const SUMMER_CLOCK = '2027-06-08T17:00:00Z';
/** Other free times: a few near them, and enough more that a few holds stay within the unconfirmed share. */
const OTHERS = [
  '2027-01-14T13:00+01:00',
  '2027-01-15T09:00+01:00',
  '2027-06-17T13:00+02:00',
  '2027-06-18T09:00+02:00',
  ...Array.from({ length: 10 }, (_, i) => [
    `2027-01-${18 + i}T09:00+01:00`,
    `2027-01-${18 + i}T13:00+01:00`,
    `2027-06-${21 + i}T09:00+02:00`,
    `2027-06-${21 + i}T13:00+02:00`,
  ]).flat(),
];
/** Words a discreet subject or event title never has, in the three languages. */
const INDISCREET = /psyk|terap|therap|counsel|روان|درمان|مشاوره|Aalborg/i;

const smtp = useSmtp();

/** Hours from `at` until the practitioner's answer is due (answerWindow.ts): when a request's hold and its links lapse. */
const hoursUntilDue = (at: Date) => (answerDue(bookingRules, at).getTime() - at.getTime()) / HOUR_MS;

/** The app, with a clock the test moves (it starts at CLOCK, or `clock`). */
function answerApp(options: { key?: MailKey; env?: Record<string, string>; clock?: string; starts?: string[] } = {}) {
  let clock = new Date(options.clock ?? CLOCK);
  const made = bookingApp({
    smtpUrl: smtp.url,
    calendar: fakeCalendar(options.starts ?? [WINTER, SUMMER, ...OTHERS]),
    now: () => clock,
    ...options,
  });
  return {
    ...made,
    advance: (hours: number) => {
      clock = new Date(clock.getTime() + hours * HOUR_MS);
    },
    now: () => clock,
  };
}

type App = ReturnType<typeof answerApp>['app'];

/** The two links of a request mail's text, as paths with their query. */
function linksIn(text: string) {
  const confirm = /Bekræft tiden: (\S+)/.exec(text)?.[1];
  const decline = /Afvis: (\S+)/.exec(text)?.[1];
  expect(confirm?.startsWith(`${BASE}/booking/bekraeft?t=`)).toBe(true);
  expect(decline?.startsWith(`${BASE}/booking/afvis?t=`)).toBe(true);
  return { confirm: confirm!.slice(BASE.length), decline: decline!.slice(BASE.length) };
}

/** A request for `start` as the page's script sends it; its mail's links. */
async function requested(app: App, start: string, extra: Record<string, unknown> = {}) {
  const before = smtp.received.length;
  await postJson(app, requestFor('par', start, extra)).expect(200);
  expect(smtp.received).toHaveLength(before + 1);
  // No open relay: what a visitor sends goes to the practice only, never to the address they typed.
  expect(smtp.received.at(-1)!.to).toEqual(['praksis@example.dk']);
  const mail = await simpleParser(smtp.received.at(-1)!.raw);
  const links = linksIn(mail.text ?? '');
  // The HTML part has the same two links as buttons.
  expect(mail.html).toContain(`href="${BASE}${links.confirm}"`);
  expect(mail.html).toContain(`>Bekræft tiden</a>`);
  expect(mail.html).toContain(`href="${BASE}${links.decline}"`);
  expect(mail.html).toContain(`>Afvis</a>`);
  smtp.received.length = 0;
  return links;
}

const tokenOf = (link: string) => new URL(link, BASE).searchParams.get('t') as string;
const pathOf = (link: string) => new URL(link, BASE).pathname;

/** The button's post, from the page itself: the link's request and which answer. */
const press = (app: App, link: string, extra: Record<string, string> = {}) =>
  request(app)
    .post('/booking/svar')
    .type('form')
    .set('Origin', BASE)
    .send({ t: tokenOf(link), answer: pathOf(link) === '/booking/afvis' ? 'decline' : 'confirm', ...extra });

/** Whether the time can be requested (by another visitor) right now. */
async function offered(app: App, start: string): Promise<boolean> {
  const res = await postJson(app, requestFor('par', start, { name: 'Anden', email: 'anden@example.com' }));
  smtp.received.length = 0;
  return res.status === 200;
}

function eventOf(mail: ParsedMail, file: string) {
  const attachment = mail.attachments.find((a) => a.filename === file);
  expect(attachment?.contentType).toBe('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(attachment!.content.toString('utf8')));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
}

describe('opening a link changes nothing', () => {
  test('each link fetched three times, as a mail scanner would: the page shows the request, no mail, the time still held', async () => {
    const { app, holds, now } = answerApp();
    const links = await requested(app, WINTER, { lang: 'en' });
    const held = await holds.list(now());
    for (const link of [links.confirm, links.decline])
      for (let i = 0; i < 3; i++) {
        const res = await request(app).get(link).expect(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-robots-tag']).toMatch(/noindex/);
        expect(res.text).toContain('<meta name="robots" content="noindex, nofollow">');
        expect(res.text).toContain('<html lang="da">');
        expect(res.text).toContain('Parterapi');
        expect(res.text).toContain('torsdag den 14. januar 2027 kl. 10.00–11.15 (dansk tid)');
        expect(res.text).toContain('I klinikken i Aalborg');
        expect(res.text).toContain(visitor.name);
        expect(res.text).toContain('<dd>engelsk</dd>');
        expect(res.text).toMatch(/<form[^>]* action="\/booking\/svar" method="post">/);
        // No script but the message box's own, from this site, where she writes (the decline).
        expect(res.text.match(/<script[^>]*>/g) ?? []).toEqual(
          link === links.decline ? ['<script src="/booking/besked.js" defer="">'] : [],
        );
      }
    const script = await request(app).get('/booking/besked.js').expect(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.text).toMatch(/^\(function keepNumbersInOrder\(\)/);
    expect(smtp.received).toHaveLength(0);
    expect(await holds.list(now())).toEqual(held);
    expect(held).toHaveLength(1);
  });
});

describe('confirm', () => {
  test.each([
    ['da', WINTER, /^Din aftale torsdag 14\. januar kl\. 10\.00$/],
    ['en', SUMMER, /^Your appointment on Thursday, 17 June 2027 at 10:00$/],
    ['fa', WINTER, /^وقت شما: پنج‌شنبه ۱۴ ژانویه، ساعت ۱۰:۰۰$/],
  ] as const)(
    '%s: exactly one discreet mail in the language, with the session as an event at the Danish time (%s)',
    async (lang, start, subject) => {
      const { app } = answerApp({ clock: start === SUMMER ? SUMMER_CLOCK : CLOCK });
      const links = await requested(app, start, { lang });
      const res = await press(app, links.confirm).expect(200);
      expect(res.text).toContain('Tiden er bekræftet');
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([visitor.email]);
      expect(smtp.sessions().at(-1)?.mailFromOver).toMatch(/^TLSv1\.[23]$/);
      const mail = await simpleParser(smtp.received[0]!.raw);
      expect(mail.subject).toMatch(subject);
      expect(mail.subject).not.toMatch(INDISCREET);
      // From the practitioner by name: the first line of an inbox row says nothing of psychology.
      expect(mail.from?.value).toEqual([{ name: practice.practitioner, address: 'web@example.dk' }]);
      expect(mail.from?.text).not.toMatch(INDISCREET);
      expect(mail.replyTo?.value[0]?.address).toBe('praksis@example.dk');
      const text = mail.text ?? '';
      // The preview: the first 200 characters lead with the time and place, nothing of what the session is.
      expect(text.slice(0, 200)).not.toMatch(INDISCREET);
      expect(text.slice(0, 200)).not.toContain({ da: 'Parterapi', en: 'Couple', fa: 'زوج' }[lang]);
      expect(text.split('\n')[0]).toBe(
        {
          da: 'Din tid torsdag 14. januar kl. 10.00 er bekræftet.',
          en: 'Your appointment on Thursday, 17 June 2027 at 10:00 is confirmed.',
          fa: 'وقت شما برای پنج‌شنبه ۱۴ ژانویه، ساعت ۱۰:۰۰ تأیید شد.',
        }[lang],
      );
      // The HTML's hidden preview line is the same.
      expect(mail.html).toContain(
        `display:none;max-height:0;overflow:hidden;mso-hide:all">${text.split('\n')[0]}</div>`,
      );
      // By first name.
      expect(text).toContain({ da: 'Kære Karen\n', en: 'Dear Karen,\n', fa: 'سلام Karen عزیز،\n' }[lang]);
      expect(text).not.toContain('Blixen');
      // Where, and how to find it; the price and length; the cancellation rule with its deadline.
      expect(text).toContain(lang === 'fa' ? 'Boulevarden 12، طبقه‌ی دوم' : 'Boulevarden 12');
      expect(text).toContain(`${BASE}${lang === 'da' ? '/kontakt' : `/${lang}/contact`}`);
      expect(text).toMatch({ da: /2\.400 kr\., 75 min\./, en: /DKK 2,400, 75 min/, fa: /۲٬۴۰۰ کرون/ }[lang]);
      // 10.00: the 24 hours before come first, as the price page says; her manage link is the way beside sms and phone.
      const deadline = {
        da: 'gratis senest onsdag den 13. januar 2027 kl. 10.00 (dansk tid) med linket herunder, eller på sms eller telefon',
        en: 'free of charge no later than Wednesday, 16 June 2027 at 10:00 (Danish time) with the link below, or by text or phone',
        fa: 'حداکثر تا چهارشنبه ۱۳ ژانویهٔ ۲۰۲۷، ساعت ۱۰:۰۰ (به وقت دانمارک) با لینک زیر، یا با پیامک یا تلفن',
      }[lang];
      expect(text).toContain(deadline);
      // Every mail invites a reply (Reply-To): questions welcome, a cancellation the ways the deadline says.
      expect(text).toContain(
        {
          da: 'Skriv gerne, hvis du har spørgsmål. Et afbud skal dog komme som beskrevet ovenfor',
          en: 'You’re welcome to reply with any questions. A cancellation, though, should come as described above',
          fa: 'اگر سؤالی دارید، خوشحال می‌شوم به همین ایمیل پاسخ دهید. اما لغو جلسه را لطفاً همان‌طور که در بالا آمده',
        }[lang],
      );
      // One word for the fee, as the booking page's summary says it.
      if (lang === 'da') expect(text).toContain('betaler du den fulde pris for samtalen');
      // The fee line, and the whole rule a link away; no other paragraph of the price page's rule.
      expect(text).toMatch(/(#cancellation-section)/);
      // Dialable from abroad in English and Persian, never broken across lines, isolated in Persian.
      const phone = {
        da: '12\u00a034\u00a056\u00a078',
        en: '+45\u00a012\u00a034\u00a056\u00a078',
        fa: '\u2066+45\u00a012\u00a034\u00a056\u00a078\u2069',
      }[lang];
      expect(text).toContain(phone);
      if (lang === 'da') expect(text).not.toContain('+45');
      // In the HTML the isolate is an element's dir, which every mail program that shows HTML reads.
      if (lang === 'fa') expect(mail.html).toContain('<span dir="ltr">+45\u00a012\u00a034\u00a056\u00a078</span>');
      expect(mail.html).not.toMatch(/[\u2066-\u2069]/);
      expect(mail.html).toContain(`dir="${lang === 'fa' ? 'rtl' : 'ltr'}"`);
      expect(mail.html).toContain(`lang="${lang}"`);

      const event = eventOf(mail, lang === 'da' ? 'aftale.ics' : 'appointment.ics');
      const local = DateTime.fromISO(start, { zone: 'Europe/Copenhagen' });
      expect(event.startDate.zone.tzid).toBe('Europe/Copenhagen');
      expect(event.startDate.toUnixTime()).toBe(local.toSeconds());
      expect([event.startDate.hour, event.startDate.minute]).toEqual([10, 0]);
      expect(event.endDate.toUnixTime()).toBe(local.plus({ minutes: 75 }).toSeconds());
      expect(event.summary).not.toMatch(INDISCREET);
      // Whom it is with, not what it is.
      expect(event.summary).toBe(
        { da: 'Aftale – Sara Ahmadi', en: 'Appointment – Sara Ahmadi', fa: 'وقت ملاقات – سارا احمدی' }[lang],
      );
      // The floor too: a client at the door needs it. Plain, as a maps search reads it: the
      // isolates that keep it in order in rendered Persian text are no part of the data.
      expect(event.location).toBe(
        {
          da: 'Boulevarden 12, 2. sal, 9000 Aalborg',
          en: 'Boulevarden 12, 2nd floor, 9000 Aalborg',
          fa: 'Boulevarden 12، طبقه‌ی دوم، 9000 Aalborg',
        }[lang],
      );
      expect(event.location).not.toMatch(/[\u2066-\u2069\u200e\u200f\u00a0]/);
      // The free deadline first, as the alarm says it when it rings; then the phone.
      const lastFree = {
        da: 'Sidste frist for gratis afbud: onsdag den 13. januar 2027 kl. 10.00 (dansk tid).',
        en: 'Last time to cancel free of charge: Wednesday, 16 June 2027 at 10:00 (Danish time).',
        fa: 'آخرین مهلت لغو رایگان: چهارشنبه ۱۳ ژانویهٔ ۲۰۲۷، ساعت ۱۰:۰۰ (به وقت دانمارک).',
      }[lang];
      expect(event.description.split('\n')[0]).toBe(lastFree);
      expect(event.description).toContain(phone);
      // A reminder while there is still time to cancel: at the deadline, naming it, with the discreet title.
      const alarm = event.component.getFirstSubcomponent('valarm');
      expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
      expect(alarm?.getFirstPropertyValue('description')).toBe(`${lastFree}\n${event.summary}`);
      // Relative to the start (no floating time a calendar would read in its own zone), exact
      // (hours, not calendar days), read as RFC 5545 says: the start in UTC, less the duration.
      const trigger = alarm?.getFirstProperty('trigger');
      expect(trigger?.type).toBe('duration');
      const ringsAt = event.startDate.convertToZone(ICAL.Timezone.utcTimezone);
      ringsAt.addDuration(trigger?.getFirstValue() as ICAL.Duration);
      expect(DateTime.fromSeconds(ringsAt.toUnixTime(), { zone: 'Europe/Copenhagen' }).toISO()).toBe(
        local.minus({ hours: 24 }).toISO(),
      );
      // Google's and Outlook's web calendars: the discreet title, the time and the place, nothing else.
      const google = new URL(/(https:\/\/calendar\.google\.com\S+)/.exec(text)![1]!);
      expect(google.origin).toBe('https://calendar.google.com');
      expect([...google.searchParams.keys()].sort()).toEqual(['action', 'dates', 'location', 'text']);
      expect(google.searchParams.get('text')).toBe(event.summary);
      expect(google.searchParams.get('dates')).toBe(
        `${local.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")}/${local.plus({ minutes: 75 }).toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")}`,
      );
      const outlook = new URL(/(https:\/\/outlook\.live\.com\S+)/.exec(text)![1]!);
      expect(outlook.host).toBe('outlook.live.com');
      expect(outlook.searchParams.get('subject')).toBe(event.summary);
      expect(new Date(outlook.searchParams.get('startdt')!).getTime()).toBe(local.toMillis());
      for (const link of [google, outlook]) {
        expect(link.searchParams.get('location')).toContain('Boulevarden 12');
        expect(link.searchParams.get(link === google ? 'text' : 'subject')).not.toMatch(INDISCREET);
        expect(link.href).not.toContain('Karen');
        expect(link.href).not.toContain('karen');
      }
      expect(mail.html).toContain(`href="${google.href.replace(/&/g, '&amp;')}"`);
      expect(event.organizer).toBeNull();
      expect(event.attendees).toEqual([]);
    },
  );

  test('online without a video room: the mail says when the link comes, the phone has +45, and the page reminds her', async () => {
    const { app } = answerApp();
    const links = await requested(app, WINTER, { format: 'online' });
    const page = await request(app).get(links.confirm).expect(200);
    expect(page.text).toContain('Husk: e-mailen lover klienten linket til videosamtalen senest dagen før.');
    expect(page.text).not.toContain('adressen');
    const done = await press(app, links.confirm).expect(200);
    expect(done.text).toContain(`Send klienten linket til videosamtalen senest dagen før: ${visitor.email}`);
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.text).toContain('Jeg sender dig linket til videosamtalen senest dagen før.');
    expect(mail.text).toContain('+45\u00a012\u00a034\u00a056\u00a078');
    expect(mail.text).not.toContain('Boulevarden');
    const event = eventOf(mail, 'aftale.ics');
    expect(event.location).toBe('Online (video)');
    expect(event.description).toContain('senest dagen før');
  });

  test('online with BOOKING_VIDEO_URL: the confirmation and its event carry the room (URL and LOCATION) and how to join', async () => {
    const room = 'https://meet.example.com/sara-ahmadi';
    const { app } = answerApp({ env: { BOOKING_VIDEO_URL: room } });
    const links = await requested(app, WINTER, { format: 'online', lang: 'en' });
    expect((await request(app).get(links.confirm).expect(200)).text).toContain(room);
    await press(app, links.confirm).expect(200);
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.text).toContain(`Place: Online by video: ${room}`);
    expect(mail.text).toContain('Open the link on your computer or phone a few minutes before we meet.');
    expect(mail.html).toContain(`<a href="${room}">${room}</a>`);
    const event = eventOf(mail, 'appointment.ics');
    expect(event.location).toBe(room);
    expect(event.component.getFirstPropertyValue('url')).toBe(room);
    expect(
      new URL(/(https:\/\/calendar\.google\.com\S+)/.exec(mail.text ?? '')![1]!).searchParams.get('location'),
    ).toBe(room);
  });

  test('the confirmed time stays taken after the answer was due, until the session; an unanswered one is offered again', async () => {
    const { app, advance, now } = answerApp();
    const links = await requested(app, WINTER);
    await requested(app, OTHERS[1] as string);
    await press(app, links.confirm).expect(200);
    smtp.received.length = 0;
    advance(hoursUntilDue(now()) + 1);
    expect(await offered(app, WINTER)).toBe(false);
    // The one nobody answered lapsed as before (and is now held for 'Anden').
    expect(await offered(app, OTHERS[1] as string)).toBe(true);
  });

  test('confirmed times are hers: they do not count in the quarter unconfirmed requests may hold', () => {
    const calendar = fakeCalendar([WINTER, SUMMER, ...OTHERS]);
    const now = new Date('2026-11-25T19:00:00Z');
    // Every time of the calendar held: as requests far beyond the quarter, as confirmed sessions none of it.
    const all = [WINTER, SUMMER, ...OTHERS].map((s) => ({
      service: 'par' as const,
      start: new Date(s),
      end: new Date(Date.parse(s) + 75 * MINUTE_MS),
    }));
    expect(withinShare(calendar, all, now)).toBe(false);
    expect(
      withinShare(
        calendar,
        all.map((h) => ({ ...h, confirmed: true as const })),
        now,
      ),
    ).toBe(true);
  });

  test('a second press, or the other button after it, sends nothing and says it was already done', async () => {
    const { app, logs } = answerApp();
    const links = await requested(app, WINTER);
    await press(app, links.confirm).expect(200);
    expect(smtp.received).toHaveLength(1);
    const again = await press(app, links.confirm).expect(409);
    expect(again.text).toContain('Du har bekræftet tiden');
    // Whose request, which time.
    expect(again.text).toContain('<bdi>Karen Blixen</bdi> · torsdag 14. januar kl. 10.00');
    const other = await press(app, links.decline, { message: 'Hov' }).expect(409);
    expect(other.text).toContain('Du har bekræftet tiden');
    // Opening the link again says so too, and asks nothing but the release.
    const page = await request(app).get(links.decline).expect(200);
    expect(page.text).toContain('Du har bekræftet tiden');
    expect(page.text).not.toContain('name="answer" value="confirm"');
    expect(page.text).not.toContain('name="answer" value="decline"');
    expect(smtp.received).toHaveLength(1);
    // The log has the outcomes, never the link or anything it carries.
    expect(logs.lines.filter((l) => l.msg === 'booking answer').map((l) => l.outcome)).toEqual([
      'confirmed',
      'already',
      'already',
      'already',
    ]);
    for (const secret of [tokenOf(links.confirm).slice(0, 40), visitor.email, visitor.name])
      expect(logs.text()).not.toContain(secret);
  });
});

describe('decline', () => {
  test('with a message: one mail with her words, the nearest free times as links to /booking, the phone; the time is offered again at once', async () => {
    const { app } = answerApp();
    const links = await requested(app, WINTER, { lang: 'en' });
    expect(await offered(app, WINTER)).toBe(false);
    const message = 'Ring gerne, så finder vi en anden tid.\nVenlig hilsen';
    const res = await press(app, links.decline, { message }).expect(200);
    expect(res.text).toContain('Forespørgslen er afvist');
    expect(res.text).toContain('<bdi>Karen Blixen</bdi> · torsdag 14. januar kl. 10.00');
    expect(smtp.received).toHaveLength(1);
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.subject).toBe('Your appointment request');
    expect(mail.from?.value[0]?.name).toBe(practice.practitioner);
    // Her words as their own paragraph, no label; each line in its own direction in the HTML.
    expect(mail.text).toContain(`Dear Karen,\n\nThank you for your request.`);
    expect(mail.text).toContain(
      `(Danish time).\n\n${message}\n\nThese times are available right now (Danish time). Choose one on the website and send a new request:`,
    );
    expect(mail.html).toContain(
      '<div dir="auto">Ring gerne, så finder vi en anden tid.</div><div dir="auto">Venlig hilsen</div>',
    );
    expect(mail.text).toContain('Thursday, 14 January 2027, 10:00–11:15 (Danish time)');
    expect(mail.text).toContain('+45\u00a012\u00a034\u00a056\u00a078');
    const times = [...(mail.text ?? '').matchAll(/^- (.+): (\S+)$/gm)];
    expect(times.length).toBeGreaterThan(0);
    for (const [, label, url] of times) {
      expect(url).toMatch(/^http:\/\/localhost:3000\/en\/booking\?service=par&format=clinic/);
      // Not the declined time itself.
      expect(label).not.toBe('Thursday 14 January at 10:00');
    }
    // Each time its own link: that very time chosen on the booking page.
    expect(times.map(([, , url]) => new URL(url!).searchParams.get('start'))).toEqual([
      '2027-01-14T13:00+01:00',
      '2027-01-15T09:00+01:00',
      '2027-01-18T09:00+01:00',
      '2027-01-18T13:00+01:00',
      '2027-01-19T09:00+01:00',
    ]);
    // Short, to stay on one line as a button: the line above them says they are Danish time.
    expect(times.map(([, label]) => label)).toEqual([
      'Thursday 14 January at 13:00',
      'Friday 15 January at 09:00',
      'Monday 18 January at 09:00',
      'Monday 18 January at 13:00',
      'Tuesday 19 January at 09:00',
    ]);
    // The link opens the booking page with that very time chosen and focused, the heading not.
    for (const [, , url] of times) {
      const start = new URL(url!).searchParams.get('start')!;
      const page = await request(app).get(url!.slice(BASE.length)).expect(200);
      const radios = [...page.text.matchAll(/<input type="radio"[^>]* name="start"[^>]*>/g)].map(([tag]) => tag);
      expect(radios.filter((tag) => / checked=""/.test(tag))).toEqual([expect.stringContaining(`value="${start}"`)]);
      expect(radios.filter((tag) => / autofocus=""/i.test(tag))).toEqual([expect.stringContaining(`value="${start}"`)]);
      expect(page.text).not.toMatch(/<h3 id="times"[^>]* autofocus/i);
    }
    expect(mail.attachments).toHaveLength(0);
    expect(await offered(app, WINTER)).toBe(true);
  });

  test('a message longer than the mail takes is refused with the page again, the words kept, nothing sent', async () => {
    const { app } = answerApp();
    const links = await requested(app, WINTER);
    const res = await press(app, links.decline, { message: 'x'.repeat(1001) }).expect(400);
    expect(res.text).toContain('Beskeden må højst være 1000 tegn');
    expect(res.text).toContain('x'.repeat(1001));
    expect(smtp.received).toHaveLength(0);
    await press(app, links.decline).expect(200);
    expect(smtp.received).toHaveLength(1);
  });
});

describe('links that are not ours, or no longer', () => {
  const failing = useSmtp({ dataReplies: [250, 451, 451] });
  test('tampered, expired and another server’s links: a clear 4xx page, nothing sent; a post from another site: 403', async () => {
    const { app, advance, now } = answerApp();
    const links = await requested(app, WINTER);
    const token = tokenOf(links.confirm);
    const flipped = token.slice(0, 60) + (token[60] === 'A' ? 'B' : 'A') + token.slice(61);
    const tampered = `/booking/bekraeft?t=${flipped}`;
    const foreignToken = await sealRequest(
      {
        hold: 'x',
        visitor: 'y',
        service: 'par',
        format: 'clinic',
        start: new Date(WINTER),
        end: new Date(Date.parse(WINTER) + 75 * MINUTE_MS),
        name: 'X',
        email: 'x@example.com',
        lang: 'da',
        expires: new Date(Date.parse(WINTER)),
      },
      Buffer.alloc(32, 7),
      BASE,
    );
    const foreign = `/booking/bekraeft?t=${foreignToken}`;
    // The button's address opened as a page: a page, nothing done.
    expect((await request(app).get('/booking/svar').expect(405)).text).toContain('Linket virker ikke');
    for (const link of [tampered, foreign, '/booking/bekraeft?t=abc', '/booking/afvis']) {
      const get = await request(app).get(link).expect(400);
      expect(get.text).toContain('Linket virker ikke');
      expect(get.headers['cache-control']).toBe('no-store');
      await press(app, link).expect(400);
    }
    await request(app)
      .post('/booking/svar')
      .type('form')
      .set('Origin', 'https://evil.example')
      .send({ t: token, answer: 'confirm' })
      .expect(403);
    expect(smtp.received).toHaveLength(0);
    advance(hoursUntilDue(now()) + 0.1);
    await press(app, links.confirm).expect(410);
    expect(smtp.received).toHaveLength(0);
  });

  test('the button goes through the one request pipeline: too large 413, too many presses 429, each a page', async () => {
    const { app } = answerApp();
    const links = await requested(app, WINTER);
    await press(app, links.decline, { message: 'x'.repeat(300_000) }).expect(413);
    await press(app, links.confirm).expect(200);
    // Nineteen more presses from this address are answered "already"; the twenty-first is one too many.
    for (let i = 0; i < 19; i++) await press(app, links.confirm).expect(409);
    const limited = await press(app, links.confirm).expect(429);
    expect(limited.text).toContain('For mange tryk på kort tid');
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(smtp.received).toHaveLength(1);
  });

  test('guessing links is limited: a link that is not ours keeps its count', async () => {
    const { app } = answerApp();
    for (let i = 0; i < 20; i++) await press(app, `/booking/bekraeft?t=guess${i}`).expect(400);
    await press(app, '/booking/bekraeft?t=one-more').expect(429);
    expect(smtp.received).toHaveLength(0);
  });

  test('a mail that cannot be sent takes the press back: nothing changed, and the next press works', async () => {
    let clock = new Date(CLOCK);
    const { app, holds } = bookingApp({
      smtpUrl: failing.url,
      calendar: fakeCalendar([WINTER, ...OTHERS]),
      now: () => clock,
    });
    await postJson(app, requestFor('par', WINTER)).expect(200);
    const links = linksIn((await simpleParser(failing.received[0]!.raw)).text ?? '');
    const res = await press(app, links.decline).expect(502);
    expect(res.text).toContain('Mailen kunne ikke sendes');
    expect(await holds.list(clock)).toHaveLength(1);
    clock = new Date(clock.getTime() + 60_000);
    await press(app, links.decline).expect(200);
    expect(failing.received).toHaveLength(2);
    expect(await holds.list(clock)).toHaveLength(0);
  });
});

describe('the request mail encrypted with OpenPGP', () => {
  let pair: OpenpgpPair;
  let key: MailKey;
  beforeAll(async () => {
    pair = await makeOpenpgpKey();
    key = (await loadMailKey({ mailKey: { variable: 'MAIL_OPENPGP_KEY', text: pair.publicKey } }))!;
  });

  test('GnuPG decrypts the mail with both links inside, none outside; its confirm link works', async () => {
    const { app } = answerApp({ key });
    await postJson(app, requestFor('par', WINTER)).expect(200);
    const raw = smtp.received[0]!.raw;
    expect(raw).not.toContain('/booking/bekraeft');
    expect(raw).not.toContain('/booking/afvis');
    const armored = /-----BEGIN PGP MESSAGE-----[\s\S]+?-----END PGP MESSAGE-----/.exec(parseMail(raw).body)![0];
    const inner = await simpleParser(await gpgDecrypt(pair.privateKey, armored));
    const links = linksIn(inner.text ?? '');
    smtp.received.length = 0;
    await press(app, links.confirm).expect(200);
    expect(smtp.received).toHaveLength(1);
    // The visitor's mail is theirs to read: not encrypted to the practice's key.
    expect(parseMail(smtp.received[0]!.raw).headers.get('content-type')?.[0]).not.toMatch(/encrypted/);
  });
});

describe('the times a decline offers', () => {
  /** A morning full of free times around the declined one (Tuesday 12 January 2027, 10.00), and a few on later days. */
  const TUESDAY = '2027-01-12T10:00+01:00';
  const FULL_MORNING = [
    ...['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'].map((t) => `2027-01-12T${t}+01:00`),
    '2027-01-13T09:00+01:00',
    '2027-01-13T14:00+01:00',
    '2027-01-14T10:00+01:00',
    '2027-01-18T09:00+01:00',
    ...Array.from({ length: 10 }, (_, i) => `2027-01-${19 + i}T13:00+01:00`),
  ];
  /** The offered times of a declined request's mail (text part), and the HTML's top. */
  async function declinedOffers(late: boolean) {
    const { app, advance, now } = answerApp({ starts: FULL_MORNING });
    const links = await requested(app, TUESDAY);
    if (late) advance(hoursUntilDue(now()) + 1);
    await press(app, links.decline).expect(200);
    const mail = await simpleParser(smtp.received.at(-1)!.raw);
    const starts = [...(mail.text ?? '').matchAll(/^- .+: (\S+)$/gm)].map(
      ([, url]) => new URL(url!).searchParams.get('start') as string,
    );
    return { starts, html: String(mail.html) };
  }

  test.each([
    // On time her hold still keeps the times that overlap the declined session; late it has lapsed.
    ['on time', false, ['2027-01-12T11:30+01:00', '2027-01-12T12:00+01:00']],
    ['late', true, ['2027-01-12T09:30+01:00', '2027-01-12T10:30+01:00']],
  ])(
    'declined %s: the nearest times, at most two on one day, over several days; her name heads the mail',
    async (_when, late, sameDay) => {
      const { starts, html } = await declinedOffers(late as boolean);
      // Not five on the declined morning: its two nearest, then the next days' nearest.
      expect(starts).toEqual([
        ...(sameDay as string[]),
        '2027-01-13T09:00+01:00',
        '2027-01-13T14:00+01:00',
        '2027-01-14T10:00+01:00',
      ]);
      // Every mail is from her: her name at the top, before the first paragraph, in the site's colours.
      const from = /<div class="mail-from"[^>]*>([^<]*)<\/div>/.exec(html);
      expect(from?.[1]).toBe(practice.practitioner);
      expect(from!.index).toBeLessThan(html.indexOf('<p>'));
      // Each offered time a button that does not break across lines.
      expect(html.match(/<a class="button"[^>]*white-space:nowrap[^>]*>/g)).toHaveLength(5);
    },
  );
});

describe('after the answer was due, and after an answer', () => {
  test('an unanswered link past its time shows the request, warns the time may be taken, offers no confirm, and a decline sends one mail', async () => {
    const { app, advance, now } = answerApp();
    const links = await requested(app, WINTER, { lang: 'fa' });
    advance(hoursUntilDue(now()) + 1);
    for (const link of [links.confirm, links.decline]) {
      const page = await request(app).get(link).expect(410);
      expect(page.text).toContain('Svarfristen er overskredet');
      expect(page.text).toContain('Klienten har endnu ikke fået svar');
      expect(page.text).toContain('kan allerede være booket af en anden');
      expect(page.text).toContain(visitor.name);
      expect(page.text).toContain('torsdag den 14. januar 2027 kl. 10.00–11.15 (dansk tid)');
      expect(page.text).not.toContain('name="answer" value="confirm"');
      expect(page.text).toContain('name="answer" value="decline"');
      expect(page.text).toContain('Klienten får e-mailen på persisk.');
      // The time is free already: the page does not promise to free it.
      expect(page.text).not.toContain('Tiden bliver ledig på hjemmesiden med det samme');
    }
    await press(app, links.confirm).expect(410);
    expect(smtp.received).toHaveLength(0);
    const declined = await press(app, links.decline, { message: 'متأسفم' }).expect(200);
    expect(declined.text).toContain('Forespørgslen er afvist');
    expect(smtp.received).toHaveLength(1);
    expect((await simpleParser(smtp.received[0]!.raw)).subject).toBe('پاسخ به درخواست شما');
    // And says so afterwards, sending nothing again.
    await press(app, links.decline).expect(409);
    expect((await request(app).get(links.confirm).expect(200)).text).toContain('Du har afvist forespørgslen');
    expect(smtp.received).toHaveLength(1);
  });

  test('a confirmed link says "you confirmed" until the session, long after its hold would have lapsed', async () => {
    const { app, advance, now } = answerApp();
    const links = await requested(app, WINTER);
    await press(app, links.confirm).expect(200);
    // Past the answer's due date (the hold's own end), days before the session.
    advance(hoursUntilDue(now()) + 24 * 5);
    const page = await request(app).get(links.decline).expect(200);
    expect(page.text).toContain('Du har bekræftet tiden');
    expect(page.text).toContain('<bdi>Karen Blixen</bdi> · torsdag 14. januar kl. 10.00');
    await press(app, links.decline).expect(409);
    expect(smtp.received).toHaveLength(1);
  });

  test('releasing a confirmed time: one press frees it at once, mails nobody, and is done once', async () => {
    const { app, advance, now } = answerApp();
    const links = await requested(app, WINTER);
    await press(app, links.confirm).expect(200);
    smtp.received.length = 0;
    advance(hoursUntilDue(now()) + 1);
    expect(await offered(app, WINTER)).toBe(false);
    const page = await request(app).get(links.confirm).expect(200);
    expect(page.text).toContain('name="answer" value="release"');
    // Telling the client is her choice, off unless she ticks it.
    expect(page.text).toMatch(/<input type="checkbox" id="tell" name="tell" value="1"\/>/);
    const released = await press(app, links.confirm, { answer: 'release' }).expect(200);
    expect(released.text).toContain('Tiden er frigivet');
    expect(released.text).toContain('<bdi>Karen Blixen</bdi> · torsdag 14. januar kl. 10.00');
    expect(smtp.received).toHaveLength(0);
    expect((await press(app, links.confirm, { answer: 'release' }).expect(409)).text).toContain(
      'Du har frigivet tiden',
    );
    const after = (await request(app).get(links.decline).expect(200)).text;
    expect(after).toContain('Du har frigivet tiden');
    // Whether the client was told: not by the site.
    expect(after).toContain('Klienten fik ingen e-mail om aflysningen fra hjemmesiden.');
    expect(await offered(app, WINTER)).toBe(true);
  });

  test('releasing with a mail: the form asks who cancelled, and the mail says it in those words, with her message', async () => {
    const { app } = answerApp();
    const links = await requested(app, WINTER);
    await press(app, links.confirm).expect(200);
    smtp.received.length = 0;
    const page = (await request(app).get(links.confirm).expect(200)).text;
    expect(page).toContain('<legend>Hvem aflyser?</legend>');
    expect(page).toMatch(/<input type="radio" id="who-client" name="who" value="client"\/>/);
    expect(page).toMatch(/<input type="radio" id="who-practitioner" name="who" value="practitioner"\/>/);
    // A mail asked for without who cancelled: the form again, with her words and the box kept, nothing done.
    const message = 'Jeg er desværre syg. Ring, så finder vi en ny tid.';
    const missing = await press(app, links.confirm, { answer: 'release', tell: '1', message }).expect(400);
    expect(missing.text).toContain('Vælg, om klienten har meldt afbud, eller om du aflyser');
    expect(missing.text).toContain(`>${message}</textarea>`);
    expect(missing.text).toMatch(/<input type="checkbox" id="tell" name="tell" checked="" value="1"\/>/);
    expect(smtp.received).toHaveLength(0);
    expect(await offered(app, WINTER)).toBe(false);
    const done = await press(app, links.confirm, { answer: 'release', tell: '1', who: 'practitioner', message });
    expect(done.status).toBe(200);
    expect(done.text).toContain('klienten har fået en e-mail om, at aftalen er aflyst');
    expect(smtp.received).toHaveLength(1);
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.text).toContain(
      'Jeg må desværre aflyse din tid torsdag den 14. januar 2027 kl. 10.00–11.15 (dansk tid). Det beklager jeg.',
    );
    expect(mail.text).toContain(`\n\n${message}\n\n`);
    expect(mail.text).not.toContain('Tak, fordi du gav besked');
    // Her link's page says the client was told.
    const after = (await request(app).get(links.confirm).expect(200)).text;
    expect(after).toContain('Klienten fik en e-mail om aflysningen, da du frigav tiden. Der er ikke sendt noget igen.');
    expect(after).not.toContain('Klienten fik ingen e-mail');
  });

  test('an unconfirmed link cannot release', async () => {
    const { app } = answerApp();
    const links = await requested(app, WINTER);
    await press(app, links.confirm, { answer: 'release' }).expect(400);
    expect(await offered(app, WINTER)).toBe(false);
  });

  test('the decline page lists the nearest free times with a box each; those she clears are not offered', async () => {
    const { app } = answerApp();
    const links = await requested(app, WINTER);
    const page = await request(app).get(links.decline).expect(200);
    const boxes = [...page.text.matchAll(/name="offer\[\]" checked="" value="([^"]+)"/g)].map((m) => m[1]);
    expect(boxes).toEqual([
      '2027-01-14T13:00+01:00',
      '2027-01-15T09:00+01:00',
      '2027-01-18T09:00+01:00',
      '2027-01-18T13:00+01:00',
      '2027-01-19T09:00+01:00',
    ]);
    expect(page.text).toContain('<textarea id="message" name="message" rows="3" maxLength="1000" dir="auto" lang="da"');
    await request(app)
      .post('/booking/svar')
      .type('form')
      .set('Origin', BASE)
      .send(
        `t=${tokenOf(links.decline)}&answer=decline&shown=1&offer%5B%5D=${encodeURIComponent(boxes[1]!)}&offer%5B%5D=${encodeURIComponent(boxes[4]!)}`,
      )
      .expect(200);
    const mail = await simpleParser(smtp.received[0]!.raw);
    const starts = [...(mail.text ?? '').matchAll(/^- .+: (\S+)$/gm)].map(([, url]) =>
      new URL(url!).searchParams.get('start'),
    );
    expect(starts).toEqual([boxes[1], boxes[4]]);
  });

  test('her calendar already shows the time busy: the confirmation is refused with that reason, nothing sent', async () => {
    const { app, calendar } = answerApp();
    const links = await requested(app, WINTER);
    // Something else she put in her calendar, half an hour into the session.
    const start = Date.parse(WINTER) + 30 * MINUTE_MS;
    calendar.setBusy([{ start: new Date(start), end: new Date(start + HOUR_MS) }]);
    const refused = await press(app, links.confirm).expect(409);
    expect(refused.text).toContain('Tiden er optaget i din kalender');
    expect(smtp.received).toHaveLength(0);
    // Her copy of the request's own event (exactly its time) is no reason: once the other is gone, it goes.
    calendar.setBusy([{ start: new Date(WINTER), end: new Date(Date.parse(WINTER) + 75 * MINUTE_MS) }]);
    await press(app, links.confirm).expect(200);
    expect(smtp.received).toHaveLength(1);
  });
});
