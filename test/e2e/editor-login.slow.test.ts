import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { SIGN_IN_HINT } from '../../editor/site/signInHint';
import { type BuiltServer, startTestServer } from '../support/builtServer';
import { startGitHubStandIn, TEST_LOGIN, type GitHubStandIn } from '../support/editorLogin';
import { eventually } from '../support/eventually';
import { freePort } from '../support/redis';
import { describeBrowser, launchBrowser } from './harness';

// Her login in Chromium, with Sveltia CMS itself (decision 0053): the built server with the
// editor on a host of its own (localhost, the public pages on 127.0.0.1: two origins, both
// secure contexts, as Sveltia insists outside https), GitHub's authorize page and token endpoint a local stand-in
// (test/support/editorLogin.ts), api.github.com answered by the test. She presses "Log ind med
// GitHub": the window goes to "GitHub" and back, hands the editor the token and closes; the
// editor then asks GitHub's API with exactly that token, and her preview renders for the ticket
// the window left beside it (decision 0073). A window another site opens gets
// nothing, and GitHub is not asked.

const ADMIN = 'localhost';

describeBrowser("her login in the editor: Sveltia's window, the site's handler, GitHub's stand-in", () => {
  let server: BuiltServer;
  let browser: Browser;
  let github: GitHubStandIn;
  let port: number;
  beforeAll(async () => {
    [github, port] = await Promise.all([startGitHubStandIn(), freePort()]);
    [server, browser] = await Promise.all([
      startTestServer({
        PORT: String(port),
        BASE_URL: `http://127.0.0.1:${port}`,
        ADMIN_HOST: ADMIN,
        EDITOR_REPO: 'praksis/hjemmeside',
        EDITOR_GITHUB_URL: github.url,
        ...TEST_LOGIN,
      }),
      launchBrowser(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    server?.kill();
    await github?.close();
  });

  test('"Log ind med GitHub": the window goes to GitHub and back and closes, and the editor asks GitHub\'s API with the token GitHub gave; no cookie', async () => {
    const context = await browser.newContext({ locale: 'da-DK' });
    const toApi: string[] = [];
    await context.route(/^https:\/\/(api\.github\.com|www\.githubstatus\.com)\//, (route) => {
      const { url, headers } = { url: route.request().url(), headers: route.request().headers() };
      if (url.startsWith('https://api.github.com/')) toApi.push(headers.authorization ?? '');
      return route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Bad credentials"}' });
    });
    const page = await context.newPage();
    await page.goto(`http://${ADMIN}:${port}/admin/`);
    // No pasted token: the one way in is the site's login.
    // Sveltia isolates the service's name (U+2068 … U+2069).
    const login = page.getByRole('button', { name: /^Log ind med \u2068?GitHub\u2069?$/ });
    await login.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: /adgangstoken/ }).count()).toBe(0);
    // Under the button, in Danish, what to press here and in GitHub's window.
    const hint = page.locator('[data-sign-in-hint]');
    expect(await hint.textContent()).toBe(SIGN_IN_HINT);
    expect(await hint.isVisible()).toBe(true);
    expect(await login.evaluate((button) => button.nextElementSibling?.hasAttribute('data-sign-in-hint'))).toBe(true);
    const opened = page.waitForEvent('popup');
    await login.click();
    const popup = await opened;
    await popup.waitForEvent('close', { timeout: 30_000 });
    await eventually(() => expect(toApi).toContain(`token ${github.issued.at(-1)}`));
    expect(github.exchanged).toHaveLength(1);
    // The window left her preview's ticket in the editor's storage, and the preview renders for it.
    const words = readFileSync(path.join(__dirname, '..', '..', 'content', 'da', 'prices.json'), 'utf8');
    const preview = await page.evaluate(async (json) => {
      const ticket = localStorage.getItem('editor-preview-ticket') ?? '';
      const body = new URLSearchParams({ file: 'content/da/prices.json', json, ticket });
      const res = await fetch('/admin/preview', { method: 'POST', body });
      return { ticket, status: res.status };
    }, words);
    expect(preview).toEqual({ ticket: expect.stringMatching(/^\d{13}\.[\w-]{43}$/), status: 200 });
    expect(await context.cookies()).toEqual([]);
    await context.close();
  }, 60_000);

  test('a window another site opens gets no token: it says so, GitHub is not asked, and nothing is posted to that site', async () => {
    const context = await browser.newContext({ locale: 'da-DK' });
    const page = await context.newPage();
    // The public host is another origin than the editor's.
    await page.goto(`http://127.0.0.1:${port}/`);
    const asked = github.exchanged.length;
    const opened = page.waitForEvent('popup');
    await page.evaluate((url) => {
      const heard: unknown[] = [];
      (window as unknown as { heard: unknown[] }).heard = heard;
      window.addEventListener('message', (event) => heard.push(event.data));
      window.open(url, 'auth');
    }, `http://${ADMIN}:${port}/admin/login/authorize?provider=github&site_id=${ADMIN}&scope=repo`);
    const popup = await opened;
    await popup.getByText('Dette vindue åbner redigeringen selv').waitFor();
    // It went nowhere: no state made, no way to GitHub.
    expect(new URL(popup.url()).pathname).toBe('/admin/login/authorize');
    expect(await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([]);
    expect(github.exchanged.length).toBe(asked);
    await context.close();
  }, 60_000);
});
