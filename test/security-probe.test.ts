import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { BODY_LIMIT } from '../server/contact/endpoint';
import { maxLength } from '../views/forms/fields';
import { eventually } from './support/eventually';
import { startTestServer, visitorMessage, type BuiltServer, type LogLine } from './support/builtServer';
import { asOperator } from './support/operator';
import { cpuUs } from '../scripts/processStats';
import { BOUND_MS, expectBounded, form, json, jsonOfSize } from './support/bounded';
import { hangUp, raw, rawSent, type RawRequest } from './support/rawHttp';
import { refusingSmtpUrl, useSmtp } from './support/smtp';

// The findings of a security probe against the production build, each as the attacker sent it,
// on the built server (`node dist/server.js`): requests that stalled the process, a limit undone
// by hanging up, redirects built from the request, addresses that were two, encoded-words in a
// name, personal pages a cache could keep, a /healthz that said too much, error logs filled by
// visitors' mistakes. Each test failed on the code before the fix.

const smtp = useSmtp();
let outbox: string;
/** NODE_ENV=test behind one proxy, mail to the outbox (fast), no limit in the way: for the timings. */
let site: BuiltServer;
/** The same with a real SMTP server and the default limit (5 in 15 minutes). */
let mail: BuiltServer;
/** Production behind one proxy at https://praksis.example. */
let prod: BuiltServer;

beforeAll(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), 'probe-outbox-'));
  [site, mail, prod] = await Promise.all([
    startTestServer({ OUTBOX_DIR: outbox, TRUST_PROXY: '1', CONTACT_RATE_LIMIT: '10000', CONTACT_SITE_LIMIT: '0' }),
    startTestServer({ SMTP_URL: smtp.url, MAIL_TO: 'praksis@example.dk', TRUST_PROXY: '1' }),
    startTestServer({
      NODE_ENV: 'production',
      SMTP_URL: smtp.url,
      TRUST_PROXY: '1',
      BASE_URL: 'https://praksis.example',
    }),
  ]);
  // The first requests compile what a page needs: warm up before anything is timed.
  for (const server of [site, mail, prod])
    for (let i = 0; i < 3; i++)
      await raw(server.port, { target: '/kontakt', headers: { 'X-Forwarded-Proto': 'https' } });
}, 30_000);

afterAll(async () => {
  for (const server of [site, mail, prod]) server?.kill();
  await rm(outbox, { recursive: true, force: true });
});

describe('every input costs time linear in its size', () => {
  test('the probe\'s email ("a@", 96,000 dots, "@"; 21 s before) and the other worst shapes of each field, at and beyond the limits', async () => {
    const shapes: RawRequest[] = [
      jsonOfSize('email', '.', BODY_LIMIT, ['a@', '@']),
      jsonOfSize('email', '.', BODY_LIMIT, ['a@', '']),
      jsonOfSize('email', '@', BODY_LIMIT),
      jsonOfSize('email', ' ', BODY_LIMIT, ['a', '@b.c']),
      jsonOfSize('email', 'a.', BODY_LIMIT, ['', '@']),
      jsonOfSize('name', '.@ ', BODY_LIMIT),
      jsonOfSize('phone', '1 ', BODY_LIMIT),
      jsonOfSize('message', '\u2028', BODY_LIMIT),
      // Each field at its limit at once, of the characters that cost the old rules most.
      json({
        ...visitorMessage,
        name: '@'.repeat(maxLength.name),
        email: `a@${'.'.repeat(maxLength.email - 3)}@`,
        phone: '1 '.repeat(maxLength.phone / 2),
        message: '.@'.repeat(maxLength.message / 2),
      }),
      json({
        ...visitorMessage,
        email: `${'a.'.repeat((maxLength.email - 6) / 2)}a@b.dk`,
        message: 'x'.repeat(maxLength.message),
      }),
      // The whole body at its limit, and one byte beyond.
      jsonOfSize('message', 'x', BODY_LIMIT),
      jsonOfSize('message', 'x', BODY_LIMIT + 1),
      // Without JavaScript: the same email in a form, and a form of nothing but separators.
      form(`email=a%40${'.'.repeat(BODY_LIMIT - 40)}%40&name=A`),
      form('&'.repeat(BODY_LIMIT - 10)),
      form(`${'a=1&'.repeat(Math.floor((BODY_LIMIT - 100) / 4))}message=hej`),
    ];
    for (const shape of shapes) {
      expect(Buffer.byteLength(shape.body ?? '')).toBeLessThanOrEqual(BODY_LIMIT + 1);
      await expectBounded(site, shape);
    }
  }, 60_000);

  test('paths and headers: runs of slashes (0.5 s each before) and backslashes, a long X-Forwarded-For, Accept-Encoding and Content-Type', async () => {
    const long = 15_000;
    // A run of slashes between two letters: the old trailing-slash pattern tried it from each slash.
    const slashes = await expectBounded(site, { target: `/a${'/'.repeat(long)}a/` });
    expect([slashes.status, slashes.headers.location]).toEqual([301, '/a/a']);
    await expectBounded(site, { target: '/'.repeat(long) });
    await expectBounded(site, { target: `/${'\\'.repeat(long)}` });
    await expectBounded(site, { target: `${'/a'.repeat(long / 2)}/` });
    await expectBounded(site, { target: `/kontakt?${'/'.repeat(long)}` });
    await expectBounded(site, { target: '/', headers: { 'X-Forwarded-For': '1,'.repeat(long / 2) } });
    await expectBounded(site, { target: '/', headers: { 'X-Forwarded-For': ' '.repeat(long) } });
    await expectBounded(site, { target: '/', headers: { 'Accept-Encoding': `${' '.repeat(long)}gzip` } });
    await expectBounded(site, { target: '/', headers: { 'Accept-Encoding': 'gzip;q=0.5,'.repeat(long / 11) } });
    await expectBounded(site, {
      ...json(visitorMessage),
      headers: { 'Content-Type': `application/json;${' '.repeat(long)}charset=utf-8` },
    });
    await expectBounded(site, {
      ...json(visitorMessage),
      headers: { 'Content-Type': `application/json${'; a=b'.repeat(long / 6)}` },
    });
  }, 60_000);

  test('eight such paths in parallel (4 s busy before) leave /healthz answering, all of them within the bound', async () => {
    const before = cpuUs(site.child.pid);
    const paths = Array.from({ length: 8 }, () => rawSent(site.port, { target: `/a${'/'.repeat(15_000)}a/` }));
    await Promise.all(paths.map((p) => p.sent));
    const health = await raw(site.port, { target: '/healthz' });
    expect(health.status).toBe(200);
    for (const answer of await Promise.all(paths.map((p) => p.answer))) expect(answer.status).toBe(301);
    // The server's CPU time for the nine together (see ./support/bounded.ts).
    const cost = ((cpuUs(site.child.pid) ?? Number.NaN) - (before ?? Number.NaN)) / 1000;
    expect(Number.isNaN(cost) || cost < BOUND_MS).toBe(true);
  });
});

describe('the limit counts what was delivered', () => {
  test('40 posts from one address, each connection closed 5 ms after sending (40 of 40 delivered before): at most the limit (5) delivered', async () => {
    const before = smtp.received.length;
    const posted = mail.lines().filter((l) => l.msg === 'contact form').length;
    for (let i = 0; i < 40; i++) await hangUp(mail.port, json(visitorMessage), 5);
    // Every post was handled to its end (delivered, or refused by the limit), answered or not.
    await eventually(
      () => expect(mail.lines().filter((l) => l.msg === 'contact form').length).toBe(posted + 40),
      20_000,
    );
    expect(smtp.received.length - before).toBe(5);
    // And the next one who waits for the answer is refused too.
    expect((await raw(mail.port, json(visitorMessage))).status).toBe(429);
  }, 30_000);

  test('behind TRUST_PROXY, a forwarded value that is not an IP address is no key of its own (unlimited before)', async () => {
    const before = smtp.received.length;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const post = json(visitorMessage);
      const answer = await raw(mail.port, {
        ...post,
        headers: { ...post.headers, 'X-Forwarded-For': `not-an-address-${i}-${'x'.repeat(8000)}` },
      });
      statuses.push(answer.status);
    }
    // They all count as the proxy's own address (here the test's, 127.0.0.1, already used up above).
    expect(statuses).toEqual(Array(8).fill(429));
    expect(smtp.received.length).toBe(before);
    // A real address is still a visitor of its own, IPv6 per /56.
    const post = json(visitorMessage);
    expect(
      (await raw(mail.port, { ...post, headers: { ...post.headers, 'X-Forwarded-For': '2001:db8:1:100::1' } })).status,
    ).toBe(200);
  });
});

describe('redirects from the configuration, never from the request', () => {
  test('Host: evil.example over http goes to BASE_URL (it went to https://evil.example/kontakt), with Cache-Control', async () => {
    const answer = await raw(prod.port, {
      target: '/kontakt?x=1',
      headers: { Host: 'evil.example', 'X-Forwarded-Proto': 'http' },
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://praksis.example/kontakt?x=1');
    expect(answer.headers['cache-control']).toBeDefined();
  });

  test('an absolute-form request line (it gave https://praksis.examplehttp://evil.example/kontakt)', async () => {
    const answer = await raw(prod.port, {
      target: 'http://evil.example/kontakt',
      headers: { Host: 'praksis.example', 'X-Forwarded-Proto': 'http' },
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://praksis.example/kontakt');
  });

  test('a contact post over plain http in production is not taken: 308 to https, nothing delivered (it was delivered)', async () => {
    const before = smtp.received.length;
    const post = json({ ...visitorMessage, email: 'klartekst@example.com' });
    const answer = await raw(prod.port, {
      ...post,
      headers: { ...post.headers, 'X-Forwarded-Proto': 'http', 'X-Forwarded-For': '198.51.100.20' },
    });
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe('https://praksis.example/api/contact.php');
    expect(answer.headers['cache-control']).toBe('no-store');
    // The same post over https, after it, is delivered (the endpoint answers once the mail is
    // out): it is the only one that arrived.
    const https = json({ ...visitorMessage, email: 'kontrol@example.com' });
    const delivered = await raw(prod.port, {
      ...https,
      headers: { ...https.headers, 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '198.51.100.21' },
    });
    expect(delivered.status).toBe(200);
    expect(
      smtp.received.slice(before).map((m) => [m.raw.includes('kontrol@example.com'), m.raw.includes('klartekst')]),
    ).toEqual([[true, false]]);
  });

  test.each([
    ['/\\evil.example/', '/evil.example'],
    ['/\\evil.example', '/evil.example'],
    ['//evil.example', '/evil.example'],
    ['/\\/\\evil.example/kontakt/', '/evil.example/kontakt'],
  ])(
    '%s is redirected to %s, on the site (it went to /\\evil.example, another host to a browser)',
    async (target, location) => {
      const answer = await raw(prod.port, { target, headers: { 'X-Forwarded-Proto': 'https' } });
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe(location);
      expect(new URL(answer.headers.location!, 'https://praksis.example/').host).toBe('praksis.example');
      expect(answer.headers['cache-control']).toBeDefined();
    },
  );
});

describe("the visitor writes no header of the practice's mail", () => {
  test.each([
    // As the probe sent it: with the name Eve, Reply-To became "Eve <attacker@evil.example,postmaster>", two recipients.
    'attacker@evil.example,postmaster',
    'a,b@evil.example',
    // In encrypted mail, Reply-To became b@evil.example.
    'a;b@evil.example',
    'a<b>@evil.example',
    '"a"@evil.example',
    'a(b)@evil.example',
    'a\\b@evil.example',
    'a\u0085@evil.example',
    'a@evil.example\u0085',
  ])('%j is refused as an email address (it was taken)', async (email) => {
    const before = smtp.received.length;
    const answer = await raw(site.port, json({ ...visitorMessage, email }));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).fields).toEqual({ email: 'Indtast venligst en gyldig email-adresse' });
    expect(smtp.received.length).toBe(before);
  });

  test('a name typed as encoded-words reaches the subject as the characters typed: no line break, no Bcc (mail programs decoded one)', async () => {
    const name = '=?utf-8?Q?Anna=0D=0ABcc:_eve@evil.example?= =?utf-8?B?DQpCY2M6IGV2ZUBldmlsLmV4YW1wbGU=?=';
    const before = smtp.received.length;
    const post = json({ ...visitorMessage, name, email: 'Anna.Hansen@Example.COM' });
    const answer = await raw(mail.port, { ...post, headers: { ...post.headers, 'X-Forwarded-For': '198.51.100.30' } });
    expect(answer.status).toBe(200);
    await eventually(() => expect(smtp.received.length).toBe(before + 1));
    const received = smtp.received[before]!;
    expect(received.to).toEqual(['praksis@example.dk']);
    const parsed = await simpleParser(received.raw);
    expect(parsed.subject).toBe(`Ny henvendelse fra ${name}`);
    expect(parsed.headers.has('bcc')).toBe(false);
    expect(parsed.bcc).toBeUndefined();
    // Reply goes to exactly the address the mail shows, and nobody else; no name to decode.
    expect(parsed.text).toContain('\nEmail: Anna.Hansen@example.com\n');
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: 'Anna.Hansen@example.com' }]);
  });
});

describe('nothing personal is cacheable', () => {
  test("the no-JavaScript form's refusal repeats the name and message with Cache-Control: no-store (an ETag, cacheable, before)", async () => {
    const answer = await raw(
      site.port,
      form('name=Anna+Hansen&email=nope&message=Jeg+har+det+sv%C3%A6rt&consent=true&lang=da'),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('Jeg har det svært');
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  test('every JSON answer of the endpoint is no-store: sent, refused, wrong method', async () => {
    const sent = await raw(site.port, json(visitorMessage));
    const refused = await raw(site.port, json({ ...visitorMessage, email: 'nope' }));
    const method = await raw(site.port, { target: '/api/contact.php' });
    expect([sent.status, refused.status, method.status]).toEqual([200, 400, 405]);
    for (const answer of [sent, refused, method]) expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('/healthz is for the operator', () => {
  test('anyone gets {"status":"ok"} only (it said when the rate limit was off); the operator gets the details', async () => {
    const anyone = await raw(site.port, { target: '/healthz' });
    expect([anyone.status, anyone.body]).toEqual([200, '{"status":"ok"}']);
    const operator = await raw(site.port, { target: '/healthz', headers: asOperator });
    expect(JSON.parse(operator.body)).toEqual({ status: 'ok', rateLimit: 'memory' });
  });

  test('/healthz/mail tells anyone only whether mail works (it showed SMTP error codes); the operator gets the code', async () => {
    const broken = await startTestServer({ SMTP_URL: await refusingSmtpUrl() });
    try {
      await broken.waitForLine((l) => /^mail NOT ready/.test(String(l.msg)));
      const anyone = await raw(broken.port, { target: '/healthz/mail' });
      expect([anyone.status, anyone.body]).toEqual([503, '{"mail":"failing"}']);
      const operator = await raw(broken.port, { target: '/healthz/mail', headers: asOperator });
      expect([operator.status, JSON.parse(operator.body)]).toEqual([503, { mail: 'failing', code: 'ECONNREFUSED' }]);
    } finally {
      broken.kill();
    }
  }, 20_000);
});

describe("client errors are the visitor's, not the operator's", () => {
  /** The lines a request wrote, by the id the server gave it. */
  const linesOf = (server: BuiltServer, id: string) =>
    server.lines().filter((l: LogLine) => (l.req as { id?: string } | undefined)?.id === id);

  // The first three were logged at error with a stack (the form of 2,000 fields as a 413); the
  // endpoint's own refusals below them were not, and must stay so.
  test.each([
    ['a path out of /assets', 403, { target: '/assets/%2e%2e/%2e%2e/etc/passwd' }],
    ['a NUL in a file name', 400, { target: '/assets/%00' }],
    ['a form of 2,000 fields', 400, form('a=1&'.repeat(2000))],
    ['a body beyond the limit', 413, jsonOfSize('message', 'x', BODY_LIMIT + 100)],
    ['a body that is not JSON', 400, { ...json(visitorMessage), body: '{"name":' }],
    [
      'an unsupported charset',
      415,
      { ...json(visitorMessage), headers: { 'Content-Type': 'application/json; charset=klingon' } },
    ],
    ['a wrong method', 405, { method: 'DELETE', target: '/api/contact.php' }],
  ] as const)('%s (%i) is logged at info or warn, without a stack', async (_what, status, request) => {
    const id = `probe-${status}-${Math.random().toString(36).slice(2)}`;
    const answer = await raw(site.port, {
      ...request,
      headers: { ...('headers' in request ? request.headers : {}), 'X-Request-Id': id },
    });
    expect(answer.status).toBe(status);
    await eventually(() =>
      expect(linesOf(site, id).some((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === status)).toBe(
        true,
      ),
    );
    for (const line of linesOf(site, id)) {
      expect({ msg: line.msg, level: line.level }).toEqual({ msg: line.msg, level: expect.any(Number) });
      expect(line.level as number).toBeLessThanOrEqual(40);
      expect(JSON.stringify(line)).not.toMatch(/"stack"|"err"/);
    }
  });

  test("a form with too many fields gets the form back with the visitor's values (a bare error page before)", async () => {
    const fields = Array.from({ length: 150 }, (_v, i) => `extra${i}=1`).join('&');
    const answer = await raw(site.port, form(`name=Anna+Hansen&message=Jeg+har+det+sv%C3%A6rt&lang=en&${fields}`));
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('<html lang="en"');
    expect(answer.body).toContain('Anna Hansen');
    expect(answer.body).toContain('Jeg har det svært');
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});
