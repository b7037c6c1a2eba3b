import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import autocannon from 'autocannon';
import { routes } from '../views/routes';
import { BROWSER, cpuUs, median, rawGet } from './processStats';
import { root, startProductionServer } from './productionServer';
import { startBookingServer } from './bookingServer';

// `npm run bench`: requests per second, latency and bytes per response at 50 connections for
// every route, served by the real production server twice: as a browser asks (Accept-Encoding:
// gzip, deflate, br, zstd; the headline) and with no Accept-Encoding. In the same run, three
// baselines: a bare Express app and bare node:http serving the same bytes, and bare Express
// rendering each page itself (the design's floor: render, no middleware). The baselines compress
// nothing, so a browser's header changes nothing for them: they are measured once.
// Also the first request after start-up, on fresh servers. BENCH_WORKERS=2 adds the production
// server started with WEB_CONCURRENCY=2; BENCH_ROUTES=/,/kontakt measures only those routes.
// With online booking on (a second production server whose calendar is a feed of a few hundred
// events over https, scripts/bookingServer.ts), the booking page rendered per request, without and
// with a service's times, measured against /terapi's rate in the same run (BENCH_BOOKING=0 skips it).
// Loopback only, and bounded: three to five minutes of measuring for up to about 24 routes.

/** Paths to measure (BENCH_ROUTES, comma-separated), or every route. */
const benchRoutes = process.env.BENCH_ROUTES
  ? routes.filter((r) => process.env.BENCH_ROUTES?.split(',').includes(r.path))
  : routes;
/** Seconds of one route's cases: warm-ups of 1 s (real server) and 0.5 s (baselines), 5 cases of D s. */
const routeSeconds = (d: number) => 2 + 3 * 0.5 + 5 * d;
/**
 * Seconds per case: 5 with the seven pages, less (down to 2) with more pages, so that the
 * default run stays within about four minutes of measuring; BENCH_SECONDS sets it.
 */
const DURATION_S = Number(
  process.env.BENCH_SECONDS ??
    Math.max(2, Math.min(5, Math.floor(((240 / benchRoutes.length - routeSeconds(0)) / 5) * 2) / 2)),
);
const CONNECTIONS = 50;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const COLD_STARTS = 3;
const BASE_URL = 'https://www.example.dk';
/** The booking page with booking on: the first step, and a service's times (the heaviest page it renders). */
const BOOKING_PAGES = process.env.BENCH_BOOKING === '0' ? [] : ['/booking', '/booking?service=individuel'];
const NONE = {};

async function startBaseline(kind: 'express' | 'http' | 'render', pagesFile: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', 'bench-baseline.ts'), kind, pagesFile],
    {
      cwd: root,
      // React's production build, as the real server uses.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, base: `http://127.0.0.1:${String(chunk).trim()}` };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Body bytes of one response, after the load (so as a visitor gets it in steady state). */
  bytes: number;
  encoding: string;
  /** The server process's own CPU time per request (Linux only). */
  cpuUs?: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: 0.5, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (r.non2xx || r.errors) throw new Error(`bench: ${url} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
  const one = await rawGet(url, headers);
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: one.body.length,
    encoding: one.encoding,
  };
}

/** One run of autocannon with skipAggregateResult: its counts and its latency histogram, encoded. */
interface Slice {
  totalCompletedRequests: number;
  /** Seconds. */
  duration: number;
  non2xx: number;
  errors: number;
}
// Merges the slices' latency histograms, so p50 and p99 are those of all their requests.
// Part of autocannon's API, though not of @types/autocannon.
const aggregate = (
  autocannon as unknown as { aggregateResult(results: Slice[], opts: { url: string }): autocannon.Result }
).aggregateResult;

/**
 * The same URL as a browser asks and with no Accept-Encoding, in two slices each, alternating
 * (browser, none, none, browser), so drift on the machine falls on both alike: their ratio is
 * what counts. Not finer: a run's first second has a few slow requests that 1 s slices would
 * turn into the p99, so with less than 4 s per case each case is one slice, and which runs first
 * changes from route to route.
 */
async function measureBoth(
  url: string,
  pid: number | undefined,
  index: number,
): Promise<{ browser: Figures; none: Figures }> {
  const cases = { browser: BROWSER, none: NONE };
  for (const headers of Object.values(cases)) await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const slices: Record<keyof typeof cases, Slice[]> = { browser: [], none: [] };
  const cpu = { browser: 0, none: 0 };
  const halves = DURATION_S >= 4;
  const order = halves
    ? (['browser', 'none', 'none', 'browser'] as const)
    : index % 2
      ? (['none', 'browser'] as const)
      : (['browser', 'none'] as const);
  for (const name of order) {
    const opts = {
      url,
      connections: CONNECTIONS,
      duration: halves ? DURATION_S / 2 : DURATION_S,
      headers: cases[name],
      skipAggregateResult: true,
    };
    const before = cpuUs(pid);
    slices[name].push((await autocannon(opts)) as unknown as Slice);
    cpu[name] += (cpuUs(pid) ?? NaN) - (before ?? NaN);
  }
  const figures = async (name: keyof typeof cases): Promise<Figures> => {
    const all = slices[name];
    const bad = all.reduce((n, x) => n + x.non2xx + x.errors, 0);
    if (bad) throw new Error(`bench: ${url} (${name}) answered ${bad} non-2xx or errors`);
    const { latency } = aggregate(all, { url });
    const requests = all.reduce((n, x) => n + x.totalCompletedRequests, 0);
    const seconds = all.reduce((n, x) => n + x.duration, 0);
    const one = await rawGet(url, cases[name]);
    const perRequest = Math.round(cpu[name] / requests);
    return {
      rps: Math.round(requests / seconds),
      p50: latency.p50,
      p99: latency.p99,
      bytes: one.body.length,
      encoding: one.encoding,
      ...(Number.isFinite(perRequest) ? { cpuUs: perRequest } : {}),
    };
  };
  return { browser: await figures('browser'), none: await figures('none') };
}

/** Time of the first page request a freshly started server answers, with a browser's header. */
async function firstRequestMs(): Promise<number> {
  const server = await startProductionServer({ BASE_URL });
  try {
    return (await rawGet(`${server.base}/`, BROWSER)).ms;
  } finally {
    await server.stop();
  }
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
/** What the compression middleware sent a browser before: a brotli stream at quality 4. */
const brotli4 = (html: string) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length;

async function main() {
  const cold: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) cold.push(await firstRequestMs());
  console.log(`first request after start-up: ${cold.map((ms) => ms.toFixed(1)).join(', ')} ms`);

  const real = await startProductionServer({ BASE_URL });
  const pages: Record<string, string> = {};
  for (const r of benchRoutes) pages[r.path] = await (await fetch(`${real.base}${r.path}`)).text();
  await mkdir(path.join(root, 'bench'), { recursive: true });
  const pagesFile = path.join(os.tmpdir(), `bench-pages-${process.pid}.json`);
  await writeFile(pagesFile, JSON.stringify(pages));
  const children: ChildProcess[] = [real.child];
  const express = await startBaseline('express', pagesFile);
  const bare = await startBaseline('http', pagesFile);
  const floor = await startBaseline('render', pagesFile);
  children.push(express.child, bare.child, floor.child);
  // The teammate's node:cluster support reads WEB_CONCURRENCY; until it lands this is one process.
  const workers = WORKERS > 1 ? await startProductionServer({ BASE_URL, WEB_CONCURRENCY: String(WORKERS) }) : undefined;
  if (workers) children.push(workers.child);

  // A server that dies mid-run shows up as a flood of errors; say which one, and how it ended.
  let done = false;
  const names = ['production server', 'bare Express', 'node:http', 'render-only', `${WORKERS} workers`];
  for (const [i, c] of children.entries())
    c.once('exit', (code, signal) => {
      if (!done) console.error(`${names[i]} exited during the bench (code ${code}, signal ${signal})`);
    });

  const results = [];
  try {
    for (const [i, r] of benchRoutes.entries()) {
      // Alternating, so drift on the machine touches every case alike.
      const rendered = await measureBoth(`${real.base}${r.path}`, real.child.pid, i);
      const expressOnly = await measure(`${express.base}${r.path}`, NONE);
      const nodeHttp = await measure(`${bare.base}${r.path}`, NONE);
      const renderOnly = await measure(`${floor.base}${r.path}`, NONE);
      const clustered = workers ? await measureBoth(`${workers.base}${r.path}`, undefined, i) : undefined;
      const html = pages[r.path] as string;
      const row = {
        route: r.path,
        htmlBytes: Buffer.byteLength(html),
        brotli4Bytes: brotli4(html),
        browser: rendered.browser,
        none: rendered.none,
        browserVsNone: +(rendered.browser.rps / rendered.none.rps).toFixed(2),
        brVsBrotli4: +(rendered.browser.bytes / brotli4(html)).toFixed(3),
        express: expressOnly,
        nodeHttp,
        renderOnly,
        browserVsExpress: +(rendered.browser.rps / expressOnly.rps).toFixed(2),
        browserVsRenderOnly: +(rendered.browser.rps / renderOnly.rps).toFixed(2),
        renderOnlyVsExpress: +(renderOnly.rps / expressOnly.rps).toFixed(2),
        ...(clustered ? { workers: clustered } : {}),
      };
      results.push(row);
      console.log(
        `${r.path.padEnd(20)} browser ${String(row.browser.rps).padStart(5)} rps ${row.browser.p50}/${row.browser.p99} ms ${row.browser.bytes} B ${row.browser.encoding} | none ${String(row.none.rps).padStart(5)} rps ${row.none.p50}/${row.none.p99} ms | ${row.browserVsNone} | br/q4 ${row.brVsBrotli4} | cpu ${row.browser.cpuUs} / ${row.none.cpuUs} µs | render only ${renderOnly.rps} | express ${expressOnly.rps} | node:http ${nodeHttp.rps}` +
          (clustered ? ` | ${WORKERS} workers ${clustered.browser.rps} / ${clustered.none.rps}` : ''),
      );
    }
  } finally {
    done = true;
    for (const c of children) c.kill('SIGTERM');
    await rm(pagesFile, { force: true });
  }

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const lines = [
    `Machine: ${machine}; ${CONNECTIONS} connections, ${DURATION_S} s per case after a warm-up (the real server's two cases alternating${DURATION_S >= 4 ? ', in halves' : ''}); the load generator runs on the same cores.`,
    'Browser: `Accept-Encoding: gzip, deflate, br, zstd`. Bytes: the body of one response (br for a browser, plain HTML without the header).',
    `First request after start-up (GET / as a browser asks, on ${COLD_STARTS} fresh servers): median ${median(cold).toFixed(1)} ms (${cold.map((ms) => ms.toFixed(1)).join(', ')}).`,
    '',
    '| Route | Browser rps | p50 / p99 ms | Bytes | No encoding rps | p50 / p99 ms | Bytes | Browser / no encoding | br / brotli 4 | Server CPU µs per request, browser / none |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (x) =>
        `| ${x.route} | **${x.browser.rps}** | ${x.browser.p50} / ${x.browser.p99} | ${x.browser.bytes} | ${x.none.rps} | ${x.none.p50} / ${x.none.p99} | ${x.none.bytes} | ${pct(x.browserVsNone)} | ${pct(x.brVsBrotli4)} | ${x.browser.cpuUs ?? '–'} / ${x.none.cpuUs ?? '–'} |`,
    ),
    '',
    'Baselines, in the same run (they compress nothing, so they are measured once, without the header):',
    '',
    '| Route | Render-only rps | Bare Express rps | node:http rps | Browser / render-only | Browser / bare Express |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (x) =>
        `| ${x.route} | ${x.renderOnly.rps} | ${x.express.rps} | ${x.nodeHttp.rps} | ${pct(x.browserVsRenderOnly)} | ${pct(x.browserVsExpress)} |`,
    ),
  ];
  if (workers) {
    lines.push(
      '',
      `With WEB_CONCURRENCY=${WORKERS} (one server process per worker, if the server supports it; on a 2-core machine the workers and the load generator share the cores):`,
      '',
      `| Route | ${WORKERS} workers, browser rps | p50 / p99 ms | ${WORKERS} workers, no encoding rps | p50 / p99 ms | Browser, ${WORKERS} workers / 1 process |`,
      '|---|---:|---:|---:|---:|---:|',
      ...results.map((x) =>
        x.workers
          ? `| ${x.route} | ${x.workers.browser.rps} | ${x.workers.browser.p50} / ${x.workers.browser.p99} | ${x.workers.none.rps} | ${x.workers.none.p50} / ${x.workers.none.p99} | ${pct(x.workers.browser.rps / x.browser.rps)} |`
          : '',
      ),
    );
  }
  // Booking on, each page against /terapi measured again right before it (the machine is shared).
  const booking = [];
  if (BOOKING_PAGES.length) {
    const server = await startBookingServer({ BASE_URL });
    const plain = await startProductionServer({ BASE_URL });
    try {
      for (const [i, page] of BOOKING_PAGES.entries()) {
        const terapi = await measureBoth(`${plain.base}/terapi`, plain.child.pid, i);
        const measured = await measureBoth(`${server.base}${page}`, server.child.pid, i);
        const html = await (await fetch(`${server.base}${page}`)).text();
        const gzipBytes = (await rawGet(`${server.base}${page}`, { 'accept-encoding': 'gzip' })).body.length;
        booking.push({
          route: page,
          htmlBytes: Buffer.byteLength(html),
          gzipBytes,
          browser: measured.browser,
          none: measured.none,
          terapi: terapi.browser,
          vsTerapi: +(measured.browser.rps / terapi.browser.rps).toFixed(2),
        });
        console.log(
          `booking on ${page.padEnd(28)} browser ${measured.browser.rps} rps ${measured.browser.p50}/${measured.browser.p99} ms ${measured.browser.bytes} B | /terapi ${terapi.browser.rps} rps | ${Math.round((measured.browser.rps / terapi.browser.rps) * 100)} %`,
        );
      }
    } finally {
      await server.stop();
      await plain.stop();
    }
    lines.push(
      '',
      'Online booking on (BOOKING_CALENDAR_URL: a feed of a few hundred events over https on loopback), rendered per request, each against /terapi measured just before it:',
      '',
      '| Route | Browser rps | p50 / p99 ms | Bytes (br) | HTML gzip bytes | No encoding rps | /terapi browser rps | Booking / terapi |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...booking.map(
        (x) =>
          `| ${x.route} | **${x.browser.rps}** | ${x.browser.p50} / ${x.browser.p99} | ${x.browser.bytes} | ${x.gzipBytes} | ${x.none.rps} | ${x.terapi.rps} | ${pct(x.vsTerapi)} |`,
      ),
    );
  }
  const table = lines.join('\n');
  const summary = {
    date: new Date().toISOString(),
    machine,
    connections: CONNECTIONS,
    seconds: DURATION_S,
    workers: Math.max(WORKERS, 1),
    firstRequestMs: cold,
    results,
    booking,
  };
  await writeFile(path.join(root, 'bench', 'results.json'), `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(path.join(root, 'bench', 'results.md'), `${table}\n`);
  console.log(`\n${table}\n\nwritten to bench/results.json and bench/results.md`);

  // The targets of issue 13: a browser's page costs at most a tenth more than a plain one, and its
  // br body is at most 2 % larger than a brotli stream at quality 4 made it.
  const slow = results.filter((x) => x.browserVsNone < 0.9);
  const large = results.filter((x) => x.browser.encoding !== 'br' || x.brVsBrotli4 > 1.02);
  if (slow.length) console.log(`browser below 90 % of no encoding: ${slow.map((x) => x.route).join(', ')}`);
  if (large.length)
    console.log(`br body more than 2 % above brotli 4 (or not br): ${large.map((x) => x.route).join(', ')}`);
  // Issue 26: the booking page with booking on at least at /terapi's rate, and within the page budget.
  const behind = booking.filter((x) => x.vsTerapi < 1 || x.gzipBytes > 30_000);
  if (behind.length)
    console.log(`booking pages below /terapi's rate or above 30 kB gzip: ${behind.map((x) => x.route).join(', ')}`);
}

main().catch((err: Error) => {
  console.error(`bench failed: ${err.message}`);
  process.exit(1);
});
