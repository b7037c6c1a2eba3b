import type { Browser } from 'playwright-core';
import { practice } from '../../content/practice';
import { NO_ANSWER } from '../../editor/site/offline';
import { type BuiltServer, startTestServer } from '../support/builtServer';
import { eventually } from '../support/eventually';
import { describeBrowser, launchBrowser } from './harness';

// The owner's editor at /admin/ in Chromium, under its own CSP, in a Danish, an English and a
// Persian browser: it finishes loading (its interface strings and icon font from this site), and
// nothing is requested from another host. Every request that leaves loopback is recorded and
// aborted, so a CDN the script still named would show here even if the CSP let it through.

/** What the editor's login screen says, and the strings file it reads, per browser language. */
const BROWSERS = [
  { locale: 'da-DK', strings: 'da.json', says: 'Log ind med adgangstoken' },
  { locale: 'en-GB', strings: 'en-GB.json', says: 'Sign In Using Access Token' },
  { locale: 'fa-IR', strings: 'fa.json', says: 'ورود با استفاده از توکن دسترسی' },
];

/** The one CSP refusal the editor meets before login: its look at GitHub's status page. */
const REFUSED_ON_PURPOSE = 'https://www.githubstatus.com/';

describeBrowser('the editor at /admin/', () => {
  let server: BuiltServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({}), launchBrowser()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    server?.kill();
  });

  for (const { locale, strings, says } of BROWSERS)
    test(`loads in a ${locale} browser with its strings and icons from this site, no other host asked`, async () => {
      const context = await browser.newContext({ locale });
      const outside: string[] = [];
      const asked: string[] = [];
      await context.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === '127.0.0.1') {
          asked.push(url.pathname);
          return route.continue();
        }
        outside.push(url.href);
        return route.abort();
      });
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !m.text().includes(REFUSED_ON_PURPOSE)) refused.push(m.text());
      });
      await page.goto(`${server.origin}/admin/`);
      await page.getByRole('button', { name: says }).first().waitFor({ timeout: 30_000 });
      expect(asked).toEqual(expect.arrayContaining([`/admin/vendor/@sveltia/cms@0.221.1/locales/${strings}`]));
      await eventually(async () => {
        const icons = await page.evaluate(() => document.fonts.check('24px "Material Symbols Outlined"'));
        expect(icons).toBe(true);
      });
      expect(asked).toEqual(
        expect.arrayContaining(['/admin/vendor/fonts/material-symbols-outlined-latin-wght-normal.woff2']),
      );
      expect(outside).toEqual([]);
      expect(refused).toEqual([]);
      await context.close();
    });

  test("the files' fields in Danish with the Persian side by side, right to left (Sveltia's in-browser test repository in GitHub's place)", async () => {
    const context = await browser.newContext({ locale: 'da-DK', viewport: { width: 1400, height: 900 } });
    const config = await (await fetch(`${server.origin}/admin/config.yml`)).text();
    expect(config).toContain('"name": "github"');
    await context.route(/\/admin\/config\.yml/, (route) =>
      route.fulfill({
        body: config.replace('"name": "github"', '"name": "test-repo"'),
        contentType: 'application/yaml',
      }),
    );
    const page = await context.newPage();
    await page.goto(`${server.origin}/admin/`);
    await page.getByRole('button', { name: 'Arbejd med testrepository' }).click();
    await page.getByText('Forside', { exact: true }).first().click();
    await page.getByText('Linje over overskriften').first().waitFor();
    await page.getByText('Persisk', { exact: true }).last().click();
    const persian = page.locator('textarea[dir="rtl"]');
    await persian.first().waitFor();
    expect(await persian.first().evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expect(await page.locator('textarea[dir="ltr"]').count()).toBeGreaterThan(0);
    await context.close();
  }, 60_000);

  test("on her editor's own https host: the practice's name and mark, the one login set up, no local repository button; a login without network says why in Danish", async () => {
    const host = 'redaktion.example.dk';
    const hosted = await startTestServer({ EDITOR_REPO: 'praksis/hjemmeside', ADMIN_HOST: host });
    const context = await browser.newContext({ locale: 'da-DK' });
    try {
      // Her host over https, answered by the test's server; every other host (GitHub's API) unreachable.
      await context.route('**/*', async (route) => {
        const url = new URL(route.request().url());
        if (url.host !== host) return route.abort('internetdisconnected');
        const response = await route.fetch({
          url: `${hosted.origin}${url.pathname}${url.search}`,
          headers: { ...route.request().headers(), host },
        });
        return route.fulfill({ response });
      });
      const page = await context.newPage();
      await page.goto(`https://${host}/admin/`);
      const login = page.getByRole('button', { name: 'Log ind med adgangstoken' });
      await login.waitFor({ timeout: 30_000 });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(practice.name);
      const logo = page.locator('img.logo');
      expect(await logo.getAttribute('src')).toBe('/admin/logo.svg');
      expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await page.getByRole('button').allInnerTexts()).toEqual(['Log ind med adgangstoken']);
      await login.click();
      await page.getByRole('textbox').fill('github_pat_0123456789');
      await page.getByRole('button', { name: 'Log ind', exact: true }).click();
      await page.getByText(NO_ANSWER).waitFor({ timeout: 30_000 });
      expect(await page.title()).toContain(practice.name);
    } finally {
      await context.close();
      hosted.kill();
    }
  }, 60_000);
});
