import request from 'supertest';
import { langs, languages, type Lang } from '../content/languages';
import { navPages } from '../content/pages';
import { practice } from '../content/practice';
import { priceGroups } from '../content/prices';
import { serverTexts } from '../content/serverTexts';
import { siteTexts } from '../content/siteTexts';
import { translations } from '../content/translations';
import { formatPrice } from '../views/formatPage';
import { paths, routes } from '../views/routes';
import { makeApp } from './support/app';
import { bookingApp } from './support/booking';

const { app } = makeApp();

const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'");
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const BASE = 'http://localhost:3000';
/** What the page hands the browser to hydrate from: the JSON <script> of views/pageData.ts. */
const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');

describe('every page in every language', () => {
  test.each(routes.map((r) => [r.path, r]))(
    '%s is a full document in its language, with its title, description, canonical and hreflang set',
    async (_path, route) => {
      const { lang, id } = route;
      const res = await request(app)
        .get(route.path)
        .expect(200)
        .expect('Content-Type', /text\/html/);
      const dir = lang === 'fa' ? ' dir="rtl"' : '';
      expect(res.text).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${lang}"${dir}>`));
      expect(unescapeHtml(title(res.text) ?? '')).toBe(siteTexts[lang].titles[id]);
      expect(res.text).toContain(
        `<meta name="description" content="${escapeHtml(serverTexts[lang].descriptions[id])}">`,
      );
      expect(h1(res.text)).toBeTruthy();
      expect(res.text).toContain(`<link rel="canonical" href="${BASE}${route.path}">`);
      expect(res.text).not.toContain('noindex');

      // Search engines: the same page in all three languages, and Danish for everyone else; the
      // same set on each of the three pages, so the links are reciprocal.
      const hreflang = [...res.text.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
      expect(hreflang).toEqual([
        ...langs.map((l) => `${l} ${BASE}${paths[id][l]}`),
        `x-default ${BASE}${paths[id].da}`,
      ]);
      expect(res.text).toContain(`<meta property="og:locale" content="${languages[lang].ogLocale}">`);
      for (const other of langs.filter((l) => l !== lang)) {
        expect(res.text).toContain(`<meta property="og:locale:alternate" content="${languages[other].ogLocale}">`);
      }

      // The active header link is marked for screen readers (and styled); the language, likewise.
      if ((navPages as readonly string[]).includes(id)) {
        expect(res.text).toMatch(new RegExp(`<a href="${route.path}" aria-current="page">`));
        expect(res.text.match(/aria-current="page"/g)).toHaveLength(1);
      }
      expect(res.text).toContain(
        `<a href="${route.path}" lang="${lang}" hrefLang="${lang}" aria-current="true">${languages[lang].name}</a>`,
      );
    },
  );

  test.each(langs.map((l) => [l]))('%s: every page has a different title and heading', async (lang) => {
    const own = routes.filter((r) => r.lang === lang);
    const pages = await Promise.all(own.map((r) => request(app).get(r.path)));
    expect(new Set(pages.map((p) => title(p.text))).size).toBe(own.length);
    expect(new Set(pages.map((p) => h1(p.text))).size).toBe(own.length);
  });

  test.each([
    ['/findes-ikke', 'da', '/'],
    ['/en/no-such-page', 'en', '/en'],
    ['/fa/no-such-page', 'fa', '/fa'],
    ['/english', 'da', '/'],
  ] as const)('unknown %s: the %s home page with 404, noindex and a canonical link to %s', async (path, lang, home) => {
    const homePage = await request(app).get(home);
    const res = await request(app)
      .get(path)
      .expect(404)
      .expect('Content-Type', /text\/html/);
    expect(res.text).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${lang}"`));
    expect(h1(res.text)).toBe(h1(homePage.text));
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect(res.text).toContain(`<link rel="canonical" href="${BASE}${home}">`);
    expect(res.text).not.toContain('hreflang="x-default"');
    expect(res.text).toContain(escapeHtml(siteTexts[lang].notFound));
  });

  test('a trailing slash redirects permanently to the path without it, keeping the query', async () => {
    await request(app).get('/priser/').expect(301).expect('Location', '/priser');
    await request(app).get('/om-mig/?a=1').expect(301).expect('Location', '/om-mig?a=1');
    await request(app).get('/en/').expect(301).expect('Location', '/en');
    await request(app).get('/fa/prices/').expect(301).expect('Location', '/fa/prices');
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
    await request(app)
      .get('/')
      .set('If-None-Match', res.headers.etag as string)
      .expect(304);
  });

  test('the page hands the browser its texts in its own language only, inside the document', async () => {
    for (const lang of langs) {
      const html = (await request(app).get(paths.prices[lang])).text;
      const data = JSON.parse(
        /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null',
      );
      expect(data).toEqual({
        site: siteTexts[lang],
        texts: await translations[lang].prices(),
        settings: {
          mailProtection: 'tls',
          contactLimit: { max: 5, windowMinutes: 15 },
          booking: false,
          clientLink: false,
          bookingLimit: null,
          bookingAnswerDays: 2,
          herCalendar: { way: 'none', provider: null },
        },
      });
    }
  });
});

describe('assets', () => {
  test('the stylesheet and script named in the page load with a year of immutable caching', async () => {
    const html = (await request(app).get('/')).text;
    const css = /<link rel="stylesheet" href="(\/assets\/main-[A-Z0-9]+\.css)">/.exec(html)?.[1];
    const boot =
      /<script type="module" src="(\/assets\/boot-[A-Z0-9]+\.js)" data-scripts="(\/assets\/main-[A-Z0-9]+\.js) /.exec(
        html,
      );
    expect(css).toBeDefined();
    expect(boot).not.toBeNull();
    for (const [url, type] of [
      [css, /text\/css/],
      [boot?.[1], /javascript/],
      [boot?.[2], /javascript/],
    ] as const) {
      const res = await request(app)
        .get(url as string)
        .expect(200)
        .expect('Content-Type', type);
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
  test.each(langs.map((l) => [l]))(
    "%s: every price from content/prices.ts is on the prices page, written the language's way",
    async (lang: Lang) => {
      const html = (await request(app).get(paths.prices[lang])).text;
      const texts = await translations[lang].prices();
      for (const price of priceGroups.flatMap((g) => g.prices)) {
        const t = texts.prices[price.id];
        expect(html).toContain(escapeHtml(t.label));
        if (price.amount !== null) expect(html).toContain(formatPrice(price.amount, lang));
        else expect(html).toContain(escapeHtml(t.amountNote ?? 'missing amountNote'));
      }
      expect(html).toContain('id="cancellation-section"');
    },
  );

  test('prices: Danish "1.200 kr." (the spec\'s), English "DKK 1,200", Persian digits "۱٬۲۰۰ کرون"; durations likewise', async () => {
    const da = (await request(app).get('/priser')).text;
    expect(da).toContain('1.200 kr.');
    expect(da).toContain('2.400 kr.');
    expect(da).toContain('50 min.');
    expect(da).toContain('op til 50 min.');
    const en = (await request(app).get('/en/prices')).text;
    expect(en).toContain('DKK 1,200');
    expect(en).toContain('DKK 2,400');
    const fa = (await request(app).get('/fa/prices')).text;
    expect(fa).toContain('۱٬۲۰۰ کرون');
    expect(fa).toContain('۲٬۴۰۰ کرون');
    expect(fa).toContain('۵۰');
    const main = /<main[\s\S]*<\/main>/.exec(fa)?.[0] ?? '';
    expect(main).not.toMatch(/1[.,]200|2[.,]400|\b50\b/);
  });

  test('a Persian page writes amounts in Persian digits but the phone number in Latin digits, left to right', async () => {
    const html = (await request(app).get('/fa/contact')).text;
    expect(html).toContain(`<a class="tel" href="tel:${practice.phoneE164}" dir="ltr">${practice.phone}</a>`);
    expect(html).not.toMatch(/[۰-۹]{2} [۰-۹]{2} [۰-۹]{2} [۰-۹]{2}/);
    const home = (await request(app).get('/fa')).text;
    // The phone hours, from practice.ts, in Persian digits.
    expect(home).toContain('۱۱:۰۰');
  });

  test.each(langs.map((l) => [l]))(
    '%s: the footer gives address, phone, mail, membership, year and the privacy policy',
    async (lang) => {
      const html = (await request(app).get(paths.about[lang])).text;
      expect(html).toContain(`href="tel:${practice.phoneE164}"`);
      expect(html).toContain(`href="mailto:${practice.email}"`);
      expect(html).toContain(practice.address.street);
      expect(html).toContain(siteTexts[lang].practice.membership);
      expect(html).toContain(`href="${paths.privacy[lang]}"`);
      expect(html).toContain('href="#main"');
    },
  );

  test("the footer's year: 0-9 in Danish, Persian digits in Persian", async () => {
    const year = String(new Date().getFullYear());
    expect((await request(app).get('/')).text).toContain(`© ${year}`);
    expect((await request(app).get('/fa')).text).toContain(
      `© ${year.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] as string)}`,
    );
  });

  test('/booking links to /kontakt with the exact label and notes the privacy policy; each language links its own pages', async () => {
    const html = (await request(app).get('/booking')).text;
    expect(html).toMatch(/<a class="button button--primary" href="\/kontakt">Kontakt mig for booking<\/a>/);
    expect(html).toContain('href="/persondatapolitik"');
    const en = (await request(app).get('/en/booking')).text;
    expect(en).toMatch(/<a class="button button--primary" href="\/en\/contact">/);
    expect(en).toContain('href="/en/privacy"');
    // Inside the page (the language switcher aside), every link stays in English.
    const main = /<main[\s\S]*<\/main>/.exec(en)?.[0] ?? '';
    expect(main).not.toMatch(/href="\/(kontakt|persondatapolitik|om-mig|priser|terapi|booking)"/);
  });

  test.each(langs.map((l) => [l]))('%s: the privacy policy has ten numbered sections and its date', async (lang) => {
    const html = (await request(app).get(paths.privacy[lang])).text;
    const headings = [...html.matchAll(/<h2 id="afsnit-(\d+)">/g)].map((m) => Number(m[1]));
    expect(headings).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(html).toContain('<time dateTime="2025-08-12">');
    const texts = await translations[lang].privacy();
    // A translation says the Danish policy is the binding one.
    if (lang === 'da') expect(texts.languageNote).toBeNull();
    else expect(html).toContain(escapeHtml(texts.languageNote ?? 'missing languageNote'));
  });

  test('the privacy policy\'s date: "Sidst opdateret 12. august 2025", "12 August 2025", "۱۲ آگوست ۲۰۲۵"', async () => {
    expect((await request(app).get('/persondatapolitik')).text).toContain('Sidst opdateret 12. august 2025');
    expect((await request(app).get('/en/privacy')).text).toContain('12 August 2025');
    expect((await request(app).get('/fa/privacy')).text).toContain('۱۲ آگوست ۲۰۲۵');
  });

  test('/persondatapolitik covers the website itself', async () => {
    const html = (await request(app).get('/persondatapolitik')).text;
    // The form's messages, cookies and analytics, the logs, hosting and the map.
    for (const fact of [
      'Hjemmesidens server gemmer ikke beskeden',
      'ingen cookies',
      'din IP-adresse',
      'databehandler',
      'OpenStreetMap',
      'trække dit samtykke tilbage',
    ]) {
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
    // Danish times ('kl. 11.00') and ranges with an en dash that never breaks (word joiners either side).
    expect(html).toContain('Mandag\u2060–\u2060fredag kl. 11.00\u2060–\u206014.00');
  });

  test.each(langs.map((l) => [l]))(
    "%s: the therapy page renders six closed cards with the language's toggle",
    async (lang) => {
      const html = (await request(app).get(paths.therapy[lang])).text;
      const { toggle } = await translations[lang].therapy();
      // Native disclosures, closed, each summary with both labels (the stylesheet shows the right one).
      expect(html.match(/<details class="area-card__more">/g)?.length).toBe(6);
      expect(html).not.toMatch(/<details[^>]* open/);
      expect(
        html.match(
          new RegExp(
            `<summary class="toggle"><span class="toggle__open">${escapeHtml(toggle.open)}</span><span class="toggle__close">${escapeHtml(toggle.close)}</span>`,
            'g',
          ),
        )?.length,
      ).toBe(6);
      if (lang === 'da') expect(toggle).toEqual({ open: 'Læs mere', close: 'Luk' });
    },
  );
});

describe("each page's loader (server/http/loaders.ts): rendered with, and handed to the browser", () => {
  test('a page without a loader, or whose loader finds nothing, is rendered and hydrated from its texts alone', async () => {
    for (const path of ['/priser', '/kontakt', '/booking', '/kontakt?sendt=0'])
      expect(pageData((await request(app).get(path).expect(200)).text)).not.toHaveProperty('data');
  });

  test("contact's loader: the thank-you card after a delivered post, and the same state for hydration", async () => {
    const html = (await request(app).get('/en/contact?sent=1').expect(200)).text;
    const { form } = await translations.en.contact();
    expect(html).toContain(form.success.heading);
    expect(pageData(html).data).toMatchObject({ contact: { status: 'success', errors: {}, error: '' } });
  });

  test("a page's URL asked for JSON: its loader's data alone (what a navigation in the browser shows it with), never stored", async () => {
    const json = (path: string) => request(app).get(path).set('Accept', 'application/json');
    const sent = await json('/en/contact?sent=1')
      .expect(200)
      .expect('Content-Type', /^application\/json/);
    expect(sent.body).toMatchObject({ contact: { status: 'success' } });
    expect(sent.headers['cache-control']).toBe('no-store');
    // A page without a loader, or whose loader found nothing: null; an unknown path: 404.
    expect((await json('/priser').expect(200)).body).toBeNull();
    expect((await json('/kontakt').expect(200)).body).toBeNull();
    expect((await json('/no-such-page').expect(404)).body).toBeNull();
    // A browser asking for the page (and anyone else: */*) gets the HTML; both say the answer varies by Accept.
    const page = await request(app).get('/en/contact?sent=1').set('Accept', 'text/html,*/*;q=0.8').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers.vary).toMatch(/\bAccept\b/);
    expect((await request(app).get('/priser').set('Accept', '*/*')).headers['content-type']).toMatch(/^text\/html/);
  });

  test("booking's loader (booking on): the steps in the page, their choices in the data, the steps' HTML not twice", async () => {
    const { app: booking } = bookingApp({ smtpUrl: 'smtp://localhost:1' });
    const html = (await request(booking).get('/fa/booking').expect(200)).text;
    expect(html).toContain('booking-steps');
    const { data } = pageData(html);
    expect(Object.keys(data)).toEqual(['choices']);
    expect(data.choices.services).toContain('individuel');
  });
});
