import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { renderInThread } from '../server/admin';
import { sealTicket, TICKET_MOST_MS } from '../server/editorLogin';
import { loadAssets } from '../server/http/render';
import { siteSettings } from '../server/http/siteSettings';
import { makeApp } from './support/app';
import { TEST_LOGIN } from './support/editorLogin';

// Her editor's preview (decision 0073): POST /admin/preview on the editor's host renders the page
// a file she is editing is on, from what she has typed, with the site's views and stylesheet (the
// build's dist/preview.js, on a thread of its own), for her logged-in editor only. Most cases here
// run without the GitHub App, as the local mode (npm run dev) does, where there is no login to
// give a ticket and the preview asks for none; with the App, the ticket is asked for at the end
// (a ticket from a real login: editor-login.test.ts). The editor in Chromium: e2e/editor-preview.slow.test.ts.

const ADMIN_HOST = 'redaktion.example.dk';
const { app, config } = makeApp({ env: { ADMIN_HOST } });
const origin = config.editor?.origin as string;
const CONTENT = path.join(__dirname, '..', 'content');
const committed = (file: string) =>
  JSON.parse(readFileSync(path.join(CONTENT, file), 'utf8')) as Record<string, unknown>;

/** What her editor's preview frame posts: the file's path, its content as she has it now, and her login's ticket, if any. */
const post = (file: string, value: unknown, from = origin, on = app, ticket?: string) =>
  request(on)
    .post('/admin/preview')
    .set('Host', ADMIN_HOST)
    .set('Origin', from)
    .type('form')
    .send({ file, json: JSON.stringify(value), ...(ticket === undefined ? {} : { ticket }) });

/** The prices as the editor hands them over while she types: her new price, an empty price and an empty length as null. */
const typedPrices = () => {
  const prices = committed('facts/prices.json') as Record<string, Record<string, unknown>>;
  prices.individuel = { ...prices.individuel, amount: 1350 };
  prices.supervisionspakke = { ...prices.supervisionspakke, amount: null, minutes: null };
  return prices;
};

test('a price she types is on the prices page as the site renders it, on the editor’s host under a policy of its own', async () => {
  const res = await post('content/facts/prices.json', typedPrices());
  expect(res.status).toBe(200);
  const row = /<li class="price">(?:(?!<\/li>).)*Individuel terapi.*?<\/li>/s.exec(res.text)?.[0];
  expect(row).toContain('1.350 kr.');
  // Empty, the price is left out of the file as a save leaves it out, and agreed case by case.
  const emptied = /<li class="price">(?:(?!<\/li>).)*Supervisionspakke.*?<\/li>/s.exec(res.text)?.[0];
  expect(emptied).toContain('Pris efter aftale');
  expect(res.text).toContain('<html lang="da" dir="ltr">');
  // The site's frame and stylesheet, from this host.
  expect(res.text).toContain('<header class="site-header">');
  const { css } = loadAssets();
  expect(res.text).toContain(`<link rel="stylesheet" href="${css}">`);
  const stylesheet = await request(app).get(css).set('Host', ADMIN_HOST);
  expect([stylesheet.status, stylesheet.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
  expect(res.headers['content-security-policy']).toBe(
    "default-src 'none'; style-src 'self'; img-src 'self' data:; font-src 'self'; frame-ancestors 'self'; form-action 'none'; base-uri 'none'; object-src 'none'",
  );
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  // The site's own host has no preview, and the editor's host no scripts of the site's.
  expect((await request(app).post('/admin/preview').set('Origin', origin)).status).toBe(404);
  expect((await request(app).get(loadAssets().js).set('Host', ADMIN_HOST)).status).toBe(404);
});

test('her Persian words, right to left; markup in them shown as text', async () => {
  const words = { ...committed('fa/prices.json'), heading: 'هزینه‌ی جلسه‌ها', lead: '<img src=x onerror=alert(1)>' };
  const res = await post('content/fa/prices.json', words);
  expect(res.status).toBe(200);
  expect(res.text).toMatch(/<html lang="fa" dir="rtl">/);
  expect(res.text).toContain('<h1 tabindex="-1">هزینه‌ی جلسه‌ها</h1>');
  // Escaped (its Latin runs isolated in Persian, as every Latin run on a Persian page).
  expect(res.text).toContain('<p class="lead">&lt;\u2066img src\u2069=');
  expect(res.text).not.toContain('<img src=x');
});

test("refused: another site's post, a file the build would refuse (its line naming file and key), a file on no page, more than a file's size", async () => {
  const stranger = await post('content/facts/prices.json', typedPrices(), 'https://example.com');
  expect([stranger.status, stranger.text]).toEqual([403, 'Forbidden']);
  const negative = { ...typedPrices(), par: { amount: -5, minutes: 75 } };
  const refused = await post('content/facts/prices.json', negative);
  expect(refused.status).toBe(422);
  expect(refused.text).toContain('Siden kan vises, når dette er rettet');
  expect(refused.text).toContain('<li>content/facts/prices.json: par.amount: -5 is less than 0</li>');
  const mail = await post('content/da/visitorMail.json', committed('da/visitorMail.json'));
  expect(mail.status).toBe(404);
  expect(mail.text).toContain('Denne fil vises ikke på en side');
  const huge = await post('content/da/prices.json', { heading: 'x'.repeat(1_100_000) });
  expect(huge.status).toBe(413);
});

test('bounded: a render over its time is ended with our own words, as is one nobody waits for any more', async () => {
  const dist = path.join(__dirname, '..', 'dist');
  const task = {
    preview: { page: 'prices' as const, lang: 'da' as const, file: 'content/facts/prices.json' },
    value: typedPrices(),
    settings: { ...siteSettings(config), booking: false, clientLink: false },
    css: loadAssets().css,
  };
  const late = await renderInThread(dist, task, { ms: 1, heapMb: 64 }, new AbortController().signal);
  expect(late).toEqual({ error: 'the page took longer than 1 ms' });
  const gone = new AbortController();
  const left = renderInThread(dist, task, { ms: 5000, heapMb: 64 }, gone.signal);
  gone.abort();
  expect(await left).toEqual({ error: 'nobody waits for the page' });
  const whole = await renderInThread(dist, task, { ms: 5000, heapMb: 64 }, new AbortController().signal);
  expect('html' in whole && whole.html).toContain('1.350 kr.');
});

test('with her login (the GitHub App): without a valid ticket nothing is rendered or counted, and the pane asks her to log in again', async () => {
  let clock = new Date('2026-11-29T08:00:00Z');
  const withLogin = makeApp({
    env: { ADMIN_HOST, EDITOR_REPO: 'praksis/hjemmeside', ...TEST_LOGIN },
    now: () => clock,
  });
  const key = withLogin.config.editor?.login?.ticketKey as Buffer;
  const prices = typedPrices();
  const ofHers = (ticket?: string) => post('content/facts/prices.json', prices, origin, withLogin.app, ticket);
  const ticket = sealTicket(key, TICKET_MOST_MS, clock);
  const [expiry = '', signature = ''] = ticket.split('.');
  const refused = [
    undefined,
    '',
    'x'.repeat(5000),
    // Forged: another expiry under the same signature, one signed with another key.
    `${Number(expiry) + 3_600_000}.${signature}`,
    sealTicket(Buffer.alloc(32, 7), TICKET_MOST_MS, clock),
    // Expired: made 8 hours and a second ago.
    sealTicket(key, TICKET_MOST_MS, new Date(clock.getTime() - TICKET_MOST_MS - 1000)),
  ];
  for (const given of refused) {
    const res = await ofHers(given);
    expect({ given, status: res.status }).toEqual({ given, status: 403 });
    expect(res.text).toContain('Log ind igen for at se forhåndsvisningen');
    expect(res.text).not.toContain('1.350 kr.');
    expect(res.headers['cache-control']).toBe('no-store');
    // Not counted: no limit is reported, and none of hers is spent.
    expect(res.headers.ratelimit).toBeUndefined();
  }
  const lines = withLogin.logs.lines.filter((l) => l.msg === 'editor preview refused: no valid login ticket');
  expect(lines.map((l) => [l.level, l.ticket])).toEqual([
    [30, 'missing'],
    [30, 'missing'],
    [30, 'malformed'],
    [30, 'forged'],
    [30, 'forged'],
    [30, 'expired'],
  ]);
  expect(withLogin.logs.text()).not.toContain(signature);
  // Her own ticket: the page, and the first of her 600 counted.
  const shown = await ofHers(ticket);
  expect(shown.status).toBe(200);
  expect(shown.text).toContain('1.350 kr.');
  expect(shown.headers.ratelimit).toMatch(/remaining=599\b/);
  // The site's clock 8 hours on: the same ticket is refused.
  clock = new Date(Number(expiry) + 1);
  expect((await ofHers(ticket)).status).toBe(403);
});
