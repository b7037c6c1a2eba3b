import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { simpleParser, type ParsedMail } from 'mailparser';
import { loadMailKey, type MailKey } from '../server/mail/key';
import { composeBookingMail } from '../server/mail/bookingMail';
import { bookingApp, comingStarts, postForm, postJson, requestFor, visitor } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import {
  gpgDecrypt,
  makeOpenpgpKey,
  makeSmimeCert,
  opensslDecrypt,
  type OpenpgpPair,
  type SmimePair,
} from './support/keys';
import { parseMail, useSmtp } from './support/smtp';
import { DAY_MS, MINUTE_MS } from '../views/days';

// The request mail as the practitioner gets it: encrypted whole to the practice's key (OpenPGP or
// S/MIME), so that outside there is only the neutral subject, and decrypted by GnuPG and OpenSSL
// themselves into a mail with every detail and the calendar event, which an iCalendar library
// (ical.js) reads back as the requested time in Europe/Copenhagen, with nobody to invite.

const smtp = useSmtp();
let openpgp: { pair: OpenpgpPair; key: MailKey };
let smime: { pair: SmimePair; key: MailKey };

beforeAll(async () => {
  const [pgpPair, smimePair] = await Promise.all([makeOpenpgpKey(), makeSmimeCert()]);
  openpgp = {
    pair: pgpPair,
    key: (await loadMailKey({ mailKey: { variable: 'MAIL_OPENPGP_KEY', text: pgpPair.publicKey } }))!,
  };
  smime = {
    pair: smimePair,
    key: (await loadMailKey({ mailKey: { variable: 'MAIL_SMIME_CERT', text: smimePair.cert } }))!,
  };
});

/** Nothing of the visitor or the request outside the encryption (Reply-To is the address alone, as for a message). */
function expectNothingReadable(raw: string) {
  for (const detail of ['Karen', 'Blixen', '87 65 43 21', 'sover', 'Parterapi', 'Booking', 'VCALENDAR', 'booking.ics'])
    expect(raw).not.toContain(detail);
  expect(raw).not.toMatch(/=\?utf-8\?/i);
}

/** The event inside the mail, as ical.js reads it. */
function eventOf(mail: ParsedMail) {
  const attachment = mail.attachments.find((a) => a.filename === 'booking.ics');
  expect(attachment?.contentType).toBe('text/calendar');
  const text = attachment!.content.toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  // Its VTIMEZONE, so that every calendar program places the time the same way.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { text, calendar, vevent, event: new ICAL.Event(vevent) };
}

async function expectRequestMail(inner: string, start: string) {
  const mail = await simpleParser(inner);
  expect(mail.subject).toMatch(
    /^Booking: Parterapi [a-zæøå]+ den \d{1,2}\. [a-zæøå]+ \d{4} kl\. \d\d\.\d\d – Karen Blixen \(på engelsk\)$/,
  );
  const text = mail.text ?? '';
  const local = DateTime.fromISO(start, { zone: 'Europe/Copenhagen' });
  const end = local.plus({ minutes: 75 });
  expect(text).toContain('Sprog: engelsk');
  expect(text).toContain('Ydelse: Parterapi (75 min., 2.400 kr.)');
  expect(text).toContain(`kl. ${local.toFormat('HH.mm')}–${end.toFormat('HH.mm')} (dansk tid)`);
  expect(text).toContain('Sted: Online via video');
  expect(text).toContain('Navn: Karen Blixen');
  expect(text).toContain('E-mail: karen@example.com');
  expect(text).toContain('Telefon: 87 65 43 21');
  expect(text).toMatch(/Samtykke til persondatapolitikken: givet \d{1,2}\. [a-zæøå]+ \d{4} kl\. \d\d\.\d\d/);
  // The note set apart, each line quoted: none of it can pass for the mail's own lines.
  expect(text).toContain(`Besked:\n${visitor.message.replace(/^/gm, '> ')}`);
  // The last day as a day ('til og med mandag 30. november'), or the moment when the session comes first.
  expect(text).toMatch(
    /Tiden er reserveret på hjemmesiden til (og med [a-zæøå]+ \d{1,2}\. [a-zæøå]+,|\d{1,2}\. [a-zæøå]+ \d{4} kl\. \d\d\.\d\d,)/,
  );
  expect(mail.html).toContain('<a href="tel:+4587654321">87 65 43 21</a>');

  const { text: ics, calendar, vevent, event } = eventOf(mail);
  expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  // Its start and end are the requested time's, in the practice's zone.
  expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Copenhagen');
  expect(event.startDate.zone.tzid).toBe('Europe/Copenhagen');
  expect(event.startDate.toUnixTime()).toBe(local.toSeconds());
  expect(event.endDate.toUnixTime()).toBe(end.toSeconds());
  expect([event.startDate.hour, event.startDate.minute]).toEqual([local.hour, local.minute]);
  expect(event.summary).toBe('Parterapi – Karen Blixen');
  expect(event.location).toBe('Online (video)');
  // Her own reminder of the promise the client's mail makes (no BOOKING_VIDEO_URL here).
  expect(event.description).toContain('Send videolink til karen@example.com senest dagen før.');
  // Adding it to a calendar mails nobody: no organizer, no attendees.
  expect(event.organizer).toBeNull();
  expect(event.attendees).toEqual([]);
  expect(ics).not.toMatch(/ORGANIZER|ATTENDEE/);
  // The note stays in the mail only (it may say something about health).
  expect(ics).not.toContain('sover');
}

test.each(['json', 'form'] as const)(
  'OpenPGP: a %s request is multipart/encrypted outside; GnuPG decrypts the whole mail with its event',
  async (kind) => {
    const starts = comingStarts();
    const start = starts[5] as string;
    const { app } = bookingApp({ smtpUrl: smtp.url, calendar: fakeCalendar(starts), key: openpgp.key });
    const body = requestFor('par', start, { format: 'online', lang: 'en' });
    if (kind === 'json') await postJson(app, body).expect(200);
    else await postForm(app, { ...body, consent: 'true' } as never).expect(200);
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0]!.raw;
    const { headers, body: outer } = parseMail(raw);
    expect(headers.get('content-type')![0]).toMatch(/^multipart\/encrypted; protocol="application\/pgp-encrypted"/);
    expect(headers.get('subject')).toEqual(['Ny henvendelse via hjemmesiden']);
    expect(headers.get('reply-to')).toEqual(['karen@example.com']);
    expectNothingReadable(raw);
    const armored = /-----BEGIN PGP MESSAGE-----[\s\S]+?-----END PGP MESSAGE-----/.exec(outer)![0];
    await expectRequestMail(await gpgDecrypt(openpgp.pair.privateKey, armored), start);
  },
);

test('S/MIME: enveloped data outside; OpenSSL decrypts the whole mail with its event', async () => {
  const starts = comingStarts();
  const start = starts[9] as string;
  const { app } = bookingApp({ smtpUrl: smtp.url, calendar: fakeCalendar(starts), key: smime.key });
  await postJson(app, requestFor('par', start, { format: 'online', lang: 'en' })).expect(200);
  const raw = smtp.received[0]!.raw;
  expect(parseMail(raw).headers.get('content-type')![0]).toMatch(/^application\/pkcs7-mime; smime-type=enveloped-data/);
  expect(parseMail(raw).headers.get('subject')).toEqual(['Ny henvendelse via hjemmesiden']);
  expectNothingReadable(raw);
  await expectRequestMail(await opensslDecrypt(smime.pair, raw), start);
});

test('without a key: the same mail over TLS, and the event across a daylight-saving change keeps its Danish hour', async () => {
  // A summer time and a winter time: each event's hour is the Danish hour asked for.
  const starts = ['2027-03-26T09:00+01:00', '2027-03-29T09:00+02:00'].filter(
    (s) => Date.parse(s) > Date.now() + DAY_MS,
  );
  if (starts.length === 0) starts.push(...comingStarts().slice(0, 2));
  // Among the coming weeks' times: held requests may take no more than a quarter of them (decision 0014).
  const { app } = bookingApp({ smtpUrl: smtp.url, calendar: fakeCalendar([...starts, ...comingStarts()]) });
  for (const start of starts) {
    smtp.received.length = 0;
    await postJson(app, requestFor('par', start, { format: 'online', lang: 'en' })).expect(200);
    expect(smtp.sessions().at(-1)?.mailFromOver).toMatch(/^TLSv1\.[23]$/);
    await expectRequestMail(smtp.received[0]!.raw, start);
  }
});

test("a child's session: the request mail gives its length as the price page does, 'op til 50 min.'", () => {
  const start = new Date('2027-01-14T09:00:00Z');
  const mail = composeBookingMail(
    { mailTo: 'praksis@example.dk', mailFrom: 'Hjemmesiden <web@example.dk>', booking: null, herCalendar: null },
    {
      service: 'boern',
      format: 'clinic',
      start,
      end: new Date(start.getTime() + 50 * MINUTE_MS),
      name: 'Mette Frederiksen',
      email: 'mette@example.com',
      phone: '87654321',
      message: '',
      lang: 'da',
    },
    new Date('2027-01-10T09:00:00Z'),
    new Date('2027-01-12T23:00:00Z'),
    {
      id: 'x',
      confirm: 'https://www.example.dk/booking/bekraeft?t=x',
      decline: 'https://www.example.dk/booking/afvis?t=x',
      sealed: 'x',
      expires: new Date('2027-01-12T23:00:00Z'),
    },
  );
  expect(mail.text).toContain('Ydelse: Individuel samtale med børn (op til 50 min., 1.200 kr.)');
});
