import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { bookingRules, serviceMinutes } from '../content/booking';
import { answerDue } from '../server/booking/answerWindow';
import { sealRequest } from '../server/booking/decision/token';
import { bookingApp, comingStarts, requestFor, TEST_BOOKING_SECRET, type App } from './support/booking';
import { fakeCalendar } from './support/fakeCalendar';
import { hangUp } from './support/rawHttp';
import { eventually } from './support/eventually';
import { visitorMessage } from './support/builtServer';
import { useSmtp } from './support/smtp';
import { formRouter } from '../server/forms/pipeline';
import { callbackApp, callbackForm } from './support/recipeForm/server';
import { MINUTE_MS } from '../views/days';

// Every form goes through one pipeline (server/forms/pipeline.ts): each step of it, for each
// form, answers the same way and counts the same way. A form added later is one more row of
// `forms`: its path, its variables, a valid post (the i-th one, each different) and an invalid one.
// The last row is a form made by docs/recipes.md's recipe alone (test/support/recipeForm/), mounted
// in front of the site: what the recipe says is all a new form needs to pass every step.

interface FormCase {
  name: string;
  path: string;
  /** The variables of its visitor limit and its site cap; none for the recipe's form, whose limits the test gives. */
  vars?: { limit: string; site: string };
  /** The i-th valid post (a booking asks for another time each time; an answer presses another request's link). */
  valid: (i: number) => Record<string, unknown>;
  /** A post the form refuses (400), and the field it names in JSON ('' for a form that answers with a page). */
  invalid: { body: Record<string, unknown>; field: string };
  /**
   * Whether an invalid post costs the sender's own count: not a typing mistake (a link that is not
   * ours) but guessing, which the visitor's limit bounds. Never the site's.
   */
  invalidCosts: boolean;
}

const starts = comingStarts();
/** One a day: no two of them meet. */
const nineOClock = starts.filter((s) => s.includes('T09:00'));
/** The answer links' texts (one request each), sealed as the booking form seals them. */
const links: string[] = [];
beforeAll(async () => {
  const now = new Date();
  for (const [i, start] of nineOClock.entries()) {
    const at = new Date(start);
    links.push(
      await sealRequest(
        {
          hold: `hold-${i}`,
          visitor: 'visitor',
          service: 'individuel',
          format: 'clinic',
          start: at,
          end: new Date(at.getTime() + serviceMinutes('individuel') * MINUTE_MS),
          name: 'Karen Blixen',
          email: 'karen@example.com',
          lang: 'da',
          expires: new Date(Math.min(answerDue(bookingRules, now).getTime(), at.getTime())),
        },
        Buffer.from(TEST_BOOKING_SECRET, 'hex'),
        'http://localhost:3000',
      ),
    );
  }
});
const forms: FormCase[] = [
  {
    name: 'contact',
    path: '/api/contact.php',
    vars: { limit: 'CONTACT_RATE_LIMIT', site: 'CONTACT_SITE_LIMIT' },
    valid: () => visitorMessage,
    invalid: { body: { ...visitorMessage, email: 'nope' }, field: 'email' },
    invalidCosts: false,
  },
  {
    name: 'booking',
    path: '/api/booking',
    vars: { limit: 'BOOKING_RATE_LIMIT', site: 'BOOKING_SITE_LIMIT' },
    valid: (i) => requestFor('individuel', nineOClock[i] as string),
    invalid: { body: requestFor('individuel', nineOClock[0] as string, { email: 'nope' }), field: 'email' },
    invalidCosts: false,
  },
  {
    name: 'answer',
    path: '/booking/svar',
    vars: { limit: 'BOOKING_ANSWER_RATE_LIMIT', site: 'BOOKING_ANSWER_SITE_LIMIT' },
    valid: (i) => ({ t: links[i], answer: 'confirm' }),
    invalid: { body: { t: 'not.one.of.ours.at-all', answer: 'confirm' }, field: '' },
    invalidCosts: true,
  },
  {
    name: 'callback',
    path: '/api/callback',
    valid: (i) => ({ phone: `8765432${i % 10}`, lang: 'da' }),
    invalid: { body: { phone: '123', lang: 'da' }, field: 'phone' },
    invalidCosts: false,
  },
];

const smtp = useSmtp();
const failing = useSmtp({ fail: true });

/** The site (booking on, so both forms are there) with a form's limits, behind one proxy. */
function site(form: FormCase, limits: { limit: number; site: number }, smtpUrl = smtp.url) {
  const vars = form.vars ? { [form.vars.limit]: String(limits.limit), [form.vars.site]: String(limits.site) } : {};
  const built = bookingApp({ smtpUrl, calendar: fakeCalendar(starts), env: { TRUST_PROXY: '1', ...vars } });
  if (form.vars) return built;
  const { services, config, logger } = built;
  const window = { windowMs: 60_000 };
  const app = callbackApp(
    {
      mailer: services.mailer,
      rateLimit: services.rateLimit,
      mailTo: config.mailTo,
      mailFrom: config.mailFrom,
      limits: { visitor: { limit: limits.limit, ...window }, site: { limit: limits.site, ...window } },
      logger,
      baseUrl: config.baseUrl,
      trustProxy: 1,
    },
    built.app,
  );
  return { ...built, app };
}

const post = (app: App, form: FormCase, body: unknown, ip = '203.0.113.7') =>
  request(app)
    .post(form.path)
    .set('Content-Type', 'application/json')
    .set('X-Forwarded-For', ip)
    .send(JSON.stringify(body));
const postForm = (app: App, form: FormCase, body: string, origin = 'http://localhost:3000') =>
  request(app).post(form.path).type('form').set('Origin', origin).set('X-Forwarded-For', '203.0.113.7').send(body);
const urlencoded = (body: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();

describe.each(forms)('$name: every step of the one pipeline', (form) => {
  test('too large: 413, nothing sent, nothing counted', async () => {
    const { app } = site(form, { limit: 1, site: 5 });
    await post(app, form, { ...form.valid(0), message: 'x'.repeat(300_000) }).expect(413);
    await post(app, form, form.valid(1)).expect(200);
    expect(smtp.received).toHaveLength(1);
  });

  test('too many fields, urlencoded or JSON: 400, nothing sent, nothing counted', async () => {
    const { app } = site(form, { limit: 1, site: 5 });
    const extra = Object.fromEntries(Array.from({ length: 150 }, (_v, i) => [`extra${i}`, '1']));
    const formAnswer = await postForm(app, form, urlencoded({ ...form.valid(0), ...extra })).expect(400);
    expect(formAnswer.headers['cache-control']).toBe('no-store');
    await post(app, form, { ...form.valid(0), ...extra }).expect(400);
    await post(app, form, form.valid(1)).expect(200);
    expect(smtp.received).toHaveLength(1);
  });

  test("another site's form post: 403, nothing sent, nothing counted", async () => {
    const { app } = site(form, { limit: 1, site: 5 });
    for (let i = 0; i < 3; i++)
      await postForm(app, form, urlencoded(form.valid(0)), 'https://evil.example')
        .expect(403)
        .expect('Cache-Control', 'no-store');
    await post(app, form, form.valid(1)).expect(200);
    expect(smtp.received).toHaveLength(1);
  });

  test("the honeypot: thanked, nothing sent; it counts against the bot, not towards the site's cap", async () => {
    const { app } = site(form, { limit: 2, site: 1 });
    const thanked = await post(app, form, { ...form.valid(0), website: 'http://spam.example' }).expect(200);
    if (form.invalid.field) expect(thanked.body.success).toBe(true);
    await post(app, form, { ...form.valid(0), website: 'http://spam.example' }).expect(200);
    await post(app, form, { ...form.valid(0), website: 'http://spam.example' }).expect(429);
    expect(smtp.received).toHaveLength(0);
    await post(app, form, form.valid(1), '203.0.113.8').expect(200);
    expect(smtp.received).toHaveLength(1);
  });

  test("the visitor's limit: 429 with the RateLimit headers; another visitor is not affected", async () => {
    const { app, logs } = site(form, { limit: 2, site: 0 });
    await post(app, form, form.valid(0)).expect(200);
    await post(app, form, form.valid(1)).expect(200);
    const refused = await post(app, form, form.valid(2)).expect(429);
    if (form.invalid.field) expect(refused.body.success).toBe(false);
    expect(refused.headers.ratelimit).toMatch(/^limit=2,/);
    expect(refused.headers['cache-control']).toBe('no-store');
    await post(app, form, form.valid(3), '203.0.113.9').expect(200);
    expect(smtp.received).toHaveLength(3);
    expect(logs.lines.filter((l) => l.outcome === 'rate-limited')).toHaveLength(1);
  });

  test("the site's cap: 503 with Retry-After, the visitor's count given back; the operator told once", async () => {
    const { app, logs } = site(form, { limit: 1, site: 1 });
    await post(app, form, form.valid(0), '203.0.113.1').expect(200);
    const capped = await post(app, form, form.valid(1), '203.0.113.2').expect(503);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await post(app, form, form.valid(2), '203.0.113.3').expect(503);
    expect(smtp.received).toHaveLength(1);
    // Traffic, not a fault: the refusals are warnings with their outcome, nothing at error (50).
    expect(logs.lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    expect(logs.lines.filter((l) => l.level === 40 && l.refused === 'site-limited')).toHaveLength(2);
    expect(logs.lines.filter((l) => new RegExp(`^${form.name} site limit reached`).test(String(l.msg)))).toHaveLength(
      1,
    );
  });

  test('hanging up gives nothing back: of four posts closed at once, at most the limit (2) are sent', async () => {
    const { app, logs } = site(form, { limit: 2, site: 0 });
    const server: Server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (let i = 0; i < 4; i++)
        await hangUp(
          port,
          {
            method: 'POST',
            target: form.path,
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' },
            body: JSON.stringify(form.valid(i)),
          },
          5,
        );
      // Every post is handled to its end, answered or not.
      await eventually(() => expect(logs.lines.filter((l) => l.outcome !== undefined).length).toBe(4), 10_000);
      expect(smtp.received).toHaveLength(2);
      await post(app, form, form.valid(5)).expect(429);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("invalid input: 400, never the site's count; the sender's own given back for a typing mistake, kept for guessing", async () => {
    const { app, logs } = site(form, { limit: 1, site: 1 });
    for (let i = 0; i < (form.invalidCosts ? 1 : 3); i++) {
      const refused = await post(app, form, form.invalid.body).expect(400);
      if (form.invalid.field) expect(refused.body.fields).toHaveProperty(form.invalid.field);
    }
    // Another address: the site's cap of one is whole.
    await post(app, form, form.valid(1), '203.0.113.8').expect(200);
    // The sender again: their own count (the visitor's limit comes first), or the site's, now used.
    await post(app, form, form.valid(2)).expect(form.invalidCosts ? 429 : 503);
    expect(smtp.received).toHaveLength(1);
    expect(logs.lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });

  test('without JavaScript a refusal keeps its status: the page again, with 400', async () => {
    const { app } = site(form, { limit: 5, site: 5 });
    const refused = await postForm(app, form, urlencoded(form.invalid.body)).expect(400);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  test("not delivered: 502, the visitor's count given back, the site's kept", async () => {
    const { app } = site(form, { limit: 1, site: 2 }, failing.url);
    await post(app, form, form.valid(0)).expect(502);
    await post(app, form, form.valid(1)).expect(502);
    await post(app, form, form.valid(2)).expect(503);
  });
});

test("a form whose body limit leaves no room for the field-count check is refused when it is defined, not on a visitor's post", () => {
  const { services, config } = site(forms[3] as FormCase, { limit: 1, site: 1 });
  const limit = { limit: 1, windowMs: 60_000 };
  const deps = {
    ...services,
    mailTo: config.mailTo,
    mailFrom: config.mailFrom,
    limits: { visitor: limit, site: limit },
  };
  const define = (bodySlack: number) => () =>
    formRouter({ ...callbackForm(deps), bodySlack }, { baseUrl: config.baseUrl, rateLimit: services.rateLimit });
  // 40 characters × 9 + 512 = 872 bytes: 150 short fields would be "too large" (413), never "too many" (400).
  expect(define(512)).toThrow(
    /form callback: its body limit \(872 bytes\) leaves no room for the check of its field count/,
  );
  expect(define(3072)).not.toThrow();
});
