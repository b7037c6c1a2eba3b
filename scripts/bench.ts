import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { routes } from '../views/routes';
import { root, startProductionServer } from './productionServer';

// `npm run bench`: requests per second and latency at 50 connections for every route, served by
// the real production server, by a bare Express app and by bare node:http with the same bytes,
// and by bare Express rendering each page itself (the design's floor: render, no middleware).
// Loopback only, bounded: a 1 s warm-up and 5 s per case.

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;

async function startBaseline(kind: 'express' | 'http' | 'render', pagesFile: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'bench-baseline.ts'), kind, pagesFile], {
    cwd: root,
    // React's production build, as the real server uses.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, base: `http://127.0.0.1:${String(chunk).trim()}` };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

async function measure(url: string): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1 });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (r.non2xx || r.errors) throw new Error(`bench: ${url} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 };
}

async function main() {
  const real = await startProductionServer({ BASE_URL: 'https://www.example.dk' });
  const pages: Record<string, string> = {};
  for (const r of routes) pages[r.path] = await (await fetch(`${real.base}${r.path}`)).text();
  await mkdir(path.join(root, 'bench'), { recursive: true });
  const pagesFile = path.join(os.tmpdir(), `bench-pages-${process.pid}.json`);
  await writeFile(pagesFile, JSON.stringify(pages));
  const express = await startBaseline('express', pagesFile);
  const bare = await startBaseline('http', pagesFile);
  const floor = await startBaseline('render', pagesFile);

  const results = [];
  try {
    for (const r of routes) {
      // Alternating, so drift on the machine touches all three alike.
      const rendered = await measure(`${real.base}${r.path}`);
      const expressOnly = await measure(`${express.base}${r.path}`);
      const nodeHttp = await measure(`${bare.base}${r.path}`);
      const renderOnly = await measure(`${floor.base}${r.path}`);
      const row = {
        route: r.path,
        bytes: Buffer.byteLength(pages[r.path] as string),
        rendered,
        express: expressOnly,
        nodeHttp,
        renderOnly,
        renderOnlyVsExpress: +(renderOnly.rps / expressOnly.rps).toFixed(2),
        renderedVsExpress: +(rendered.rps / expressOnly.rps).toFixed(2),
        renderedVsNodeHttp: +(rendered.rps / nodeHttp.rps).toFixed(2),
      };
      results.push(row);
      console.log(
        `${r.path.padEnd(20)} rendered ${String(rendered.rps).padStart(6)} rps p50 ${rendered.p50} ms p99 ${rendered.p99} ms | express ${String(expressOnly.rps).padStart(6)} | node:http ${String(nodeHttp.rps).padStart(6)} | render only ${String(renderOnly.rps).padStart(6)} | ${row.renderedVsExpress} / ${row.renderedVsNodeHttp} / ${row.renderOnlyVsExpress}`,
      );
    }
  } finally {
    for (const c of [real.child, express.child, bare.child, floor.child]) c.kill('SIGTERM');
  }

  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const table = [
    `Machine: ${machine}; ${CONNECTIONS} connections, ${DURATION_S} s per case after a 1 s warm-up.`,
    '',
    '| Route | Rendered rps | p50 / p99 ms | Bare Express rps | p50 / p99 ms | node:http rps | p50 / p99 ms | Render-only rps | Rendered / Express | Rendered / node:http | Render-only / Express |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (x) =>
        `| ${x.route} | ${x.rendered.rps} | ${x.rendered.p50} / ${x.rendered.p99} | ${x.express.rps} | ${x.express.p50} / ${x.express.p99} | ${x.nodeHttp.rps} | ${x.nodeHttp.p50} / ${x.nodeHttp.p99} | ${x.renderOnly.rps} | ${Math.round(x.renderedVsExpress * 100)} % | ${Math.round(x.renderedVsNodeHttp * 100)} % | ${Math.round(x.renderOnlyVsExpress * 100)} % |`,
    ),
  ].join('\n');
  await writeFile(path.join(root, 'bench', 'results.json'), `${JSON.stringify({ date: new Date().toISOString(), machine, connections: CONNECTIONS, seconds: DURATION_S, results }, null, 2)}\n`);
  await writeFile(path.join(root, 'bench', 'results.md'), `${table}\n`);
  console.log(`\n${table}\n\nwritten to bench/results.json and bench/results.md`);
  const slow = results.filter((x) => x.renderedVsExpress < 0.5);
  if (slow.length) console.log(`below the 50 % target: ${slow.map((x) => x.route).join(', ')}`);
}

main().catch((err: Error) => {
  console.error(`bench failed: ${err.message}`);
  process.exit(1);
});
