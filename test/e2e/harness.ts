import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import type { Lang } from '../../content/languages';
import { navPages } from '../../content/pages';
import { siteTexts } from '../../content/siteTexts';
import { langOfPath, paths, routes } from '../../views/routes';

// Shared machinery of the end-to-end suite: the production build as a child process, one
// Chromium per test file, pages whose every request and console message is recorded, and
// screenshots + console logs in test-results/ when a test fails.

export const ROOT = path.resolve(__dirname, '..', '..');
const SERVER_JS = path.join(ROOT, 'dist', 'server.js');
const MANIFEST = path.join(ROOT, 'dist', 'manifest.json');
const RESULTS_DIR = path.join(ROOT, 'test-results');

/** Every page of the route table (views/routes.ts), in every language. */
export const ROUTES: readonly string[] = routes.map((r) => r.path);

/** The header's links, with the labels the spec fixes (spec §2), in their order. */
export const NAV = [
  { path: '/', label: 'Hjem' },
  { path: '/om-mig', label: 'Om mig' },
  { path: '/terapi', label: 'Terapi' },
  { path: '/priser', label: 'Priser' },
  { path: '/booking', label: 'Book samtale' },
  { path: '/kontakt', label: 'Kontakt' },
];

/** What a visitor reads in the header of each language: the Danish as the spec fixes it, the others from content/. */
export interface HeaderUi {
  lang: Lang;
  nav: { path: string; label: string }[];
  navLabel: string;
  menu: string;
  languageNavLabel: string;
}

const headerOf = (lang: Lang): HeaderUi => ({
  lang,
  nav: navPages.map((page) => ({ path: paths[page][lang], label: siteTexts[lang].nav[page] })),
  navLabel: siteTexts[lang].navLabel,
  menu: siteTexts[lang].menuButton,
  languageNavLabel: siteTexts[lang].languageNavLabel,
});

export const HEADER: Record<Lang, HeaderUi> = {
  da: { lang: 'da', nav: NAV, navLabel: 'Hovedmenu', menu: 'Menu', languageNavLabel: 'Sprog' },
  en: headerOf('en'),
  fa: headerOf('fa'),
};

/** The header of the page at `path`. */
export const headerFor = (path: string): HeaderUi => HEADER[langOfPath(path)];

/** The one other host the site may load: the embedded map frame on /kontakt. */
export const MAP_ORIGIN = 'https://www.openstreetmap.org';

// ---------------------------------------------------------------------------------------------
// The server

export interface Server {
  origin: string;
  port: number;
  outboxDir: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Warns when a source file is newer than dist/server.js: the tests would run an old build. */
function warnIfStale() {
  const built = statSync(SERVER_JS).mtimeMs;
  const newest = (dir: string): number => {
    let latest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
    }
    return latest;
  };
  const sources = ['server', 'views', 'client', 'content'].map((d) => path.join(ROOT, d)).filter(existsSync);
  if (Math.max(...sources.map(newest)) > built) {
    process.stderr.write('\n*** e2e: dist/ is older than the sources: run `npm run build` first, or these tests check an old build. ***\n\n');
  }
}

/**
 * A private copy of the build: `npm run build` (run by a developer while the suite runs) prunes
 * the hashed assets the running server still names, which would fail every later page load.
 * dist/server.js finds dist/ and public/ next to itself, and its packages in ../node_modules.
 */
function snapshotBuild(): { dir: string; serverJs: string } {
  for (let attempt = 0; ; attempt++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'e2e-build-'));
    try {
      const manifestText = readFileSync(MANIFEST, 'utf8');
      const assets = path.join(dir, 'dist', 'public', 'assets');
      cpSync(path.join(ROOT, 'dist', 'public', 'assets'), assets, { recursive: true });
      // Every file the manifest names (entry, stylesheet, chunks) must be in the copy.
      for (const url of manifestText.match(/\/assets\/[^"]+/g) ?? []) {
        if (!existsSync(path.join(assets, path.basename(url)))) throw new Error(`snapshot: ${url} is missing`);
      }
      writeFileSync(path.join(dir, 'dist', 'manifest.json'), manifestText);
      copyFileSync(SERVER_JS, path.join(dir, 'dist', 'server.js'));
      if (existsSync(`${SERVER_JS}.map`)) copyFileSync(`${SERVER_JS}.map`, path.join(dir, 'dist', 'server.js.map'));
      cpSync(path.join(ROOT, 'public'), path.join(dir, 'public'), { recursive: true });
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
      return { dir, serverJs: path.join(dir, 'dist', 'server.js') };
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      // A build was replacing the files at that moment: try again shortly.
      if (attempt >= 5) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    }
  }
}

/** Starts (a snapshot of) `node dist/server.js` on a free port with its outbox in a fresh temp folder. */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  if (!existsSync(SERVER_JS) || !existsSync(MANIFEST)) {
    throw new Error(`${SERVER_JS} or ${MANIFEST} is missing: run \`npm run build\` before the e2e tests`);
  }
  warnIfStale();
  const build = snapshotBuild();
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'e2e-outbox-'));
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', build.serverJs], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: '0',
      OUTBOX_DIR: outboxDir,
      CONTACT_RATE_LIMIT: '1000',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should jest end without afterAll (a crash, a forced exit), the server goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const cleanUp = () => {
    process.removeListener('exit', killOnExit);
    rmSync(outboxDir, { recursive: true, force: true });
    rmSync(build.dir, { recursive: true, force: true });
  };

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 10 s:\n${output}`));
    }, 10_000);
    let pending = '';
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      output += chunk;
    });
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf('\n')) !== -1) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        try {
          const entry = JSON.parse(line) as { port?: unknown };
          if (typeof entry.port === 'number') {
            clearTimeout(timer);
            resolve(entry.port);
          }
        } catch {
          // Not a JSON line: keep reading.
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      cleanUp();
      // After start-up this is a no-op (the promise is settled); the tests then fail on requests.
      reject(new Error(`server exited with code ${code} before listening:\n${output}`));
    });
  });

  return {
    origin: `http://localhost:${port}`,
    port,
    outboxDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(force);
      }
      cleanUp();
    },
  };
}

export interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A plain GET with node:http (no browser), following no redirect. */
export function fetchText(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    }).on('error', reject);
  });
}

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The <title> and the text of the <h1> the server renders for a path. */
export async function serverPage(origin: string, pathname: string): Promise<{ status: number; title: string; h1: string }> {
  const { status, body } = await fetchText(origin + pathname);
  const title = /<title>([^<]*)<\/title>/.exec(body)?.[1];
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1];
  if (title === undefined || h1 === undefined) throw new Error(`${pathname}: no <title> or <h1> in the server's HTML`);
  const text = (html: string) => decodeEntities(html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim();
  return { status, title: text(title), h1: text(h1) };
}

// ---------------------------------------------------------------------------------------------
// The browser

/** Debian's Chromium; CHROMIUM_PATH may name another build (never downloaded by the suite). */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/**
 * `describe` for tests that need Chromium. Without /usr/bin/chromium: on CI a failing test
 * says so; elsewhere the block is skipped with a loud message.
 */
export function describeBrowser(name: string, fn: () => void): void {
  if (hasChromium) {
    describe(name, fn);
    return;
  }
  const how = `${CHROMIUM} is missing. Install it with \`apt-get install -y chromium\` and run \`npm run build && npx jest test/e2e\`.`;
  if (process.env.CI) {
    describe(name, () => {
      test('Chromium is installed', () => {
        throw new Error(`Browser tests cannot run on CI: ${how}`);
      });
    });
    return;
  }
  process.stderr.write(`\n*** SKIPPED browser tests "${name}": ${how} ***\n\n`);
  describe.skip(name, fn);
}

// ---------------------------------------------------------------------------------------------
// Pages that record what they do

export interface RequestRecord {
  url: string;
  method: string;
  resourceType: string;
  status?: number;
  failure?: string;
  /** Aborted by the harness because it goes to another host (the machine has no internet). */
  blocked: boolean;
  /** A new document in the tab itself (a full page load, not a frame's). */
  pageLoad: boolean;
}

export interface ConsoleRecord {
  type: string;
  text: string;
  url: string;
}

export interface CleanOptions {
  /** Allow requests to the map host (only /kontakt embeds the map). */
  allowMap?: boolean;
  /** Requests/console lines whose URL or text matches are expected to fail (a test's own doing). */
  ignore?: RegExp;
  /** Same-origin URLs allowed to answer with this status (e.g. the 404 page). */
  allowStatus?: { url: string; status: number }[];
}

export class PageLog {
  readonly requests: RequestRecord[] = [];
  readonly console: ConsoleRecord[] = [];
  readonly pageErrors: string[] = [];

  constructor(
    private readonly origin: string,
    /** With JavaScript off, Chromium refuses <link rel="modulepreload"> with the reason "csp". */
    private readonly javaScriptDisabled = false,
  ) {}

  /** Console errors and warnings, and uncaught exceptions. */
  problems(ignore?: RegExp, allowStatus: { url: string; status: number }[] = []): string[] {
    // Chromium reports every answer >= 400 in the console, even an expected one.
    const expected = (c: ConsoleRecord) =>
      allowStatus.some(
        (a) => new URL(a.url, this.origin).href === c.url && c.text.includes(`responded with a status of ${a.status} `),
      );
    const lines = this.console
      .filter((c) => c.type === 'error' || c.type === 'warning')
      .filter((c) => !(ignore && (ignore.test(c.text) || ignore.test(c.url))) && !expected(c))
      .map((c) => `console.${c.type}: ${c.text}${c.url ? ` (${c.url})` : ''}`);
    return [...lines, ...this.pageErrors.map((e) => `pageerror: ${e}`)];
  }

  /** Requests that failed on our own origin, and any request to another host. */
  badRequests({ allowMap = false, ignore, allowStatus = [] }: CleanOptions = {}): string[] {
    const bad: string[] = [];
    for (const [i, r] of this.requests.entries()) {
      if (ignore?.test(r.url)) continue;
      // A fetch still running when the visitor goes to a new document (a chunk prefetched as a
      // link got focus, say) is cancelled by the browser: the page's leaving, not a fault.
      if (r.failure === 'net::ERR_ABORTED' && this.requests.slice(i + 1).some((later) => later.pageLoad)) continue;
      if (r.url.startsWith('data:') || r.url.startsWith('blob:')) continue;
      let origin: string;
      try {
        origin = new URL(r.url).origin;
      } catch {
        bad.push(`unparsable request URL ${r.url}`);
        continue;
      }
      if (origin === this.origin) {
        const allowed = allowStatus.some((a) => new URL(a.url, this.origin).href === r.url && a.status === r.status);
        if (r.failure === 'csp' && this.javaScriptDisabled && r.resourceType === 'script') continue;
        if (r.failure) bad.push(`${r.method} ${r.url} failed: ${r.failure}`);
        else if (r.status !== undefined && r.status >= 400 && !allowed) bad.push(`${r.method} ${r.url} answered ${r.status}`);
      } else if (!(allowMap && origin === MAP_ORIGIN)) {
        bad.push(`${r.method} ${r.url} goes to another host (${origin})`);
      }
    }
    return bad;
  }

  /** Asserts no console error/warning, no page error, no failed request and no foreign host. */
  expectClean(options: CleanOptions = {}): void {
    const problems = [...this.problems(options.ignore, options.allowStatus), ...this.badRequests(options)];
    if (problems.length > 0) throw new Error(`The page was not clean:\n  ${problems.join('\n  ')}`);
  }

  text(): string {
    return [
      ...this.console.map((c) => `[${c.type}] ${c.text}${c.url ? ` (${c.url})` : ''}`),
      ...this.pageErrors.map((e) => `[pageerror] ${e}`),
      '',
      'Requests:',
      ...this.requests.map(
        (r) => `${r.method} ${r.url} ${r.status ?? ''}${r.failure ? ` FAILED ${r.failure}` : ''}${r.blocked ? ' (blocked: other host)' : ''}`,
      ),
    ].join('\n');
  }
}

export interface Tab {
  page: Page;
  context: BrowserContext;
  /** What the page did during the current test (a reused tab starts each test with a new log). */
  log: PageLog;
}

interface PooledTab extends Tab {
  key: string;
  noJs: boolean;
  viewport: { width: number; height: number } | null;
  /** False for a tab a test changed beyond a reset (a fake clock): closed after the test. */
  reusable: boolean;
}

const DEFAULT_VIEWPORT = { width: 1280, height: 900 };

/** A context with one page; requests to other hosts are recorded and aborted. */
async function newTab(browser: Browser, origin: string, options: BrowserContextOptions, key: string): Promise<PooledTab> {
  const context = await browser.newContext({ viewport: DEFAULT_VIEWPORT, ...options });
  // Well inside the test's time, so that a stuck step fails with Playwright's call log.
  context.setDefaultTimeout(8_000);
  context.setDefaultNavigationTimeout(10_000);
  const noJs = options.javaScriptEnabled === false;
  const tab: PooledTab = { context, page: undefined as unknown as Page, log: new PageLog(origin, noJs), key, viewport: null, noJs, reusable: true };
  const records = new WeakMap<object, RequestRecord>();
  context.on('request', (req) => {
    let blocked = false;
    try {
      blocked = new URL(req.url()).origin !== origin && /^https?:/.test(req.url());
    } catch {
      blocked = false;
    }
    const pageLoad = req.isNavigationRequest() && req.frame().parentFrame() === null;
    const record: RequestRecord = { url: req.url(), method: req.method(), resourceType: req.resourceType(), blocked, pageLoad };
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
  tab.page = page;
  tab.viewport = page.viewportSize();
  return tab;
}

/**
 * Tabs of passed tests, kept for the next test that asks for the same options: opening a
 * page costs ~300 ms on this machine, loading a page into a warm one far less.
 */
class TabPool {
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
    const base = testName.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120);
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

export interface Suite {
  readonly server: Server;
  readonly browser: Browser;
  /** A test with a Session; on failure its pages' screenshots and consoles are saved and named. */
  test(name: string, fn: (s: Session) => Promise<void>, timeout?: number): void;
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
    [server, browser] = await Promise.all([(typeof env === 'function' ? env() : Promise.resolve(env)).then(startServer), launchBrowser()]);
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
    test(name, fn, timeout) {
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

// ---------------------------------------------------------------------------------------------
// Page helpers

/**
 * Waits until React has finished hydrating #root. React marks the container at hydrateRoot()
 * and its root's state says whether the tree is still dehydrated (server HTML not yet adopted).
 */
export async function waitForHydration(page: Page, timeout = 10_000): Promise<void> {
  const hydrated = page.waitForFunction(
    () => {
      const root = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
      if (!root) return false;
      const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
      if (!key) return false;
      const fiber = root[key] as { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } };
      return fiber.stateNode?.current?.memoizedState?.isDehydrated === false;
    },
    undefined,
    { timeout },
  );
  await hydrated.catch((err: Error) => {
    throw new Error(`React did not hydrate #root of ${page.url()} within ${timeout} ms (see the console log): ${err.message.split('\n')[0]}`);
  });
}

/** Goes to a path, checks the status, and waits for hydration. */
export async function load(page: Page, origin: string, pathname: string, status = 200): Promise<void> {
  const response = await page.goto(origin + pathname, { waitUntil: 'load' });
  expect(response?.status()).toBe(status);
  await waitForHydration(page);
}

/** Waits until the page has stopped scrolling (smooth scrolling has ended); returns scrollY. */
export function scrollSettled(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        let frames = 0;
        const tick = () => {
          const y = window.scrollY;
          if (y === last) still += 1;
          else {
            still = 0;
            last = y;
          }
          // Ten frames without movement, or give up after about five seconds.
          if (still >= 10 || ++frames > 300) resolve(y);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/**
 * Retries `fn` until it stops throwing (jest's expect has no auto-waiting matchers like
 * Playwright Test's); after `timeout` ms the last error is thrown.
 */
export async function eventually<T>(fn: () => Promise<T> | T, timeout = 5_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Auto-waiting checks on locators, in the spirit of Playwright Test's web-first assertions. */
export const see = {
  text: (locator: Locator, expected: string | RegExp) =>
    eventually(async () => {
      const actual = squash((await locator.textContent({ timeout: 1_000 })) ?? '');
      if (typeof expected === 'string') expect(actual).toBe(expected);
      else expect(actual).toMatch(expected);
    }),
  /** The text shown (innerText: without text the stylesheet hides). */
  label: (locator: Locator, expected: string) =>
    eventually(async () => expect(squash(await locator.innerText({ timeout: 1_000 }))).toBe(expected)),
  attr: (locator: Locator, name: string, expected: string | null) =>
    eventually(async () => expect(await locator.getAttribute(name, { timeout: 1_000 })).toBe(expected)),
  visible: (locator: Locator) =>
    eventually(async () => {
      if (!(await locator.isVisible())) throw new Error(`expected ${locator} to be visible`);
    }),
  hidden: (locator: Locator) =>
    eventually(async () => {
      if (!(await locator.isHidden())) throw new Error(`expected ${locator} to be hidden`);
    }),
  value: (locator: Locator, expected: string) =>
    eventually(async () => expect(await locator.inputValue({ timeout: 1_000 })).toBe(expected)),
  path: (page: Page, expected: string) => eventually(() => expect(pathOf(page)).toBe(expected)),
  /** Whether the <details> whose <summary> this is, is open. */
  open: (summary: Locator, expected: boolean) =>
    eventually(async () => expect(await summary.evaluate((s) => (s.parentElement as HTMLDetailsElement).open)).toBe(expected)),
};

/**
 * The header's Menu button, a native <summary>: Chromium names it and gives it its <details>'
 * expanded state, but Playwright's getByRole has no role for a summary.
 */
export const menuButton = (page: Page, label: string) => page.locator('summary.menu-button', { hasText: label });

export const getMarker = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);
export const setMarker = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __marker?: number }).__marker = 1;
  });

export const pathOf = (page: Page) => new URL(page.url()).pathname;
