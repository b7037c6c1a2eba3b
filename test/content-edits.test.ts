import { simpleParser } from 'mailparser';
import request from 'supertest';
import { type Lang, langs } from '../content/languages';
import { formatYears } from '../views/formatPage';
import { paths } from '../views/routes';
import { makeApp } from './support/app';
import { bookingApp, postJson, pressAnswer, requestFor, startIn } from './support/booking';
import { useSmtp } from './support/smtp';

// Her texts from issue 55, each changed in its JSON file as her editor would change it, and read
// where a visitor or she reads it: a policy paragraph, a crisis line, a career year and a therapy
// area on their pages in each language; her contact and booking mails and her answer page in
// Danish; the client's mail in the client's language, through the real SMTP server. The files
// are the site's own, with one text each replaced by a mark (mockEdited): so a text the site
// kept in TypeScript, or read from another file, shows here as a missing mark.

/**
 * `file`'s committed JSON (content/<file>) with the text at each key path ('crisis.lines.1.text')
 * set: what a save of her change commits.
 */
function mockEdited(file: string, edits: Record<string, string | number>): unknown {
  const json: unknown = structuredClone(jest.requireActual(`../content/${file}`));
  for (const [keyPath, value] of Object.entries(edits)) {
    const keys = keyPath.split('.');
    const parent = keys.slice(0, -1).reduce((at, key) => (at as Record<string, unknown>)[key], json);
    (parent as Record<string, unknown>)[keys.at(-1) as string] = value;
  }
  return json;
}

/** The mark a text was replaced by, in a file of `lang`. */
function mark(what: string, lang: string): string {
  return `Mark-${what}-${lang}`;
}

// jest.mock's factories run before the imports, each call as written (no loop): what each file's change is.
jest.mock('../content/da/site.json', () =>
  mockEdited('da/site.json', { 'crisis.lines.1.text': `${mark('crisis', 'da')} {phone}` }),
);
jest.mock('../content/en/site.json', () =>
  mockEdited('en/site.json', { 'crisis.lines.1.text': `${mark('crisis', 'en')} {phone}` }),
);
jest.mock('../content/fa/site.json', () =>
  mockEdited('fa/site.json', { 'crisis.lines.1.text': `${mark('crisis', 'fa')} {phone}` }),
);
jest.mock('../content/da/about.json', () =>
  mockEdited('da/about.json', { 'experience.1.from': 2020, 'experience.1.role': mark('career', 'da') }),
);
jest.mock('../content/en/about.json', () =>
  mockEdited('en/about.json', { 'experience.1.from': 2020, 'experience.1.role': mark('career', 'en') }),
);
jest.mock('../content/fa/about.json', () =>
  mockEdited('fa/about.json', { 'experience.1.from': 2020, 'experience.1.role': mark('career', 'fa') }),
);
jest.mock('../content/da/therapy.json', () => mockEdited('da/therapy.json', { 'areas.0.title': mark('area', 'da') }));
jest.mock('../content/en/therapy.json', () => mockEdited('en/therapy.json', { 'areas.0.title': mark('area', 'en') }));
jest.mock('../content/fa/therapy.json', () => mockEdited('fa/therapy.json', { 'areas.0.title': mark('area', 'fa') }));
jest.mock('../content/da/privacy.json', () =>
  mockEdited('da/privacy.json', { 'sections.controller.paragraphs.0.text': mark('policy', 'da') }),
);
jest.mock('../content/en/privacy.json', () =>
  mockEdited('en/privacy.json', { 'sections.controller.paragraphs.0.text': mark('policy', 'en') }),
);
jest.mock('../content/fa/privacy.json', () =>
  mockEdited('fa/privacy.json', { 'sections.controller.paragraphs.0.text': mark('policy', 'fa') }),
);
jest.mock('../content/da/visitorMail.json', () =>
  mockEdited('da/visitorMail.json', { 'confirmed.intro': mark('clientMail', 'da') }),
);
jest.mock('../content/en/visitorMail.json', () =>
  mockEdited('en/visitorMail.json', { 'confirmed.intro': mark('clientMail', 'en') }),
);
jest.mock('../content/fa/visitorMail.json', () =>
  mockEdited('fa/visitorMail.json', { 'confirmed.intro': mark('clientMail', 'fa') }),
);
jest.mock('../content/practitioner/practiceMail.json', () =>
  mockEdited('practitioner/practiceMail.json', { message: mark('contactMail', 'da') }),
);
jest.mock('../content/practitioner/bookingMail.json', () =>
  mockEdited('practitioner/bookingMail.json', { intro: mark('bookingMail', 'da') }),
);
jest.mock('../content/practitioner/bookingAnswer.json', () =>
  mockEdited('practitioner/bookingAnswer.json', { 'title.confirm': mark('answerPage', 'da') }),
);

const smtp = useSmtp();

describe.each(langs)('%s: her changed texts on their pages', (lang: Lang) => {
  const { app } = makeApp();
  const page = async (id: keyof typeof paths) => (await request(app).get(paths[id][lang]).expect(200)).text;

  test('a crisis line in the footer of every page, a policy paragraph on the policy', async () => {
    for (const id of ['home', 'contact'] as const) expect(await page(id)).toContain(mark('crisis', lang));
    expect(await page('privacy')).toContain(mark('policy', lang));
  });

  test('a career year and its role on the about page, a therapy area on the therapy page', async () => {
    // The year in the language's digits, from it until now; a Latin mark isolated in Persian.
    const from = formatYears({ from: 2020 }, lang, '');
    const role = `\u2066?${mark('career', lang)}\u2069?`;
    expect(await page('about')).toMatch(
      new RegExp(`<span class="timeline__years">${from}–[^<]+</span><strong>${role}</strong>`),
    );
    expect(await page('therapy')).toContain(mark('area', lang));
  });
});

test('her contact mail, in Danish', async () => {
  const { app } = makeApp({
    env: { SMTP_URL: smtp.url, MAIL_TO: 'praksis@example.dk', MAIL_FROM: 'Hjemmesiden <web@example.dk>' },
  });
  await request(app)
    .post('/api/contact.php')
    .set('Content-Type', 'application/json')
    .send(JSON.stringify({ name: 'Anna', email: 'anna@example.com', message: 'Hej', consent: true, lang: 'en' }))
    .expect(200);
  expect((await simpleParser(smtp.received[0]?.raw ?? '')).text).toContain(mark('contactMail', 'da'));
});

test.each(langs)(
  'a %s request: her booking mail and answer page in Danish, the client’s confirmation in the client’s language',
  async (lang) => {
    const { app } = bookingApp({ smtpUrl: smtp.url });
    const offered = /name="start" value="([^"]+)"/.exec((await request(app).get('/booking?service=individuel')).text);
    await postJson(app, requestFor('individuel', offered?.[1] ?? startIn(3, '09:00'), { lang })).expect(200);
    const herMail = await simpleParser(smtp.received[0]?.raw ?? '');
    expect(herMail.text).toContain(mark('bookingMail', 'da'));
    const link = new URL(/Bekræft tiden: (\S+)/.exec(herMail.text ?? '')?.[1] ?? '', 'http://localhost:3000');
    const answerPage = await request(app).get(`${link.pathname}${link.search}`).expect(200);
    expect(answerPage.text).toContain(mark('answerPage', 'da'));
    await pressAnswer(app, link.searchParams.get('t'), 'confirm').expect(200);
    const clientMail = await simpleParser(smtp.received[1]?.raw ?? '');
    expect(smtp.received[1]?.to).toEqual(['karen@example.com']);
    expect(clientMail.text).toContain(mark('clientMail', lang));
  },
);
