import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startRedis } from '../test/support/redis';
import { startBookingServer } from './bookingServer';
import { BROWSER, childPids, cpuUs, median, rssKb } from './processStats';
import { root } from './productionServer';

// `npm run bench:workers` (decision 0020): what a second worker buys on one dyno. The production
// build with online booking on (a feed of a few hundred events over https, scripts/bookingServer.ts)
// three ways, side by side in one run, the order changing every round so that what else the
// machine does falls on each alike:
//   one process: WEB_CONCURRENCY=1, the contact limit and booking's holds in its memory;
//   one process with Redis: as every dyno runs it from the second dyno on;
//   two workers: WEB_CONCURRENCY=2, the limit and the holds in Redis (several workers require it, decision 0028).
// Per page: requests per second and latency at 50 connections as a browser asks, the server's CPU
// time per request (all its processes), and its resident memory afterwards (all its processes).
// BENCH_ROUNDS (3), BENCH_SECONDS per case (4) and BENCH_ROUTES size it. Loopback only; the load
// generator runs on the same cores as the servers.

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUTES = (process.env.BENCH_ROUTES ?? '/,/kontakt,/booking?service=individuel').split(',');
const CONNECTIONS = 50;
const BASE_URL = 'https://www.example.dk';

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  cpuUs: number;
}

/** The server's process and its workers. */
const processes = (pid: number) => [pid, ...childPids(pid)];
const cpuOf = (pid: number) => processes(pid).reduce((sum, p) => sum + (cpuUs(p) ?? Number.NaN), 0);
const rssMbOf = (pid: number) =>
  Math.round(processes(pid).reduce((sum, p) => sum + (rssKb(p) ?? Number.NaN), 0) / 102.4) / 10;

async function measure(url: string, pid: number): Promise<Figures> {
  const before = cpuOf(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: BROWSER });
  const cpu = cpuOf(pid) - before;
  if (r.non2xx || r.errors) throw new Error(`bench: ${url} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
  return {
    rps: Math.round(r.requests.total / SECONDS),
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs: Math.round(cpu / r.requests.total),
  };
}

const stat = (xs: number[]) => `${median(xs)} (${Math.min(...xs)}–${Math.max(...xs)})`;

async function main() {
  const redis = await startRedis();
  const cases = [
    { name: 'one process', server: await startBookingServer({ BASE_URL, WEB_CONCURRENCY: '1' }) },
    {
      name: 'one process with Redis',
      server: await startBookingServer({ BASE_URL, WEB_CONCURRENCY: '1', REDIS_URL: redis.url }),
    },
    {
      name: 'two workers',
      server: await startBookingServer({ BASE_URL, WEB_CONCURRENCY: '2', REDIS_URL: redis.url }),
    },
  ];
  const samples = new Map<string, Figures[]>();
  let memory: { name: string; mb: number }[] = [];
  try {
    // Warm-up: every page rendered, compressed and cached once by every process.
    for (const c of cases)
      for (const route of ROUTES)
        await autocannon({ url: c.server.base + route, connections: CONNECTIONS, duration: 1, headers: BROWSER });
    for (let round = 0; round < ROUNDS; round++) {
      for (const route of ROUTES) {
        const order = [...cases.slice(round % cases.length), ...cases.slice(0, round % cases.length)];
        for (const c of order) {
          const f = await measure(c.server.base + route, c.server.child.pid!);
          const key = `${route}|${c.name}`;
          samples.set(key, [...(samples.get(key) ?? []), f]);
          console.log(
            `round ${round + 1} ${route.padEnd(28)} ${c.name.padEnd(24)} ${String(f.rps).padStart(5)} rps ${f.p50}/${f.p99} ms, ${f.cpuUs} µs CPU per request`,
          );
        }
      }
    }
    memory = cases.map((c) => ({ name: c.name, mb: rssMbOf(c.server.child.pid!) }));
  } finally {
    for (const c of cases) await c.server.stop();
    await redis.stop();
  }

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
  const lines = [
    `${new Date().toISOString().slice(0, 10)}. Machine: ${machine}. ${ROUNDS} rounds of ${SECONDS} s per case at ${CONNECTIONS} connections, as a browser asks, the order changing every round; medians (lowest–highest). The load generator shares the cores.`,
    '',
    '| Route | Case | Requests/s | p50 ms | p99 ms | Server CPU µs per request |',
    '|---|---|---:|---:|---:|---:|',
  ];
  for (const route of ROUTES)
    for (const c of cases) {
      const s = samples.get(`${route}|${c.name}`) ?? [];
      lines.push(
        `| ${route} | ${c.name} | ${stat(s.map((x) => x.rps))} | ${stat(s.map((x) => x.p50))} | ${stat(s.map((x) => x.p99))} | ${stat(s.map((x) => x.cpuUs))} |`,
      );
    }
  lines.push(
    '',
    `Resident memory after the run (all of a server's processes): ${memory.map((m) => `${m.name} ${m.mb} MB`).join(', ')}.`,
  );
  const table = lines.join('\n');
  await writeFile(path.join(root, 'bench', 'workers.md'), `${table}\n`);
  console.log(`\n${table}\n\nwritten to bench/workers.md`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
