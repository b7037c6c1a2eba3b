import { simpleParser } from 'mailparser';
import request from 'supertest';
import { makeApp } from './support/app';
import { useSmtp } from './support/smtp';

// A phone number typed on a Persian or Arabic keyboard, or in full-width digits, is accepted by
// the endpoint (JSON from the hydrated form, urlencoded from the form without JavaScript) and
// reaches the practice written as Danish numbers are: '12 34 56 78', with a link that dials it.

const ORIGIN = 'http://localhost:3000';
const message = {
  name: 'Sara',
  email: 'sara@example.com',
  message: 'سلام، می‌خواهم وقت بگیرم.',
  consent: true,
  lang: 'fa',
};

const typings = [
  ['Persian', '۱۲ ۳۴ ۵۶ ۷۸'],
  ['Arabic-Indic', '١٢٣٤٥٦٧٨'],
  ['full-width', '１２-３４-５６-７８'],
  ['mixed', '۱۲ 34 ٥٦ ７８'],
] as const;

const smtp = useSmtp();

async function practiceReads(): Promise<{ text: string; html: string }> {
  expect(smtp.received).toHaveLength(1);
  const mail = await simpleParser(smtp.received[0]!.raw);
  return { text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
}

describe.each(typings)('%s digits (%s)', (_script, phone) => {
  test('JSON: accepted, and the practice reads 12 34 56 78', async () => {
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    await request(app)
      .post('/api/contact.php')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ ...message, phone }))
      .expect(200, { success: true });
    const { text, html } = await practiceReads();
    expect(text).toContain('\nTelefon: 12 34 56 78\n');
    expect(html).toContain('<a href="tel:+4512345678">12 34 56 78</a>');
  });

  test('the form without JavaScript: accepted, thanked for on the Persian page, and the practice reads 12 34 56 78', async () => {
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    await request(app)
      .post('/api/contact.php')
      .type('form')
      .set('Origin', ORIGIN)
      .send({ ...message, phone, consent: 'true' })
      .expect(303)
      .expect('Location', '/fa/contact?sent=1');
    expect((await practiceReads()).text).toContain('\nTelefon: 12 34 56 78\n');
  });
});

test('seven Persian digits are still too few: the Persian page says so under the field, and nothing is sent', async () => {
  const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
  const res = await request(app)
    .post('/api/contact.php')
    .type('form')
    .set('Origin', ORIGIN)
    .send({ ...message, phone: '۱۲۳۴۵۶۷', consent: 'true' })
    .expect(400);
  expect(res.text).toContain(
    '<p id="phone-error" class="field-error">لطفاً یک شماره‌ی تلفن معتبر دانمارکی (۸ رقم) وارد کنید</p>',
  );
  expect(res.text).toContain('value="۱۲۳۴۵۶۷"');
  expect(smtp.received).toHaveLength(0);
});
