import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { PageLog, type RequestRecord } from './pageLog';

// Tabs: a browser context with one page whose requests and console are recorded and whose
// requests to other hosts are aborted; a pool that hands a passed test's tab to the next test.

export interface Tab {
  page: Page;
  context: BrowserContext;
  /** What the page did during the current test (a reused tab starts each test with a new log). */
  log: PageLog;
}

export interface PooledTab extends Tab {
  key: string;
  noJs: boolean;
  viewport: { width: number; height: number } | null;
  /** False for a tab a test changed beyond a reset (a fake clock): closed after the test. */
  reusable: boolean;
}

const DEFAULT_VIEWPORT = { width: 1280, height: 900 };

/** A context with one page; requests to other hosts are recorded and aborted. */
async function newTab(
  browser: Browser,
  origin: string,
  options: BrowserContextOptions,
  key: string,
): Promise<PooledTab> {
  const context = await browser.newContext({ viewport: DEFAULT_VIEWPORT, ...options });
  // Well inside the test's time, so that a stuck step fails with Playwright's call log.
  context.setDefaultTimeout(8_000);
  context.setDefaultNavigationTimeout(10_000);
  const noJs = options.javaScriptEnabled === false;
  const tab: PooledTab = {
    context,
    page: undefined as unknown as Page,
    log: new PageLog(origin, noJs),
    key,
    viewport: null,
    noJs,
    reusable: true,
  };
  const records = new WeakMap<object, RequestRecord>();
  context.on('request', (req) => {
    let blocked = false;
    try {
      blocked = new URL(req.url()).origin !== origin && /^https?:/.test(req.url());
    } catch {
      blocked = false;
    }
    const pageLoad = req.isNavigationRequest() && req.frame().parentFrame() === null;
    const record: RequestRecord = {
      url: req.url(),
      method: req.method(),
      resourceType: req.resourceType(),
      blocked,
      pageLoad,
      documentsBefore: tab.log.documents,
    };
    records.set(req, record);
    tab.log.requests.push(record);
  });
  context.on('response', (res) => {
    const record = records.get(res.request());
    if (record) record.status = res.status();
  });
  context.on('requestfailed', (req) => {
    const record = records.get(req);
    if (record) record.failure = req.failure()?.errorText ?? 'failed';
  });
  // The machine has no internet, and the site must not need it: abort anything off-site.
  await context.route(
    (url) => url.origin !== origin && /^https?:$/.test(url.protocol),
    (route) => route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  page.on('console', (msg) => {
    tab.log.console.push({ type: msg.type(), text: msg.text(), url: msg.location().url ?? '' });
  });
  page.on('pageerror', (err) => {
    tab.log.pageErrors.push(err.stack ?? err.message);
  });
  // A new document in the tab (not a same-document navigation, as a pushState is): the
  // DevTools protocol's Page.frameNavigated for the top frame.
  const devtools = await context.newCDPSession(page);
  devtools.on('Page.frameNavigated', ({ frame }) => {
    if (!frame.parentId) tab.log.documents += 1;
  });
  await devtools.send('Page.enable');
  tab.page = page;
  tab.viewport = page.viewportSize();
  return tab;
}

/**
 * Tabs of passed tests, kept for the next test that asks for the same options: opening a
 * page costs ~300 ms on this machine, loading a page into a warm one far less.
 */
export class TabPool {
  private readonly idle: PooledTab[] = [];

  async take(browser: Browser, origin: string, options: BrowserContextOptions): Promise<PooledTab> {
    const key = JSON.stringify(options);
    const i = this.idle.findIndex((t) => t.key === key);
    if (i === -1) return newTab(browser, origin, options, key);
    const [tab] = this.idle.splice(i, 1) as [PooledTab];
    tab.log = new PageLog(origin, tab.noJs);
    return tab;
  }

  /** Back to the pool, reset: blank page, no test-made routes, the original viewport. */
  async give(tab: PooledTab): Promise<void> {
    if (!tab.reusable) return tab.context.close().catch(() => undefined);
    try {
      await tab.page.unrouteAll({ behavior: 'ignoreErrors' });
      await tab.page.goto('about:blank');
      if (tab.viewport) await tab.page.setViewportSize(tab.viewport);
      this.idle.push(tab);
    } catch {
      await tab.context.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((t) => t.context.close().catch(() => undefined)));
  }
}
