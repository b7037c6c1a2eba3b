import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { langs } from '../content/languages';
import { serverTexts } from '../content/serverTexts';
import { translations } from '../content/translations';
import { makeApp } from './support/app';
import { decodeHeader, parseMail, useSmtp } from './support/smtp';
import { phoneInText } from './support/texts';

// The contact form answers in the language of the page it was sent from: JSON with "lang", the
// form without JavaScript with a hidden lang field. The practice's mail says which language.

const ORIGIN = 'http://localhost:3000';
const valid = { name: 'Anna Hansen', email: 'anna@example.com', phone: '', message: 'Hello', consent: true };
const post = (app: Parameters<typeof request>[0], body: unknown) =>
  request(app).post('/api/contact.php').set('Content-Type', 'application/json').send(JSON.stringify(body));
const isolated = (lang: string) => (lang === 'fa' ? `\u2066${phoneInText}\u2069` : phoneInText);

describe.each(langs.map((l) => [l]))('in %s', (lang) => {
  const smtp = useSmtp();

  test('a validation error: the reply and every field message in the language', async () => {
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    const { form } = await translations[lang].contact();
    const res = await post(app, { name: '', email: 'x', phone: '1', message: '', consent: false, lang }).expect(400);
    expect(res.body).toEqual({ success: false, error: serverTexts[lang].replies.invalid, fields: form.fieldErrors });
    expect(smtp.received).toHaveLength(0);
  });

  test('the rate limit: its reply in the language, with the phone number', async () => {
    const { app } = makeApp({ env: { SMTP_URL: smtp.url, CONTACT_RATE_LIMIT: '1' } });
    await post(app, { ...valid, lang }).expect(200);
    const res = await post(app, { ...valid, lang }).expect(429);
    expect(res.body).toEqual({
      success: false,
      error: serverTexts[lang].replies.rateLimited.replace('{phone}', isolated(lang)),
    });
  });

  test('the mail to the practice says which language the visitor wrote in', async () => {
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    await post(app, { ...valid, lang }).expect(200);
    const { headers } = parseMail(smtp.received[0]!.raw);
    const name = { da: 'dansk', en: 'engelsk', fa: 'persisk' }[lang];
    expect((await simpleParser(smtp.received[0]!.raw)).text?.split('\n')[0]).toBe(`Sprog: ${name}`);
    expect(decodeHeader(headers.get('subject')![0]!)).toBe(
      lang === 'da' ? 'Ny henvendelse fra Anna Hansen' : `Ny henvendelse fra Anna Hansen (${name} side)`,
    );
  });
});

describe('which language', () => {
  test('no "lang" (the spec\'s five fields): Danish', async () => {
    const { app } = makeApp();
    const res = await post(app, { name: '' }).expect(400);
    expect(res.body.error).toBe(serverTexts.da.replies.invalid);
  });

  test('an unreadable body: the language of the page it came from', async () => {
    const { app } = makeApp();
    const res = await request(app)
      .post('/api/contact.php')
      .set('Content-Type', 'application/json')
      .set('Referer', `${ORIGIN}/en/contact`)
      .send('{"name":')
      .expect(400);
    expect(res.body).toEqual({ success: false, error: serverTexts.en.replies.malformed });
  });
});

describe('without JavaScript, from the Persian contact page', () => {
  const outbox = mkdtempSync(path.join(tmpdir(), 'outbox-i18n-'));
  afterAll(() => rmSync(outbox, { recursive: true, force: true }));
  const form = { name: 'آنا', email: 'anna@example.com', phone: '', message: 'سلام', consent: 'true', lang: 'fa' };
  const postForm = (app: Parameters<typeof request>[0], body: Record<string, string>) =>
    request(app).post('/api/contact.php').type('form').set('Origin', ORIGIN).send(body);
  const smtp = useSmtp();

  test('an error comes back to /fa/contact, in Persian, right to left', async () => {
    const { app } = makeApp({ env: { OUTBOX_DIR: outbox } });
    const res = await postForm(app, { ...form, email: 'x' })
      .expect(400)
      .expect('Content-Type', /html/);
    expect(res.text).toMatch(/^<!doctype html>\n<html lang="fa" dir="rtl">/);
    expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/fa/contact">');
    const { form: texts } = await translations.fa.contact();
    expect(res.text).toContain(`<p id="email-error" class="field-error">${texts.fieldErrors.email}</p>`);
    expect(res.text).toContain('value="آنا"');
    expect(res.text).toContain('<input type="hidden" name="lang" value="fa"/>');
  });

  test('a delivered message goes to /fa/contact?sent=1, where the Persian thank-you card stands', async () => {
    const { app } = makeApp({ env: { SMTP_URL: smtp.url } });
    await postForm(app, form).expect(303).expect('Location', '/fa/contact?sent=1');
    expect(smtp.received).toHaveLength(1);
    const page = await request(app).get('/fa/contact?sent=1').expect(200);
    const { form: texts } = await translations.fa.contact();
    expect(page.text).toContain(texts.success.heading);
    expect(page.text).not.toContain('<form');
  });

  test('English: /en/contact?sent=1; Danish keeps /kontakt?sendt=1', async () => {
    const { app } = makeApp({ env: { OUTBOX_DIR: outbox } });
    await postForm(app, { ...form, lang: 'en' })
      .expect(303)
      .expect('Location', '/en/contact?sent=1');
    await postForm(app, { ...form, lang: 'da' })
      .expect(303)
      .expect('Location', '/kontakt?sendt=1');
  });
});
