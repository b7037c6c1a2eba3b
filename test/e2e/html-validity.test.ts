import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { HtmlValidate, StaticConfigLoader, type Message } from 'html-validate';
import { eventually, fetchText, ROUTES, startSnapshotServer, type Fetched, type Server } from './harness';
import { OPERATOR_TOKEN } from '../support/operator';

// The server's HTML of every page (and of the states a visitor without JavaScript sees)
// through html-validate's recommended rules. No browser: this runs even without Chromium.

const validator = new HtmlValidate(
  new StaticConfigLoader({
    extends: ['html-validate:recommended'],
    // Style rules only, each set to how the markup is written rather than turned off, except
    // void-style: React writes <br/> and <input/> while server/http/render.tsx writes <meta> and
    // <link>; both are valid HTML, and React's cannot be changed. React also writes boolean
    // attributes as required="" / hidden="" and keeps the camelCase of some props
    // (autoComplete, noValidate, inputMode, dateTime: HTML attribute names are
    // case-insensitive); server/http/render.tsx writes <!doctype html>. Phone numbers are kept on
    // one line by the stylesheet's .tel rule rather than by &nbsp; (checked in a browser by
    // e2e/everyPage.ts's reflow check).
    rules: {
      'tel-non-breaking': ['error', { ignoreClasses: ['tel'] }],
      'void-style': 'off',
      'attribute-boolean-style': ['error', { style: 'empty' }],
      'attribute-empty-style': ['error', { style: 'empty' }],
      'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
      'doctype-style': ['error', { style: 'lowercase' }],
    },
  }),
);

/** A urlencoded post of the contact form (or another form), as a browser without JavaScript sends it. */
function postForm(server: Server, fields: Record<string, string>, path = '/api/contact.php'): Promise<Fetched> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.origin}${path}`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
          Origin: server.origin,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function expectValid(where: string, html: string) {
  const report = await validator.validateString(html, `${where}.html`);
  const messages: Message[] = report.results.flatMap((r) => r.messages);
  if (messages.length === 0) return;
  const lines = html.split('\n');
  const text = messages
    .map((m) => {
      const source = (lines[m.line - 1] ?? '').slice(Math.max(0, m.column - 60), m.column + 60);
      return `${m.line}:${m.column} ${m.ruleId}: ${m.message}${m.selector ? ` (${m.selector})` : ''}\n      …${source}…`;
    })
    .join('\n  ');
  throw new Error(`html-validate found ${messages.length} problem(s) in ${where}:\n  ${text}`);
}

describe('HTML validity (html-validate:recommended)', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startSnapshotServer();
  }, 20_000);

  afterAll(async () => {
    await server?.stop();
  });

  for (const route of ROUTES) {
    test(`${route}`, async () => {
      const page = await fetchText(server.origin + route);
      expect(page.status).toBe(200);
      await expectValid(route, page.body);
    });
  }

  test('an unknown path (404, the home page stands in)', async () => {
    const page = await fetchText(`${server.origin}/findes-ikke`);
    expect(page.status).toBe(404);
    await expectValid('/findes-ikke', page.body);
  });

  test('/kontakt?sendt=1 (the thank-you card after a post without JavaScript)', async () => {
    const page = await fetchText(`${server.origin}/kontakt?sendt=1`);
    expect(page.status).toBe(200);
    await expectValid('/kontakt?sendt=1', page.body);
  });

  test('/kontakt with field errors (an invalid post without JavaScript)', async () => {
    const page = await postForm(server, { name: '', email: 'nope', phone: '123', message: '', website: '' });
    expect(page.status).toBe(400);
    expect(page.body).toContain('Indtast venligst en gyldig email-adresse');
    await expectValid('/kontakt (field errors)', page.body);
  });
});

describe('HTML validity of the booking pages while booking is on (the sample feed)', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startSnapshotServer({ BOOKING_CALENDAR_URL: 'docs/sample-calendar.ics' });
    // The feed is read in the background after start-up: the pages offer times once it has been.
    await eventually(async () => {
      const health = JSON.parse((await fetchText(`${server.origin}/healthz?token=${OPERATOR_TOKEN}`)).body);
      expect(health.booking?.state).toBe('fresh');
    }, 10_000);
  }, 20_000);

  afterAll(async () => {
    await server?.stop();
  });

  for (const route of [
    '/booking',
    '/booking?service=individuel&format=online&weeks=2',
    '/en/booking?service=par',
    '/fa/booking?service=boern',
    '/persondatapolitik',
  ]) {
    test(route, async () => {
      const page = await fetchText(server.origin + route);
      expect(page.status).toBe(200);
      await expectValid(route, page.body);
    });
  }

  test('a request with field errors, then a request sent (posts without JavaScript)', async () => {
    const times = await fetchText(`${server.origin}/booking?service=individuel`);
    const start = /name="start" value="([^"]+)"/.exec(times.body)?.[1] as string;
    expect(start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d[+-]\d\d:\d\d$/);
    const details = {
      service: 'individuel',
      format: 'clinic',
      start,
      name: 'Karen Blixen',
      email: 'karen@example.com',
      phone: '87654321',
      message: '',
      lang: 'da',
    };
    const invalid = await postForm(server, { ...details, phone: '' }, '/api/booking');
    expect(invalid.status).toBe(400);
    await expectValid('/api/booking (field errors)', invalid.body);
    const sent = await postForm(server, { ...details, consent: 'true' }, '/api/booking');
    expect(sent.status).toBe(200);
    await expectValid('/api/booking (sent)', sent.body);
  });

  test("the practitioner's answer pages: asking, declined, already answered, a link that does not work", async () => {
    const outbox = readdirSync(server.outboxDir).sort();
    const mail = await simpleParser(readFileSync(path.join(server.outboxDir, outbox.at(-1) as string)));
    const token = /\/booking\/afvis\?t=(\S+)/.exec(mail.text ?? '')?.[1] as string;
    for (const link of [`/booking/bekraeft?t=${token}`, `/booking/afvis?t=${token}`]) {
      const page = await fetchText(server.origin + link);
      expect(page.status).toBe(200);
      await expectValid(link.slice(0, 16), page.body);
    }
    const declined = await postForm(server, { t: token, answer: 'decline', message: 'Ring gerne.' }, '/booking/svar');
    expect(declined.status).toBe(200);
    await expectValid('/booking/svar (declined)', declined.body);
    await expectValid('/booking/afvis (already)', (await fetchText(`${server.origin}/booking/afvis?t=${token}`)).body);
    const broken = await fetchText(`${server.origin}/booking/bekraeft?t=x`);
    expect(broken.status).toBe(400);
    await expectValid('/booking/bekraeft (a broken link)', broken.body);
  });
});
