import { simpleParser } from 'mailparser';
import request from 'supertest';
import { danishTime } from '../server/mail/practiceParts';
import { formatPhone } from '../views/format';
import { makeApp } from './support/app';
import { useSmtp } from './support/smtp';

// The plain mail (no key set) as the practitioner reads it: Danish local time, the phone
// number written the Danish way and dialled by a link, the message exactly as typed.

describe('the consent time in Danish local time', () => {
  test.each([
    ['2026-11-22T19:04:27.574Z', '22. november 2026 kl. 20.04'], // winter: UTC+1
    ['2026-07-01T10:00:00Z', '1. juli 2026 kl. 12.00'], // summer: UTC+2
    ['2026-03-29T00:59:00Z', '29. marts 2026 kl. 01.59'], // just before summer time begins
    ['2026-03-29T01:00:00Z', '29. marts 2026 kl. 03.00'],
    ['2026-12-31T23:30:00Z', '1. januar 2027 kl. 00.30'], // already next year in Denmark
  ])('%s -> %s', (iso, danish) => {
    expect(danishTime(new Date(iso))).toBe(danish);
  });
});

describe('phone numbers as Danish numbers are written', () => {
  test.each([
    ['12345678', '12 34 56 78', '+4512345678'],
    ['12 34 56 78', '12 34 56 78', '+4512345678'],
    ['+45 1234-5678', '+45 12 34 56 78', '+4512345678'],
    ['004512345678', '+45 12 34 56 78', '+4512345678'],
    ['+46 70 123 45 67', '+46 70 123 45 67', '+46701234567'], // the form accepts 8 digits only; kept as typed all the same
  ])('%s', (typed, text, tel) => {
    expect(formatPhone(typed)).toEqual({ text, tel });
  });
});

describe('the mail delivered to the practice (no key: plain, over forced TLS)', () => {
  const smtp = useSmtp();

  test('text and HTML parts: local time, phone and tel: link, the message exactly as typed and never markup', async () => {
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    const message = 'Hej,\n\n<b>fed</b> & <script>alert(1)</script>\n  to mellemrum\nslut';
    const before = new Date();
    await request(app)
      .post('/api/contact.php')
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({
          name: 'Søren <Ærø>',
          email: 'soeren@example.com',
          phone: '1234-5678',
          message,
          consent: true,
          lang: 'en',
        }),
      )
      .expect(200);
    const times = [danishTime(before), danishTime(new Date())];
    const mail = await simpleParser(smtp.received[0]!.raw);

    const text = mail.text ?? '';
    expect(text.split('\n').slice(0, 5)).toEqual([
      'Sprog: engelsk',
      'Navn: Søren <Ærø>',
      'Email: soeren@example.com',
      'Telefon: 12 34 56 78',
      expect.stringMatching(new RegExp(`^Samtykke til persondatapolitikken: givet (${times.join('|')})$`)),
    ]);
    expect(text.endsWith(`Besked:\n${message}`) || text.endsWith(`Besked:\n${message}\n`)).toBe(true);

    const html = mail.html || '';
    expect(html).toContain('<a href="tel:+4512345678">12 34 56 78</a>');
    expect(html).toMatch(new RegExp(`givet (${times.join('|')})`));
    expect(html).toContain('Søren &lt;Ærø&gt;');
    expect(html).toContain(
      '<pre dir="auto" style="white-space:pre-wrap;font-family:inherit">Hej,\n\n&lt;b&gt;fed&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;\n  to mellemrum\nslut</pre>',
    );
    expect(html).not.toContain('<script>');
  });

  test("an address's ? & # % = are its own in the mailto: link, not the link's header fields", async () => {
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    const before = smtp.received.length;
    const email = 'a?cc=eve%40evil.example&b#c@example.dk';
    await request(app)
      .post('/api/contact.php')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'A', email, phone: '', message: 'Hej', consent: true }))
      .expect(200);
    const mail = await simpleParser(smtp.received[before]!.raw);
    expect(mail.html || '').toContain(
      `<a href="mailto:a%3Fcc%3Deve%2540evil.example%26b%23c@example.dk">${email.replace('&', '&amp;')}</a>`,
    );
    expect(mail.replyTo?.value).toEqual([{ name: '', address: email }]);
  });
});
