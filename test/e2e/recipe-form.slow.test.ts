import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { captureLogs, testConfig, testServices } from '../support/app';
import { eventually } from '../support/eventually';
import { callbackTexts } from '../support/recipeForm/CallbackForm';
import { callbackApp } from '../support/recipeForm/server';
import { useSmtp } from '../support/smtp';
import { describeBrowser, launchBrowser } from './harness';

// A form made by docs/recipes.md's recipe alone (test/support/recipeForm/: its client code is the
// component's onSubmit, about ten lines with the one post helper, views/forms/post.ts), posted in
// Chromium with JavaScript (JSON, the reply read by the helper) and without it (urlencoded, the
// page again with the refusal's status). The pipeline's table test has the same form as a row.

const smtp = useSmtp();
let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [path.join(__dirname, '../support/recipeForm/client.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const config = testConfig({ SMTP_URL: smtp.url });
  const { logger } = captureLogs();
  const services = testServices(config, logger);
  const limit = { limit: 100, windowMs: 60_000 };
  const app = callbackApp({
    mailer: services.mailer,
    rateLimit: services.rateLimit,
    mailTo: config.mailTo,
    mailFrom: config.mailFrom,
    limits: { visitor: limit, site: limit },
    logger,
    script: bundle.outputFiles[0]?.text ?? '',
    // A post without JavaScript must come from BASE_URL or the Host it was sent to (this server's).
    baseUrl: config.baseUrl,
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}, 30_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function open(javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${origin}/callback`);
  if (javaScriptEnabled)
    await eventually(async () =>
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true'),
    );
  return page;
}

describeBrowser("the recipe's form, through the one pipeline, in Chromium", () => {
  test('with JavaScript: checked first, posted as JSON by the helper, thanked without a page load; a network failure said', async () => {
    const page = await open(true);
    const posts: string[] = [];
    page.on(
      'request',
      (r) => void (r.method() === 'POST' && posts.push(`${r.resourceType()} ${r.headers()['content-type']}`)),
    );
    await page.locator('button').click();
    await eventually(async () => expect(await page.locator('#phone-error').textContent()).toBe(callbackTexts.phone));
    expect(posts).toEqual([]);

    // No answer: the helper's words for a network failure, the number kept.
    await page.route('**/api/callback', (route) => route.abort());
    await page.locator('#phone').fill('87654321');
    await page.locator('button').click();
    await eventually(async () =>
      expect(await page.getByRole('alert').textContent()).toBe(callbackTexts.errors.network),
    );
    expect(await page.locator('#phone').inputValue()).toBe('87654321');

    await page.unroute('**/api/callback');
    await page.locator('button').click();
    await eventually(async () => expect(await page.getByRole('status').textContent()).toBe(callbackTexts.thanks));
    expect(posts).toEqual(['fetch application/json', 'fetch application/json']);
    expect(smtp.received).toHaveLength(1);
    expect(page.url()).toBe(`${origin}/callback`);
    await page.context().close();
  });

  test('without JavaScript: refused with its status (400) and the page again, then sent', async () => {
    const page = await open(false);
    await page.locator('#phone').fill('123');
    const [refused] = await Promise.all([page.waitForResponse('**/api/callback'), page.locator('button').click()]);
    expect(refused.status()).toBe(400);
    await eventually(async () => expect(await page.locator('#phone-error').textContent()).toBe(callbackTexts.phone));
    expect(await page.locator('#phone').inputValue()).toBe('123');

    await page.locator('#phone').fill('87654322');
    const [sent] = await Promise.all([page.waitForResponse('**/api/callback'), page.locator('button').click()]);
    expect(sent.status()).toBe(200);
    await eventually(async () => expect(await page.getByRole('status').textContent()).toBe(callbackTexts.thanks));
    expect(smtp.received).toHaveLength(1);
    await page.context().close();
  });
});
