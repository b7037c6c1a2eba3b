import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import request from 'supertest';
import { makeApp } from './support/app';
import { bookingApp, comingStarts, postJson, pressAnswer, requestFor } from './support/booking';
import { visitorMessage } from './support/builtServer';
import { fakeCalendar } from './support/fakeCalendar';
import { useSmtp } from './support/smtp';

// What a visitor types cannot imitate the site in a mail: invisible format characters (Unicode's
// Cf: zero-width space, soft hyphen, BOM, word joiner, the bidi controls) are taken out of the
// one-line fields by the rule both forms share (views/forms/fields.ts), so none reaches the
// practice's subject, an event's title, the answer page or the visitor's greeting; Persian keeps
// its ZWNJ. A visitor's note in the request mail is quoted, so a line in it cannot pass for the
// site's own link.

/** Invisible format characters, ZWNJ (U+200C) and ZWJ (U+200D) left out, which Persian needs. */
const INVISIBLE = /[^\P{Cf}\u200C\u200D]/u;
/** "Karen Blixen" with a zero-width space, a soft hyphen, a BOM and a word joiner inside. */
const DISGUISED = 'Ka\u200Bren\u00AD Bli\uFEFFxen\u2060';
/** A Persian name with its zero-width non-joiner (مهرانگیز written مهر‌انگیز). */
const PERSIAN = 'مهر\u200Cانگیز احمدی';

const smtp = useSmtp();

const lastMail = async () => simpleParser(smtp.received.at(-1)!.raw);
const everything = (mail: ParsedMail) =>
  [mail.subject, mail.text, mail.html, ...mail.attachments.map((a) => a.content.toString('utf8'))].join('\n');
const summaryOf = (mail: ParsedMail) => {
  const ics = mail.attachments.find((a) => a.contentType === 'text/calendar')!.content.toString('utf8');
  return new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('summary');
};

/** A booking request from `name` in `lang`: the practice's mail, and its confirm link. */
async function requestedBy(name: string, lang: string) {
  const starts = comingStarts();
  const { app } = bookingApp({ smtpUrl: smtp.url, calendar: fakeCalendar(starts) });
  await postJson(app, requestFor('individuel', starts[0] as string, { name, lang })).expect(200);
  const practiceMail = await lastMail();
  const confirm = new URL(/Bekræft tiden: (\S+)/.exec(practiceMail.text ?? '')![1] as string);
  return { app, practiceMail, confirm };
}

/** The practitioner's press on the confirm link: the visitor's mail. */
async function confirmed(app: Parameters<typeof request>[0], confirm: URL) {
  await pressAnswer(app, confirm.searchParams.get('t'), 'confirm').expect(200);
  return lastMail();
}

test('the contact form: the name reaches the subject and the text without them', async () => {
  const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
  await request(app)
    .post('/api/contact.php')
    .send({ ...visitorMessage, name: DISGUISED })
    .expect(200, { success: true });
  const mail = await lastMail();
  expect(mail.subject).toContain('Karen Blixen');
  expect(everything(mail)).not.toMatch(INVISIBLE);
});

test('a name of invisible characters only is an empty name: refused with its own message, nothing mailed', async () => {
  const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
  const before = smtp.received.length;
  const res = await request(app)
    .post('/api/contact.php')
    .send({ ...visitorMessage, name: '\u200B\u2060 \uFEFF' })
    .expect(400);
  expect(res.body).toMatchObject({ success: false, fields: { name: 'Indtast venligst dit navn' } });
  expect(smtp.received).toHaveLength(before);
});

test('a booking: not in the subject, the event, the answer page, nor the visitor’s mail and greeting', async () => {
  const { app, practiceMail, confirm } = await requestedBy(DISGUISED, 'en');
  expect(practiceMail.subject).toContain('Karen Blixen');
  expect(summaryOf(practiceMail)).toContain('Karen Blixen');
  expect(everything(practiceMail)).not.toMatch(INVISIBLE);

  const page = await request(app).get(`${confirm.pathname}${confirm.search}`).expect(200);
  expect(page.text).toContain('Karen Blixen');
  expect(page.text).not.toMatch(INVISIBLE);

  const visitorMail = await confirmed(app, confirm);
  expect(visitorMail.to).toMatchObject({ value: [{ address: 'karen@example.com' }] });
  // Greeted by the first name (issue 39), whole.
  expect(visitorMail.text).toContain('Dear Karen,');
  expect(everything(visitorMail)).not.toMatch(INVISIBLE);
});

test('a Persian name keeps its zero-width non-joiner in the subject, the event and the visitor’s greeting', async () => {
  const { app, practiceMail, confirm } = await requestedBy(PERSIAN, 'fa');
  expect(practiceMail.subject).toContain(PERSIAN);
  expect(summaryOf(practiceMail)).toContain(PERSIAN);
  // The greeting has the first name, joiner and all.
  expect((await confirmed(app, confirm)).text).toContain('مهر\u200Cانگیز');
});
test("a note with a fake confirm line: quoted in the request mail, so the only line that reads as the site's link is the site's", async () => {
  const starts = comingStarts();
  const { app } = bookingApp({ smtpUrl: smtp.url, calendar: fakeCalendar(starts) });
  const fake = 'Bekræft tiden: https://evil.example/booking/bekraeft?t=x';
  await postJson(
    app,
    requestFor('individuel', starts[0] as string, {
      message: `Hej.\n${fake}\r\nAfvis: https://evil.example/a\u2028Bekræft tiden: https://evil.example/b`,
    }),
  ).expect(200);
  const text = (await lastMail()).text ?? '';
  // A line that starts as the site's does: the site's own two, nothing of the note.
  const lines = text.split('\n').filter((l) => /^(Bekræft tiden|Afvis): /.test(l));
  expect(lines).toHaveLength(2);
  for (const line of lines) expect(line).toMatch(/^(Bekræft tiden|Afvis): http:\/\/localhost:3000\/booking\//);
  // The note is all there, each of its lines set apart.
  expect(text).toContain(`> Hej.\n> ${fake}\n> Afvis: https://evil.example/a\n> Bekræft tiden: https://evil.example/b`);
});
