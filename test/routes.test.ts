import request from 'supertest';
import { routes } from '../views/routes';
import { priceGroups } from '../content/prices';
import { formatKr } from '../views/format';
import { practice } from '../content/practice';
import { pageDescriptions } from '../content/pages/descriptions';
import { nav } from '../content/site';
import { makeApp } from './support/app';

const { app } = makeApp();

const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&#x27;/g, "'");

describe('pages', () => {
  test.each(routes.map((r) => [r.path, r]))('%s is a full Danish document with its own title and heading', async (_path, route) => {
    const res = await request(app).get(route.path).expect(200).expect('Content-Type', /text\/html/);
    expect(res.text).toMatch(/^<!doctype html>\n<html lang="da">/);
    expect(unescape(title(res.text) ?? '')).toBe(route.title);
    expect(res.text).toContain(`<meta name="description" content="${pageDescriptions[route.id].replace(/"/g, '&quot;')}">`);
    expect(h1(res.text)).toBeTruthy();
    expect(res.text).toContain(`<link rel="canonical" href="http://localhost:3000${route.path}">`);
    expect(res.text).not.toContain('noindex');
    // The active nav link is marked for screen readers (and styled).
    if (nav.some((n) => n.path === route.path)) {
      expect(res.text).toMatch(new RegExp(`<a href="${route.path}" aria-current="page">`));
      expect(res.text.match(/aria-current="page"/g)).toHaveLength(1);
    }
  });

  test('every page has a different title and heading', async () => {
    const pages = await Promise.all(routes.map((r) => request(app).get(r.path)));
    expect(new Set(pages.map((p) => title(p.text))).size).toBe(routes.length);
    expect(new Set(pages.map((p) => h1(p.text))).size).toBe(routes.length);
  });

  test('an unknown path shows the home page with 404, noindex and a canonical link to /', async () => {
    const home = await request(app).get('/');
    const res = await request(app).get('/findes-ikke').expect(404).expect('Content-Type', /text\/html/);
    expect(h1(res.text)).toBe(h1(home.text));
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/">');
    expect(res.text).toContain('Siden findes ikke');
  });

  test('a trailing slash redirects permanently to the path without it, keeping the query', async () => {
    await request(app).get('/priser/').expect(301).expect('Location', '/priser');
    await request(app).get('/om-mig/?a=1').expect(301).expect('Location', '/om-mig?a=1');
  });

  test('a path of slashes cannot redirect to another host', async () => {
    const res = await request(app).get('//evil.example/').expect(301);
    expect(res.headers.location).toBe('/evil.example');
  });

  test('a query string does not change the page', async () => {
    const res = await request(app).get('/priser?utm_source=x').expect(200);
    expect(title(res.text)).toBe(title((await request(app).get('/priser')).text));
  });

  test('HTML is revalidated on every visit', async () => {
    const res = await request(app).get('/').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
    await request(app).get('/').set('If-None-Match', res.headers.etag as string).expect(304);
  });
});

describe('assets', () => {
  test('the stylesheet and script named in the page load with a year of immutable caching', async () => {
    const html = (await request(app).get('/')).text;
    const css = /<link rel="stylesheet" href="(\/assets\/main-[A-Z0-9]+\.css)">/.exec(html)?.[1];
    const boot = /<script type="module" src="(\/assets\/boot-[A-Z0-9]+\.js)" data-scripts="(\/assets\/main-[A-Z0-9]+\.js) /.exec(html);
    expect(css).toBeDefined();
    expect(boot).not.toBeNull();
    for (const [url, type] of [
      [css, /text\/css/],
      [boot?.[1], /javascript/],
      [boot?.[2], /javascript/],
    ] as const) {
      const res = await request(app).get(url as string).expect(200).expect('Content-Type', type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  test('a missing asset is a plain 404, never the home page', async () => {
    const res = await request(app).get('/assets/main-MISSING.js').expect(404);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).not.toContain('<html');
  });

  test('the favicon and apple-touch-icon are served', async () => {
    await request(app).get('/favicon.svg').expect(200).expect('Content-Type', /svg/);
    await request(app).get('/apple-touch-icon.png').expect(200).expect('Content-Type', /png/);
  });
});

describe('content reaches the pages', () => {
  test('every price from content/prices.ts is on /priser, written the Danish way', async () => {
    const html = (await request(app).get('/priser')).text;
    for (const price of priceGroups.flatMap((g) => g.prices)) {
      expect(html).toContain(price.label);
      if (price.amount !== null) expect(html).toContain(formatKr(price.amount));
      else expect(html).toContain(price.amountNote);
      if (price.duration) expect(html).toContain(price.duration);
    }
    expect(html).toContain('1.200 kr.');
    expect(html).toContain('2.400 kr.');
    expect(html).toContain('id="cancellation-section"');
  });

  test('the footer gives address, phone, mail, membership, year and the privacy policy on every page', async () => {
    const html = (await request(app).get('/om-mig')).text;
    expect(html).toContain(`href="tel:${practice.phoneE164}"`);
    expect(html).toContain(`href="mailto:${practice.email}"`);
    expect(html).toContain(practice.address.street);
    expect(html).toContain(practice.membership);
    expect(html).toContain(`© ${new Date().getFullYear()}`);
    expect(html).toContain('href="/persondatapolitik"');
    expect(html).toContain('href="#main"');
  });

  test('/booking links to /kontakt with the exact label and notes the privacy policy', async () => {
    const html = (await request(app).get('/booking')).text;
    expect(html).toMatch(/<a class="button button--primary" href="\/kontakt">Kontakt mig for booking<\/a>/);
    expect(html).toContain('href="/persondatapolitik"');
  });

  test('/persondatapolitik has ten numbered sections and its date', async () => {
    const html = (await request(app).get('/persondatapolitik')).text;
    const headings = [...html.matchAll(/<h2 id="afsnit-(\d+)">/g)].map((m) => Number(m[1]));
    expect(headings).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(html).toContain('Sidst opdateret 12. august 2025');
    // The website itself: the form's messages, cookies and analytics, the logs, hosting and the map.
    for (const fact of ['gemmes ikke på hjemmesidens server', 'ingen cookies', 'din IP-adresse', 'databehandler', 'OpenStreetMap', 'trække dit samtykke tilbage']) {
      expect({ fact, found: html.includes(fact) }).toEqual({ fact, found: true });
    }
  });

  test('/kontakt loads no map: a box with the address, a Vis kort button, the notice and a plain link stands in', async () => {
    const html = (await request(app).get('/kontakt')).text;
    expect(html).not.toContain('<iframe');
    expect(html).not.toMatch(/src="https?:\/\/(?!localhost)/);
    const box = /<div class="map">([\s\S]*?)<\/div><\/div>/.exec(html)?.[1] ?? '';
    expect(box).toContain(practice.address.street);
    expect(box).toMatch(/<button type="button" class="button button--secondary map__show">Vis kort<\/button>/);
    expect(box).toContain('Kortet hentes fra OpenStreetMap, som dermed modtager din IP-adresse.');
    expect(box).toMatch(/<a class="map__link" href="https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    expect(html).toMatch(/target="_blank" rel="noopener noreferrer"/);
    expect(html).toContain('Mandag-fredag kl. 11:00-14:00');
  });

  test('/terapi renders six closed cards whose toggles read Læs mere', async () => {
    const html = (await request(app).get('/terapi')).text;
    expect(html.match(/aria-expanded="false"[^>]*>Læs mere/g)?.length).toBe(6);
    expect(html.match(/class="area-card__details" hidden=""/g)?.length).toBe(6);
  });
});
