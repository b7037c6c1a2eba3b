import { type ChildProcess, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { routes } from '../views/routes';
import { startBookingServer } from './bookingServer';
import { BROWSER, cpuUs, median, rawGet } from './processStats';
import { root, startProductionServer } from './productionServer';
import { MINUTE_MS } from '../views/days';

// `npm run bench:compare`: the production build of another commit ("before", BENCH_BEFORE, default
// HEAD: the last commit against what is changed since) against this working tree's build ("after"),
// in one run, alternating, so that what else the machine does falls on both alike. The before
// build is a detached git worktree in .cache/bench-before/<sha> with its own `npm ci` and
// `npm run build` (reused when present); both servers run side by side as `npm run bench` starts
// them. For every route both answer with 200, and the booking pages with online booking on (a
// feed of a few hundred events, scripts/bookingServer.ts): after a 1 s warm-up of every page on
// each server, per round, each route on before then after (after then before in the next
// round), as a browser asks at 50 connections after a 0.5 s warm-up: requests/s, p50/p99 latency, the server's CPU time per request and the body's
// bytes. A route counts as slower only when after's median rate is below before's lowest sample
// and under 95 % of before's median; the run then exits non-zero.
//   BENCH_BEFORE=<ref> (HEAD), BENCH_ROUNDS (3), BENCH_SECONDS per case (2),
//   BENCH_ROUTES=/,/kontakt (every route; the booking-on pages count as /booking and
//   /booking?service=individuel), BENCH_BOOKING=0 (no booking-on pages).
// About seven minutes of measuring with the defaults (23 pages; six without booking), plus the before build's first
// install and build. Writes bench/compare.md and bench/compare.json. Loopback only.

const BEFORE_REF = process.env.BENCH_BEFORE || 'HEAD';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const WARM_UP_SECONDS = 0.5;
const FIRST_WARM_UP_SECONDS = 1;
const CONNECTIONS = 50;
const BASE_URL = 'https://www.example.dk';
/** Slower: after's median below before's lowest sample and below this share of before's median. */
const SLOWER_RATIO = 0.95;
const RULE = `a route is flagged slower only when after's median requests/s is below before's lowest sample and below ${SLOWER_RATIO * 100} % of before's median`;

const listed = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
const wanted = (p: string) => !listed || listed.includes(p);
const BOOKING_PAGES =
  process.env.BENCH_BOOKING === '0' ? [] : ['/booking', '/booking?service=individuel'].filter(wanted);

type Side = 'before' | 'after';
const SIDES: Side[] = ['before', 'after'];

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  /** The server process's CPU time per request (Linux only). */
  cpuUs?: number;
  /** Body bytes of one response as a browser gets it, after the load. */
  bytes: number;
  encoding: string;
}

interface Case {
  /** As shown: the path, with "(booking on)" for the booking server's pages. */
  name: string;
  path: string;
  booking: boolean;
}

const git = (args: string[], cwd = root) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** Runs a command in `cwd`, its output shown (an install or a build takes a while). */
function run(command: string, args: string[], cwd: string) {
  console.log(`$ (${path.relative(root, cwd) || '.'}) ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd, stdio: 'inherit' });
}

/** The before build: a detached worktree at the ref, installed and built once, reused afterwards. */
function prepareBefore(): { sha: string; dir: string } {
  const sha = git(['rev-parse', '--verify', `${BEFORE_REF}^{commit}`]);
  const dir = path.join(root, '.cache', 'bench-before', sha);
  if (!existsSync(dir)) {
    // A worktree whose folder was deleted by hand is still registered until pruned.
    git(['worktree', 'prune']);
    run('git', ['worktree', 'add', '--detach', dir, sha], root);
  } else if (git(['rev-parse', 'HEAD'], dir) !== sha) {
    throw new Error(`${dir} is not at ${sha}: remove it (git worktree remove --force ${dir}) and run again`);
  }
  // Its own dependencies (the server is bundled with its packages external); markers written only
  // once each step has succeeded, so an interrupted install or build is done again.
  const installed = path.join(dir, 'node_modules', '.bench-compare-installed');
  if (!existsSync(installed)) {
    run('npm', ['ci', '--no-audit', '--no-fund'], dir);
    execFileSync('touch', [installed]);
  }
  const built = path.join(dir, 'dist', '.bench-compare-built');
  if (!existsSync(built)) {
    run('npm', ['run', 'build'], dir);
    execFileSync('touch', [built]);
  }
  return { sha, dir };
}

/** One case: a warm-up, then SECONDS at 50 connections as a browser asks, and one response's bytes. */
async function measure(url: string, pid: number | undefined): Promise<Sample> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers: BROWSER });
  const before = cpuUs(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: BROWSER });
  const cpu = (cpuUs(pid) ?? NaN) - (before ?? NaN);
  if (r.non2xx || r.errors) throw new Error(`${url} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
  const one = await rawGet(url, BROWSER);
  const perRequest = Math.round(cpu / r.requests.total);
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    ...(Number.isFinite(perRequest) ? { cpuUs: perRequest } : {}),
    bytes: one.body.length,
    encoding: one.encoding,
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
const range = (xs: number[]) => `${median(xs)} (${Math.min(...xs)}–${Math.max(...xs)})`;
const loadAverage = () => os.loadavg().map((x) => x.toFixed(2)) as [string, string, string];

async function main() {
  const started = Date.now();
  const loadAtStart = loadAverage();
  const before = prepareBefore();
  const afterSha = git(['rev-parse', 'HEAD']);
  // bench/ (this script's own output among it) does not count as a change to the code.
  const dirty = git(['status', '--porcelain', '--', '.', ':!bench']) !== '';
  const subject = (sha: string) => git(['log', '-1', '--format=%s', sha]);
  const checkout: Record<Side, string | undefined> = { before: before.dir, after: undefined };

  type Server = { base: string; child: ChildProcess; stop(): Promise<unknown> };
  const servers: Server[] = [];
  let done = false;
  const start = async (side: Side, booking: boolean): Promise<Server> => {
    const options = { checkout: checkout[side] };
    const server = booking
      ? await startBookingServer({ BASE_URL }, options)
      : await startProductionServer({ BASE_URL }, options);
    servers.push(server);
    // A server that dies mid-run shows up as a flood of errors; say which one, and how it ended.
    server.child.once('exit', (code, signal) => {
      if (!done)
        console.error(`the ${side} server${booking ? ' (booking on)' : ''} exited (code ${code}, signal ${signal})`);
    });
    return server;
  };

  const samples = new Map<string, Record<Side, Sample[]>>();
  const skipped: string[] = [];
  try {
    const plain = { before: await start('before', false), after: await start('after', false) };
    const withBooking = BOOKING_PAGES.length
      ? { before: await start('before', true), after: await start('after', true) }
      : undefined;
    const serverOf = (c: Case, side: Side) => (c.booking ? withBooking! : plain)[side];

    // Only what both builds serve: a route one of them lacks is named, not measured.
    const candidates: Case[] = [
      ...routes.filter((r) => wanted(r.path)).map((r) => ({ name: r.path, path: r.path, booking: false })),
      ...BOOKING_PAGES.map((p) => ({ name: `${p} (booking on)`, path: p, booking: true })),
    ];
    const cases: Case[] = [];
    for (const c of candidates) {
      const statuses = await Promise.all(
        SIDES.map(async (side) => (await rawGet(`${serverOf(c, side).base}${encodeURI(c.path)}`, BROWSER)).status),
      );
      if (statuses.every((s) => s === 200)) cases.push(c);
      else skipped.push(`${c.name} (before ${statuses[0]}, after ${statuses[1]})`);
    }
    const known = new Set(candidates.map((c) => c.path));
    const unknown = listed?.filter((p) => !known.has(p)) ?? [];
    if (unknown.length) console.log(`BENCH_ROUTES names no such route: ${unknown.join(', ')}`);
    if (skipped.length) console.log(`not answered with 200 by both, so not measured: ${skipped.join(', ')}`);
    if (!cases.length) throw new Error('no route to measure (BENCH_ROUTES names none that both builds serve)');
    const estimate = cases.length * 2 * (FIRST_WARM_UP_SECONDS + ROUNDS * (WARM_UP_SECONDS + SECONDS + 0.1));
    console.log(
      `${cases.length} pages, ${ROUNDS} round${ROUNDS === 1 ? '' : 's'}, ${SECONDS} s per case: about ${estimate < 120 ? `${Math.round(estimate)} s` : `${round1(estimate / 60)} min`} of measuring`,
    );
    // Each server's first requests of a page fill its caches (the compressed page among them):
    // a longer warm-up once, before the first round, so that round 1 measures steady state too.
    for (const c of cases)
      for (const side of SIDES)
        await autocannon({
          url: `${serverOf(c, side).base}${encodeURI(c.path)}`,
          connections: CONNECTIONS,
          duration: FIRST_WARM_UP_SECONDS,
          headers: BROWSER,
        });

    for (const c of cases) samples.set(c.name, { before: [], after: [] });
    for (let round = 0; round < ROUNDS; round++) {
      // Each round in the other order: neither build always goes first.
      const order = round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const);
      for (const c of cases) {
        const got: Partial<Record<Side, Sample>> = {};
        for (const side of order) {
          const server = serverOf(c, side);
          got[side] = await measure(`${server.base}${encodeURI(c.path)}`, server.child.pid);
          samples.get(c.name)![side].push(got[side]);
        }
        console.log(
          `round ${round + 1} ${c.name.padEnd(40)} before ${String(got.before!.rps).padStart(5)} rps ${got.before!.cpuUs ?? '–'} µs | after ${String(got.after!.rps).padStart(5)} rps ${got.after!.cpuUs ?? '–'} µs | ${ratio(got.after!.rps, got.before!.rps).toFixed(2)}`,
        );
      }
    }
  } finally {
    done = true;
    await Promise.all(servers.map((s) => s.stop()));
  }

  const loadAtEnd = loadAverage();
  const results = [...samples].map(([name, s]) => {
    const of = (side: Side, key: keyof Sample) => s[side].map((x) => x[key]).filter((x) => typeof x === 'number');
    const rps = { before: median(of('before', 'rps')), after: median(of('after', 'rps')) };
    const cpu = { before: median(of('before', 'cpuUs')), after: median(of('after', 'cpuUs')) };
    return {
      route: name,
      rps,
      rpsRange: {
        before: [Math.min(...of('before', 'rps')), Math.max(...of('before', 'rps'))],
        after: [Math.min(...of('after', 'rps')), Math.max(...of('after', 'rps'))],
      },
      ratio: ratio(rps.after, rps.before),
      p50: { before: median(of('before', 'p50')), after: median(of('after', 'p50')) },
      p99: { before: median(of('before', 'p99')), after: median(of('after', 'p99')) },
      cpuUs: cpu,
      cpuRatio: Number.isFinite(cpu.after / cpu.before) ? ratio(cpu.after, cpu.before) : null,
      bytes: { before: median(of('before', 'bytes')), after: median(of('after', 'bytes')) },
      encoding: { before: s.before[0]!.encoding, after: s.after[0]!.encoding },
      slower: rps.after < Math.min(...of('before', 'rps')) && rps.after / rps.before < SLOWER_RATIO,
      samples: s,
    };
  });
  const slower = results.filter((r) => r.slower);
  const minutes = round1((Date.now() - started) / MINUTE_MS);

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
  const short = (sha: string) => sha.slice(0, 7);
  const afterName = `${short(afterSha)}${dirty ? ' with uncommitted changes' : ''}`;
  const lines = [
    `${new Date().toISOString().slice(0, 10)}. Before: ${short(before.sha)} (${BEFORE_REF}; ${subject(before.sha)}). After: ${afterName} (${subject(afterSha)}).`,
    `Machine: ${machine}, Node ${process.version}. Load average (1/5/15 min) at the start ${loadAtStart.join(' / ')}, at the end ${loadAtEnd.join(' / ')}; the run took ${minutes} min.`,
    `Both production builds served side by side; ${ROUNDS} round${ROUNDS === 1 ? '' : 's'}, in each every page on both builds, the order of the two flipping every round; ${CONNECTIONS} connections, a ${FIRST_WARM_UP_SECONDS} s warm-up of every page on each server before the first round, then ${WARM_UP_SECONDS} s warm-up and ${SECONDS} s per case, \`Accept-Encoding: gzip, deflate, br, zstd\`. The load generator runs on the same cores. Medians, requests/s with the lowest and highest sample in brackets.`,
    `Rule: ${RULE}.`,
    '',
    '| Route | Before rps | After rps | After / before | p99 ms, before / after | CPU µs per request, before / after | CPU after / before | Bytes, before / after | Slower |',
    '|---|---:|---:|---:|---:|---:|---:|---:|:---:|',
    ...results.map(
      (r) =>
        `| ${r.route} | ${range(r.samples.before.map((x) => x.rps))} | ${range(r.samples.after.map((x) => x.rps))} | ${r.ratio.toFixed(2)} | ${r.p99.before} / ${r.p99.after} | ${r.cpuUs.before} / ${r.cpuUs.after} | ${r.cpuRatio?.toFixed(2) ?? '–'} | ${r.bytes.before} ${r.encoding.before} / ${r.bytes.after} ${r.encoding.after} | ${r.slower ? '**slower**' : ''} |`,
    ),
    '',
    slower.length ? `Slower by the rule: ${slower.map((r) => r.route).join(', ')}.` : 'Slower by the rule: none.',
    ...(skipped.length ? [`Not measured (not answered with 200 by both builds): ${skipped.join(', ')}.`] : []),
  ];
  const table = lines.join('\n');
  await mkdir(path.join(root, 'bench'), { recursive: true });
  await writeFile(
    path.join(root, 'bench', 'compare.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine,
        node: process.version,
        before: { ref: BEFORE_REF, sha: before.sha },
        after: { sha: afterSha, uncommittedChanges: dirty },
        loadAverage: { start: loadAtStart, end: loadAtEnd },
        minutes,
        rounds: ROUNDS,
        seconds: SECONDS,
        connections: CONNECTIONS,
        rule: RULE,
        skipped,
        results,
      },
      null,
      2,
    )}\n`,
  );
  await writeFile(path.join(root, 'bench', 'compare.md'), `${table}\n`);
  console.log(`\n${table}\n\nwritten to bench/compare.json and bench/compare.md`);
  if (slower.length) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`bench:compare failed: ${err.message}`);
  process.exit(1);
});
