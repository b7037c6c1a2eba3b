import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { type BuiltServer, startTestServer } from '../support/builtServer';
import { eventually } from '../support/eventually';
import { describeBrowser, launchBrowser } from './harness';
import { contentFiles, type LocalEditor, openLocalEditor } from './harness/localEditor';

// Her editor's preview pane in Chromium, under the editor's CSP, in a Danish browser (decision
// 0073): while she types a price, the pane shows the prices page as the site renders it, in the
// site's font and colours; her Persian words right to left; and no request leaves the site. The
// editor runs in its local mode on the repository's content (test/e2e/harness/localEditor.ts).

/** What makes the site's look: the page's font, its background, the headings' and the prices' colours. */
const look = (frame: Page | Frame) =>
  frame.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector) as Element);
    return {
      font: style('body').fontFamily,
      background: style('body').backgroundColor,
      heading: style('h1').color,
      price: style('.price__amount').color,
    };
  });

/** The preview pane's page, once it shows `text`. */
async function previewShowing(page: Page, text: string): Promise<Frame> {
  let shown: Frame | undefined;
  await eventually(async () => {
    shown = page.frames().find((f) => f.url().endsWith('/admin/preview'));
    expect(await shown?.evaluate(() => document.body.innerText)).toContain(text);
  });
  return shown as Frame;
}

describeBrowser("her editor's preview", () => {
  let server: BuiltServer;
  let browser: Browser;
  let context: BrowserContext;
  let editor: LocalEditor;
  const outside: string[] = [];
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({}), launchBrowser()]);
    editor = await openLocalEditor(browser, server.origin, contentFiles());
    context = editor.page.context();
    // Every request that leaves loopback from here on is recorded and refused.
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'blob:' || url.hostname === '127.0.0.1') return route.continue();
      outside.push(url.href);
      return route.abort();
    });
  }, 90_000);
  afterAll(async () => {
    await editor?.close();
    await browser?.close();
    server?.kill();
  });

  test("a price she types shows on the prices page in the site's font and colours, and no request leaves the site", async () => {
    await editor.open('facts', 'prices');
    await previewShowing(editor.page, '1.200 kr.');
    await editor.field('individuel.amount').locator('input[type="text"]').fill('1350');
    const frame = await previewShowing(editor.page, '1.350 kr.');
    expect(await frame.locator('li.price', { hasText: 'Individuel terapi' }).innerText()).toContain('1.350 kr.');
    const site = await context.newPage();
    await site.goto(`${server.origin}/priser`);
    expect(await look(frame)).toEqual(await look(site));
    await site.close();
    expect(outside).toEqual([]);
  }, 60_000);

  test('her Persian words, right to left', async () => {
    await editor.open('words', 'prices');
    await editor.language('fa');
    const heading = editor.field('heading').locator('input').first();
    await heading.fill('هزینه‌ی جلسه‌ها');
    const frame = await previewShowing(editor.page, 'هزینه‌ی جلسه‌ها');
    expect(
      await frame.evaluate(() => [document.documentElement.dir, getComputedStyle(document.body).direction]),
    ).toEqual(['rtl', 'rtl']);
    expect(outside).toEqual([]);
  }, 60_000);
});
