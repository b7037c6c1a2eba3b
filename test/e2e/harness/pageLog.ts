import { MAP_ORIGIN } from './site';

// What a page did: every request (with its status or failure, and whether it went to another
// host) and every console message and uncaught error, and whether that makes the page clean.

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
  /** How many documents the tab had committed when the request was sent (PageLog.documents then). */
  documentsBefore: number;
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
  /** Documents committed in the tab itself (its main frame navigated) during the test. */
  documents = 0;
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
    for (const r of this.requests) {
      if (ignore?.test(r.url)) continue;
      // A fetch still running when the visitor goes to a new document (a chunk prefetched as a
      // link got focus, say) is cancelled by the browser: the page's leaving, not a fault. Told
      // by the documents the tab committed after the fetch was sent, not by the order of the
      // requests: the browser may report the new document's request before a fetch the old
      // document sent just before it.
      if (r.failure === 'net::ERR_ABORTED' && this.documents > r.documentsBefore) continue;
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
        else if (r.status !== undefined && r.status >= 400 && !allowed)
          bad.push(`${r.method} ${r.url} answered ${r.status}`);
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
        (r) =>
          `${r.method} ${r.url} ${r.status ?? ''}${r.failure ? ` FAILED ${r.failure}` : ''}${r.blocked ? ' (blocked: other host)' : ''}`,
      ),
    ].join('\n');
  }
}
