import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BROWSER, childPids, cpuUs, median, rawGet, rssKb } from './processStats';
import { root, startProductionServer } from './productionServer';
import { browse, type Clock, type Hit } from './soak/visitors';
import { startRedis } from '../test/support/redis';

// `npm run bench:node`: the same production build on two (or more) Node binaries, side by side,
// alternating in one run so that what else the machine does falls on each alike. Per round and
// Node: start-up (until it listens, as its log says) and the first page request, as a browser asks; requests
// per second, latency and the server's CPU time per request at 50 connections on a few pages; and
// the resident memory of each worker (WEB_CONCURRENCY=2) under the soak's page mix, all 21 pages
// as a browser asks for them (scripts/soak/visitors.ts). Reports medians with their range.
//   BENCH_NODES=/usr/bin/node,.cache/node/bin/node npm run bench:node
// BENCH_ROUNDS (8), BENCH_ROUTES (/,/kontakt,/fa/about), BENCH_SECONDS per page (2) and
// BENCH_MIX_SECONDS (10) size it; the defaults take about six minutes. Loopback only.

const NODES = (process.env.BENCH_NODES ?? '')
  .split(',')
  .filter(Boolean)
  .map((n) => path.resolve(n));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ROUTES = (process.env.BENCH_ROUTES ?? '/,/kontakt,/fa/about').split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 10);
const CONNECTIONS = 50;
const BASE_URL = 'https://www.example.dk';

interface Sample {
  readyMs: number;
  firstMs: number;
  idleRssMb: number;
  pages: Record<string, { rps: number; p50: number; p99: number; cpuUs: number }>;
  /** Each worker's RSS at the end of the mix, and the highest seen during it. */
  mix: { requests: number; failed: number; workerEndMb: number[]; workerPeakMb: number[] };
}

const mb = (kb: number | null) => Math.round(((kb ?? NaN) / 1024) * 10) / 10;

/** One process serving alone (as bench.ts runs it): start-up, first request, then load per page. */
async function single(node: string): Promise<Omit<Sample, 'mix'>> {
  const server = await startProductionServer({ BASE_URL }, { node });
  try {
    const first = await rawGet(`${server.base}/`, BROWSER);
    if (first.status !== 200 || first.encoding !== 'br')
      throw new Error(`first request: ${first.status} ${first.encoding}`);
    const idleRssMb = mb(rssKb(server.child.pid!));
    const pages: Sample['pages'] = {};
    for (const route of ROUTES) {
      const url = `${server.base}${encodeURI(route)}`;
      await autocannon({ url, connections: CONNECTIONS, duration: 0.5, headers: BROWSER });
      const before = cpuUs(server.child.pid);
      const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: BROWSER });
      const cpu = (cpuUs(server.child.pid) ?? NaN) - (before ?? NaN);
      if (r.non2xx || r.errors) throw new Error(`${route}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      pages[route] = {
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        cpuUs: Math.round(cpu / r.requests.total),
      };
    }
    return { readyMs: server.readyMs, firstMs: first.ms, idleRssMb, pages };
  } finally {
    await server.stop();
  }
}

/** Two workers, as the soak runs them, under the soak's page views; their RSS sampled every 250 ms. */
async function mix(node: string): Promise<Sample['mix']> {
  // Several workers share their stores through Redis (decision 0028).
  const redis = await startRedis();
  const server = await startProductionServer(
    { BASE_URL, WEB_CONCURRENCY: '2', TRUST_PROXY: '1', REDIS_URL: redis.url },
    { node },
  );
  try {
    let workers: number[] = [];
    for (let i = 0; i < 100 && workers.length < 2; i++) {
      workers = childPids(server.child.pid!);
      await new Promise((r) => setTimeout(r, 50));
    }
    const peak = new Map(workers.map((pid) => [pid, 0]));
    const sampler = setInterval(() => {
      for (const pid of workers) peak.set(pid, Math.max(peak.get(pid)!, rssKb(pid) ?? 0));
    }, 250);
    const started = Date.now();
    const clock: Clock = {
      started,
      port: Number(new URL(server.base).port),
      until: started + MIX_SECONDS * 1000,
      phase: () => 'mix',
    };
    const hits: Hit[] = [];
    // The soak's page visitors: six loops, 10 ms between a loop's pages (scripts/soak.ts).
    await browse(clock, hits, 6, 10);
    clearInterval(sampler);
    return {
      requests: hits.length,
      failed: hits.filter((h) => h.status !== 200).length,
      workerEndMb: workers.map((pid) => mb(rssKb(pid))),
      workerPeakMb: workers.map((pid) => mb(peak.get(pid)!)),
    };
  } finally {
    await server.stop();
    await redis.stop();
  }
}

const stat = (xs: number[], digits = 1) => {
  const f = (x: number) => x.toFixed(digits);
  return `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
};

async function main() {
  if (NODES.length < 2)
    throw new Error('name two Node binaries: BENCH_NODES=/usr/bin/node,.cache/node/bin/node npm run bench:node');
  const versions = NODES.map((n) => execFileSync(n, ['-p', 'process.version'], { encoding: 'utf8' }).trim());
  const samples: Sample[][] = NODES.map(() => []);
  const loadAvg: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Each round in the other order: neither Node always goes first.
    const order = NODES.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order) {
      loadAvg.push(os.loadavg()[0]!);
      const s = { ...(await single(NODES[i]!)), mix: await mix(NODES[i]!) };
      samples[i]!.push(s);
      const pages = ROUTES.map((r) => `${r} ${s.pages[r]!.rps} rps ${s.pages[r]!.cpuUs} µs`).join(', ');
      console.log(
        `round ${round + 1} ${versions[i]}: ready ${s.readyMs.toFixed(0)} ms, first ${s.firstMs.toFixed(1)} ms, ${pages}, workers ${s.mix.workerEndMb.join('/')} MB (peak ${s.mix.workerPeakMb.join('/')}), ${s.mix.requests} pages in the mix`,
      );
    }
  }

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; load average during the run ${stat(loadAvg)}`;
  const col = (f: (s: Sample[]) => string) => versions.map((_, i) => f(samples[i]!)).join(' | ');
  const lines = [
    `${new Date().toISOString().slice(0, 10)}. Machine: ${machine}. ${ROUNDS} rounds, each Node once per round, the order alternating; medians, with the lowest and highest in brackets. The load generator runs on the same cores.`,
    '',
    `| | ${versions.join(' | ')} |`,
    `|---|${versions.map(() => '---:').join('|')}|`,
    `| Start-up until it listens, ms | ${col((s) =>
      stat(
        s.map((x) => x.readyMs),
        0,
      ),
    )} |`,
    `| First page request after start-up (GET / as a browser asks), ms | ${col((s) => stat(s.map((x) => x.firstMs)))} |`,
    `| RSS after start-up and one page, one process, MB | ${col((s) => stat(s.map((x) => x.idleRssMb)))} |`,
    ...ROUTES.flatMap((r) => [
      `| ${r}: requests/s, browser, ${CONNECTIONS} connections, ${SECONDS} s | ${col((s) =>
        stat(
          s.map((x) => x.pages[r]!.rps),
          0,
        ),
      )} |`,
      `| ${r}: p50 / p99 latency, ms | ${col((s) => `${median(s.map((x) => x.pages[r]!.p50))} / ${median(s.map((x) => x.pages[r]!.p99))}`)} |`,
      `| ${r}: server CPU per request, µs | ${col((s) =>
        stat(
          s.map((x) => x.pages[r]!.cpuUs),
          0,
        ),
      )} |`,
    ]),
    `| Worker RSS after ${MIX_SECONDS} s of the soak's page mix (2 workers), MB | ${col((s) => stat(s.flatMap((x) => x.mix.workerEndMb)))} |`,
    `| Worker RSS, highest during the mix, MB | ${col((s) => stat(s.flatMap((x) => x.mix.workerPeakMb)))} |`,
    `| Pages served in the mix (failed) | ${col(
      (s) =>
        `${stat(
          s.map((x) => x.mix.requests),
          0,
        )} (${s.reduce((n, x) => n + x.mix.failed, 0)})`,
    )} |`,
  ];
  const table = lines.join('\n');
  await mkdir(path.join(root, 'bench'), { recursive: true });
  await writeFile(
    path.join(root, 'bench', 'node-versions.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine, versions, rounds: ROUNDS, routes: ROUTES, seconds: SECONDS, mixSeconds: MIX_SECONDS, samples }, null, 2)}\n`,
  );
  await writeFile(path.join(root, 'bench', 'node-versions.md'), `${table}\n`);
  console.log(`\n${table}\n\nwritten to bench/node-versions.json and bench/node-versions.md`);
}

main().catch((err: Error) => {
  console.error(`bench:node failed: ${err.message}`);
  process.exit(1);
});
