import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { launchBrowser } from './browser';
import { ROOT, startSnapshotServer, type Server } from './server';
import { TabPool, type PooledTab, type Tab } from './tabs';

// A test file's server and browser, and each test's session: its tabs, and on failure their
// screenshots, console logs and the server's log in test-results/.

const RESULTS_DIR = path.join(ROOT, 'test-results');

/** What a test gets: pages to open (given back or closed after the test) and the running server. */
export class Session {
  private readonly tabs: PooledTab[] = [];

  constructor(
    readonly browser: Browser,
    readonly server: Server,
    private readonly pool: TabPool,
  ) {}

  get origin(): string {
    return this.server.origin;
  }

  /** A page in its own context (default viewport 1280x900); every request is recorded. */
  async open(options: BrowserContextOptions = {}): Promise<Tab> {
    const tab = await this.pool.take(this.browser, this.origin, options);
    this.tabs.push(tab);
    return tab;
  }

  /** A page with a fake clock (Playwright's page.clock), in a context no other test gets. */
  async openWithClock(options: BrowserContextOptions = {}): Promise<Tab> {
    const tab = await this.open(options);
    (tab as PooledTab).reusable = false;
    await tab.page.clock.install();
    return tab;
  }

  /** Screenshots and console logs of every open page, written to test-results/. */
  async capture(testName: string): Promise<string[]> {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const base = testName
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120);
    const files: string[] = [];
    for (const [i, tab] of this.tabs.entries()) {
      const stem = path.join(RESULTS_DIR, `${base}${this.tabs.length > 1 ? `-${i + 1}` : ''}`);
      try {
        await tab.page.screenshot({ path: `${stem}.png`, fullPage: true, timeout: 5_000 });
        files.push(`${stem}.png`);
      } catch (err) {
        files.push(`(no screenshot: ${(err as Error).message.split('\n')[0]})`);
      }
      writeFileSync(`${stem}.console.txt`, `URL: ${tab.page.url()}\n\n${tab.log.text()}\n`);
      files.push(`${stem}.console.txt`);
    }
    // The server's log (JSON lines: requests, and the stack of any error it rendered).
    const serverLog = path.join(RESULTS_DIR, `${base}.server.log`);
    writeFileSync(serverLog, this.server.output().split('\n').slice(-300).join('\n'));
    files.push(serverLog);
    return files;
  }

  /** After a pass the tabs go back to the pool; after a failure they are closed. */
  async end(passed: boolean): Promise<void> {
    const tabs = this.tabs.splice(0);
    if (passed) await Promise.all(tabs.map((t) => this.pool.give(t)));
    else await Promise.all(tabs.map((t) => t.context.close().catch(() => undefined)));
  }
}

/** testTimeout in jest.config.js. */
const JEST_TIMEOUT = 20_000;

/**
 * Where a test written once for two files runs (test/e2e/journeys/): 'fast' in `npm test`, 'slow' in
 * `npm run test:slow`, so in the file whose name says that suite (*.slow.test.ts).
 */
type SuiteName = 'fast' | 'slow';
type TestOptions = number | { timeout?: number; in: SuiteName };

/** The suite of the test file being collected, by its name. */
const fileSuite = (): SuiteName => (/\.slow\.test\.tsx?$/.test(expect.getState().testPath ?? '') ? 'slow' : 'fast');

export interface Suite {
  readonly server: Server;
  readonly browser: Browser;
  /**
   * A test with a Session; on failure its pages' screenshots and consoles are saved and named.
   * `options`: its timeout, or also the suite it belongs to (only a file of that suite runs it).
   */
  test(name: string, fn: (s: Session) => Promise<void>, options?: TestOptions): void;
}

/**
 * One server and one Chromium for the calling test file, started in beforeAll. `env`: the
 * server's variables beyond the harness's own (e.g. BOOKING_CALENDAR_URL), or a function that
 * makes them in beforeAll (a feed server's address, say).
 */
export function useBrowserSuite(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}): Suite {
  let server: Server | undefined;
  let browser: Browser | undefined;
  const pool = new TabPool();

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      (typeof env === 'function' ? env() : Promise.resolve(env)).then(startSnapshotServer),
      launchBrowser(),
    ]);
  }, 30_000);

  afterAll(async () => {
    await pool.close();
    await browser?.close();
    await server?.stop();
  }, 20_000);

  const suite: Suite = {
    get server() {
      if (!server) throw new Error('the server is not running (beforeAll failed?)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not running (beforeAll failed?)');
      return browser;
    },
    test(name, fn, options) {
      const timeout = typeof options === 'number' ? options : options?.timeout;
      if (typeof options === 'object' && options.in !== fileSuite()) return;
      test(
        name,
        async () => {
          const session = new Session(suite.browser, suite.server, pool);
          let passed = false;
          // Fail a little before jest's own timeout, which would give no screenshot or console log.
          const limit = (timeout ?? JEST_TIMEOUT) - 4_000;
          let timer: NodeJS.Timeout | undefined;
          const deadline = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`the test did not finish within ${limit} ms`)), limit);
          });
          try {
            await Promise.race([fn(session), deadline]);
            passed = true;
          } catch (err) {
            const files = await session.capture(`${expect.getState().currentTestName ?? name}`);
            const e = err instanceof Error ? err : new Error(String(err));
            const original = e.message;
            // V8 formats .stack lazily from .message: read it before the message changes.
            const stack = e.stack;
            e.message = `${original}\n\nSaved in test-results/:\n  ${files.join('\n  ')}`;
            if (stack) e.stack = stack.replace(original, e.message);
            throw e;
          } finally {
            clearTimeout(timer);
            await session.end(passed);
          }
        },
        timeout,
      );
    },
  };
  return suite;
}
