import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import request from 'supertest';
import { makeApp } from './support/app';
import { bookingApp, comingStarts, postJson, requestFor } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { useSmtp } from './support/smtp';

// What reaches the practitioner is what she can trust: a name cannot reverse the line it stands
// in (a right-to-left override, U+202E, would show "Anna ‮8 .ceD" as "Anna .ceD 8"), while a
// Persian name keeps the zero-width non-joiner (U+200C) its spelling needs; a phone number is the
// number dialled, written as Danish numbers are, never what was typed around it; the event's
// address is the one Reply-To gives. Read back as a mail program (mailparser) and a calendar
// (ical.js) read them, for both forms.

const OVERRIDE = '\u202E';
const ZWNJ = '\u200C';
/** A name that, with its override, would show the line's end reversed. */
const disguised = `Anna ${OVERRIDE}Hansen\u2066\u200F`;
/** 'Mohammad-Reza' in Persian, written with a zero-width non-joiner (محمد‌رضا). */
const persian = `محمد${ZWNJ}رضا`;
const phone = '1234;5678,\n ATTENDEE:x';
const DIRECTION = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

const smtp = useSmtp();

function eventOf(mail: ParsedMail) {
  const attachment = mail.attachments.find((a) => a.filename === 'booking.ics');
  const vevent = new ICAL.Component(ICAL.parse(attachment!.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
  return {
    summary: String(vevent.getFirstPropertyValue('summary')),
    description: String(vevent.getFirstPropertyValue('description')),
    properties: vevent.getAllProperties().map((p) => p.name),
  };
}

/** The tel: links of the mail's HTML part and the text they show. */
const telLinks = (html: string) => [...html.matchAll(/<a href="tel:([^"]*)">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);

test.each([
  ['a name with a right-to-left override', disguised, 'Anna Hansen'],
  ['a Persian name with its zero-width non-joiner', persian, persian],
])('contact: %s, a phone typed with ; and , and a line', async (_what, name, shown) => {
  const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
  await request(app)
    .post('/api/contact.php')
    .send({ name, email: 'Anna@Example.DK', phone, message: 'Hej', consent: true })
    .expect(200);
  const mail = await simpleParser(smtp.received[0]!.raw);
  expect(mail.subject).toBe(`Ny henvendelse fra ${shown}`);
  expect(mail.text).toContain(`Navn: ${shown}\n`);
  expect(mail.text).toContain('Telefon: 12 34 56 78\n');
  expect(mail.subject! + mail.text + mail.html).not.toMatch(DIRECTION);
  expect(mail.text).not.toMatch(/ATTENDEE|1234;5678/);
  expect(telLinks(String(mail.html))).toEqual([['+4512345678', '12 34 56 78']]);
});

test.each([
  ['a name with a right-to-left override', disguised, 'Anna Hansen'],
  ['a Persian name with its zero-width non-joiner', persian, persian],
])(
  'booking: %s, a phone typed with ; and , and a line; the event names the Reply-To address',
  async (_what, name, shown) => {
    const starts = comingStarts();
    const { app } = bookingApp({ smtpUrl: smtp.url, calendar: fakeCalendar(starts) });
    await postJson(
      app,
      requestFor('individuel', starts[0] as string, { name, phone, email: 'Anna@Example.DK' }),
    ).expect(200);
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.subject).toMatch(new RegExp(`– ${shown}$`));
    expect(mail.text).toContain(`Navn: ${shown}\n`);
    expect(mail.text).toContain('Telefon: 12 34 56 78\n');
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'Anna@example.dk' }]);
    expect(telLinks(String(mail.html))).toEqual([['+4512345678', '12 34 56 78']]);
    const event = eventOf(mail);
    expect(event.summary).toContain(shown);
    expect(event.description).toContain('12 34 56 78');
    expect(event.description).toContain('Anna@example.dk');
    expect(event.description).not.toContain('Example.DK');
    for (const text of [mail.subject!, mail.text!, String(mail.html), event.summary, event.description])
      expect(text).not.toMatch(DIRECTION);
    expect(event.description).not.toMatch(/ATTENDEE|1234;5678/);
    expect(event.properties).not.toContain('attendee');
  },
);
