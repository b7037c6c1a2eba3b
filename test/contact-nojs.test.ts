import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { phoneInText } from './support/texts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { makeApp } from './support/app';
import { useSmtp } from './support/smtp';

// The form posted by a browser without JavaScript: urlencoded, answered with HTML.

const ORIGIN = 'http://localhost:3000';
const form = { name: 'Anna Hansen', email: 'anna@example.com', phone: '', message: 'Hej & tak <3', consent: 'true' };
const postForm = (app: Parameters<typeof request>[0], body: Record<string, string>, origin: string | null = ORIGIN) => {
  const req = request(app).post('/api/contact.php').type('form');
  if (origin) req.set('Origin', origin);
  return req.send(body);
};

describe('the contact form without JavaScript', () => {
  const refusing = useSmtp({ fail: true });
  const silent = useSmtp({ storesAtOnce: true, hangUpAfterData: true });
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('the server-rendered form posts to the endpoint with real field names', async () => {
    const { app } = makeApp({ env: { OUTBOX_DIR: dir } });
    const html = (await request(app).get('/kontakt')).text;
    const formTag = /<form [^>]*>/.exec(html)?.[0] ?? '';
    expect(formTag).toContain('method="post"');
    expect(formTag).toContain('action="/api/contact.php"');
    for (const name of ['name', 'email', 'phone', 'message', 'consent', 'website'])
      expect(html).toContain(`name="${name}"`);
  });

  test('a delivered message redirects (303) to the thank-you card on /kontakt', async () => {
    const { app } = makeApp({ env: { OUTBOX_DIR: dir } });
    await postForm(app, form).expect(303).expect('Location', '/kontakt?sendt=1');
    expect(await readdir(dir)).toHaveLength(1);
    const page = await request(app).get('/kontakt?sendt=1').expect(200);
    expect(page.text).toContain('Tak for din henvendelse');
    expect(page.text).toContain('Jeg har modtaget din besked og vender tilbage hurtigst muligt.');
    expect(page.text).not.toContain('<form');
  });

  test('invalid input: /kontakt again with 400, the values kept and the messages under the fields', async () => {
    const { app } = makeApp({ env: { OUTBOX_DIR: dir } });
    const res = await postForm(app, { ...form, email: 'anna@', phone: '123', consent: '' })
      .expect(400)
      .expect('Content-Type', /html/);
    expect(res.text).toContain('value="Anna Hansen"');
    expect(res.text).toContain('value="anna@"');
    expect(res.text).toContain('Hej &amp; tak &lt;3</textarea>');
    expect(res.text).toMatch(/aria-invalid="true" aria-describedby="email-error"/);
    expect(res.text).toContain('<p id="email-error" class="field-error">Indtast venligst en gyldig email-adresse</p>');
    expect(res.text).toContain('Indtast venligst et gyldigt dansk telefonnummer (8 cifre)');
    expect(res.text).toContain('Du skal give samtykke for at kunne sende beskeden');
    // The name was given: no message under it (the form's texts, in the page's data, hold them all).
    expect(res.text).not.toContain('<p id="name-error"');
    // The browser hydrates from the same state, so the page stays as the server drew it.
    const data = JSON.parse(
      /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(res.text)?.[1] ?? '{}',
    );
    // Under the form's id: a second form on the page would have its own (FormStates).
    expect(data.data.contact).toMatchObject({
      status: 'idle',
      values: { name: 'Anna Hansen', email: 'anna@' },
      errors: { email: 'Indtast venligst en gyldig email-adresse' },
    });
    expect(await readdir(dir)).toHaveLength(0);
  });

  test('a delivery failure shows the same alert text as the hydrated form, values kept', async () => {
    const { app } = makeApp({ env: { SMTP_URL: refusing.url } });
    const res = await postForm(app, form).expect(502);
    expect(res.text).toMatch(
      new RegExp(
        `<div role="alert" class="form-alert"><p class="form-alert__text">Din besked kunne ikke sendes lige nu. Prøv igen om lidt eller ring på ${phoneInText}.</p></div>`,
      ),
    );
    expect(res.text).toContain('value="Anna Hansen"');
  });

  test('a mail server that keeps the message and hangs up before its reply: 202, the form again with "may have reached me", values kept, no thank-you', async () => {
    const { app } = makeApp({ env: { SMTP_URL: silent.url } });
    const res = await postForm(app, form).expect(202).expect('Content-Type', /html/);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toContain(
      `<div role="alert" class="form-alert"><p class="form-alert__text">Din besked er måske nået frem til mig, men det kunne ikke bekræftes. Send den venligst ikke igen lige nu – ring på ${phoneInText}, hvis du vil være sikker på, at jeg har fået den.</p></div>`,
    );
    expect(res.text).toContain('value="Anna Hansen"');
    expect(res.text).toContain('Hej &amp; tak &lt;3</textarea>');
    // The form itself, not the thank-you card.
    expect(res.text).toContain('action="/api/contact.php"');
    expect(silent.received).toHaveLength(1);
  });

  test('the rate limit answers with the page and its alert, status 429', async () => {
    const { app } = makeApp({ env: { OUTBOX_DIR: dir, CONTACT_RATE_LIMIT: '1' } });
    await postForm(app, form).expect(303);
    const res = await postForm(app, form).expect(429).expect('Content-Type', /html/);
    expect(res.text).toContain('Du har sendt for mange beskeder. Prøv igen senere eller ring på');
  });

  test('the honeypot pretends success and sends nothing', async () => {
    const { app } = makeApp({ env: { OUTBOX_DIR: dir } });
    await postForm(app, { ...form, website: 'x' }).expect(303);
    expect(await readdir(dir)).toHaveLength(0);
  });

  test('a post from another site is refused with 403 and nothing is sent', async () => {
    const { app } = makeApp({ env: { OUTBOX_DIR: dir } });
    await postForm(app, form, 'https://evil.example').expect(403);
    await postForm(app, form, null).expect(403);
    await postForm(app, form, null).set('Sec-Fetch-Site', 'cross-site').expect(403);
    expect(await readdir(dir)).toHaveLength(0);
  });

  test('without an Origin header, Sec-Fetch-Site: same-origin is accepted', async () => {
    const { app } = makeApp({ env: { OUTBOX_DIR: dir } });
    await postForm(app, form, null).set('Sec-Fetch-Site', 'same-origin').expect(303);
  });

  test('other content types are still 415', async () => {
    const { app } = makeApp({ env: { OUTBOX_DIR: dir } });
    await request(app)
      .post('/api/contact.php')
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .send('--x--')
      .expect(415);
  });
});
