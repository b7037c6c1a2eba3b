import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type BuiltServer } from '../test/support/builtServer';
import { startFeedServer } from '../test/support/feedServer';
import { googleShapedFeed } from '../test/support/googleFeed';
import { floodFeed, HER_ADDRESS } from '../test/support/invitationFlood';
import { asOperator } from '../test/support/operator';
import { feedReads, memoryMb, probe, servingPids, watchChildren, type FeedRead } from '../test/support/serverProbe';
import tlsSetup from '../test/support/tlsSetup';

// `npx tsx scripts/bench-feed.ts` (after `npm run build`; five minutes or more): what reading a large
// calendar costs the built server. For Google-shaped feeds of 1, 8.5 and 19.8 MB (the site takes up
// to 20 MB) served over https on loopback, one server process (WEB_CONCURRENCY=1) with
// BOOKING_REFRESH_SECONDS=30: the first read's time, the process's resident memory after it (and
// its peak), the longest answer of /healthz and /booking asked every 50 ms meanwhile, then a
// refresh answered 304 Not Modified and one with a changed feed (time, memory after). Against the
// same server with booking off, started and asked alongside. With BENCH_FEED_BEFORE=<another
// build's dist/server.js>, each size is read by that build ("before") and then by this one
// ("after"), in one run. Then the invitation floods of issue 51 beside her calendar (Google-shaped,
// 1 MB): 5,000 short recurring invitations (1 MB) and 30,000 one-off ones (8 MB), none answered,
// with and without BOOKING_CALENDAR_OWNER, each read by both builds in turn: the first read's
// outcome and time, the server's memory over booking off during it, and the times /booking then
// offers (six weeks of individual sessions at the clinic). Writes bench/feed.md.

const SIZES = (process.env.BENCH_FEED_SIZES ?? '1,8.5,19.8').split(',').filter(Boolean).map(Number);
/** The floods (BENCH_FEED_FLOODS=0: none). */
const FLOODS =
  process.env.BENCH_FEED_FLOODS === '0'
    ? []
    : [
        { name: 'her calendar alone', oneOffs: 0, recurring: 0, owner: false },
        { name: '+ 5,000 recurring invitations', oneOffs: 0, recurring: 5_000, owner: false },
        { name: '+ 5,000 recurring invitations, owner set', oneOffs: 0, recurring: 5_000, owner: true },
        { name: '+ 30,000 one-off invitations', oneOffs: 30_000, recurring: 0, owner: false },
        { name: '+ 30,000 one-off invitations, owner set', oneOffs: 30_000, recurring: 0, owner: true },
      ];
const BUILDS: { name: string; serverJs?: string }[] = process.env.BENCH_FEED_BEFORE
  ? [{ name: 'before', serverJs: process.env.BENCH_FEED_BEFORE }, { name: 'after' }]
  : [{ name: 'this build' }];
const PATHS = [{ path: '/healthz', headers: asOperator }, { path: '/booking?service=individuel&format=clinic' }];

async function waitFor<T>(what: string, fn: () => T | undefined, timeoutMs = 600_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = fn();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`bench-feed: no ${what} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A figure in MB; none (or a parser process that never ran) as –. */
const mb = (n: number | undefined) => (!n ? '–' : `${n.toFixed(0)} MB`);
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(0)} ms`);

const FEED_PATH = '/calendar/ical/practice%40gmail.com/private-bench/basic.ics';

/**
 * The server with booking off (what the machine gives a server anyway) and the one reading the
 * feed with `env` besides, both pushed onto `servers` so that the caller's finally stops them.
 */
async function offAndOn(
  feedUrl: string,
  env: Record<string, string>,
  build: { serverJs?: string },
  servers: BuiltServer[],
) {
  const off = await startTestServer({ WEB_CONCURRENCY: '1' });
  servers.push(off);
  const on = await startTestServer(
    { WEB_CONCURRENCY: '1', BOOKING_CALENDAR_URL: feedUrl, LOG_LEVEL: 'debug', ...env },
    { startTimeoutMs: 60_000, ...(build.serverJs ? { serverJs: build.serverJs } : {}) },
  );
  servers.push(on);
  return { off, on };
}

async function measure(size: number, build: { serverJs?: string }) {
  const feeds = await startFeedServer({ tls: true });
  const feed = googleShapedFeed(size);
  const bytes = Buffer.byteLength(feed);
  feeds.set(FEED_PATH, { kind: 'ics', body: feed, etag: '"v1"' });
  const servers: BuiltServer[] = [];
  try {
    // The same server with booking off, asked the same way at the same time.
    const { off, on } = await offAndOn(
      `${feeds.origin}${FEED_PATH}`,
      { BOOKING_REFRESH_SECONDS: '30' },
      build,
      servers,
    );
    const probes = [probe(on.port, PATHS), probe(off.port, PATHS)];
    const pids = [servingPids(on)[0] as number, servingPids(off)[0] as number];
    const rss = async () => {
      await new Promise((r) => setTimeout(r, 1000));
      return pids.map((pid) => memoryMb(pid)?.rss ?? Number.NaN);
    };
    const parser = watchChildren(pids[0] as number);
    // The server with booking off at its highest meanwhile: what the machine gives a server anyway.
    let offPeak = 0;
    const offTimer = setInterval(() => {
      offPeak = Math.max(offPeak, memoryMb(pids[1] as number)?.rss || 0);
    }, 100);
    const nth = (n: number) => () => feedReads(on)[n] as FeedRead | undefined;
    const first = await waitFor('first read', nth(0));
    const parserFirst = parser.take();
    const togetherFirst = parser.takeTogether();
    const afterFirst = await rss();
    const notModified = await waitFor('refresh', nth(1));
    const parserNotModified = parser.take();
    const afterNotModified = await rss();
    // The practitioner changes something: the next refresh reads and parses the feed again.
    feeds.set(FEED_PATH, { kind: 'ics', body: feed, etag: '"v2"' });
    parser.takeTogether();
    const changed = await waitFor('second refresh', nth(2));
    const parserChanged = parser.take();
    const togetherChanged = parser.takeTogether();
    parser.stop();
    clearInterval(offTimer);
    const afterChanged = await rss();
    const [answersOn, answersOff] = (await Promise.all(probes.map((p) => p.stop()))) as [Answers, Answers];
    return {
      size: `${(bytes / 1024 / 1024).toFixed(1)} MB (${(feed.match(/^BEGIN:VEVENT/gm) ?? []).length} events)`,
      first,
      notModified,
      changed,
      rss: [afterFirst, afterNotModified, afterChanged],
      peak: memoryMb(pids[0] as number)?.peak,
      parser: [parserFirst, parserNotModified, parserChanged],
      // The server and its parser together at their highest during a full read, over booking off's highest.
      over: Math.max(togetherFirst, togetherChanged) - offPeak,
      slowest: [slowest(answersOn), slowest(answersOff)],
      answers: answersOn.length,
      failed: answersOn.filter((a) => a.status !== 200).length,
    };
  } finally {
    for (const server of servers) {
      server.kill();
      await server.exited;
    }
    await feeds.close();
  }
}

type Answers = Awaited<ReturnType<ReturnType<typeof probe>['stop']>>;
const slowest = (answers: Answers) => Math.max(...answers.map((a) => a.ms));

/** The times /booking offers for six weeks of individual sessions at the clinic. */
async function offered(server: BuiltServer): Promise<number> {
  const res = await fetch(`${server.origin}/booking?service=individuel&format=clinic&weeks=6`);
  return ((await res.text()).match(/name="start"/g) ?? []).length;
}

/** One flood read by one build: the first read's outcome, its time, memory over booking off, and what is offered then. */
async function measureFlood(flood: (typeof FLOODS)[number], build: { serverJs?: string }) {
  const feeds = await startFeedServer({ tls: true });
  const now = Date.now();
  const feed = floodFeed(googleShapedFeed(1, now), flood.oneOffs, flood.recurring, now);
  feeds.set(FEED_PATH, { kind: 'ics', body: feed });
  const servers: BuiltServer[] = [];
  try {
    const owner: Record<string, string> = flood.owner ? { BOOKING_CALENDAR_OWNER: HER_ADDRESS } : {};
    const { off, on } = await offAndOn(`${feeds.origin}${FEED_PATH}`, owner, build, servers);
    const pids = [servingPids(on)[0] as number, servingPids(off)[0] as number];
    let onPeak = 0;
    let offPeak = 0;
    const timer = setInterval(() => {
      onPeak = Math.max(onPeak, memoryMb(pids[0] as number)?.rss || 0);
      offPeak = Math.max(offPeak, memoryMb(pids[1] as number)?.rss || 0);
    }, 100);
    const outcome = await on.waitForLine((l) => {
      const b = l.booking as { ms?: unknown; error?: unknown } | undefined;
      return typeof b?.ms === 'number' || typeof b?.error === 'string';
    }, 600_000);
    clearInterval(timer);
    const booking = outcome.booking as { ms?: number; error?: string; busyBlocks?: number };
    return {
      size: `${(Buffer.byteLength(feed) / 1024 / 1024).toFixed(1)} MB`,
      read: booking.error ? `failed: ${booking.error}` : `${ms(booking.ms ?? 0)}, ${booking.busyBlocks} busy blocks`,
      over: onPeak - offPeak,
      offered: await offered(on),
    };
  } finally {
    for (const server of servers) {
      server.kill();
      await server.exited;
    }
    await feeds.close();
  }
}

async function main() {
  await tlsSetup();
  const floodRows: string[] = [];
  for (const flood of FLOODS)
    for (const build of BUILDS) {
      const r = await measureFlood(flood, build);
      floodRows.push(`| ${flood.name} | ${r.size} | ${build.name} | ${r.read} | ${mb(r.over)} | ${r.offered} |`);
      console.log(floodRows.at(-1));
    }
  const rows: string[] = [];
  const pair = (on: number, off: number) => `${mb(on)} (${mb(off)})`;
  for (const size of SIZES)
    for (const build of BUILDS) {
      const r = await measure(size, build);
      if (!r.first.changed || r.notModified.changed || !r.changed.changed)
        throw new Error('bench-feed: the refreshes were not a 304 and a changed feed');
      const [first, notModified, changed] = r.rss as [number[], number[], number[]];
      rows.push(
        `| ${r.size} | ${build.name} | ${ms(r.first.ms)} | ${mb(r.parser[0])} | ${pair(first[0]!, first[1]!)} | ${ms(r.notModified.ms)} | ${mb(r.parser[1])} | ${pair(notModified[0]!, notModified[1]!)} | ${ms(r.changed.ms)} | ${mb(r.parser[2])} | ${pair(changed[0]!, changed[1]!)} | ${mb(r.peak)} | ${ms(r.slowest[0]!)} (${ms(r.slowest[1]!)}) | ${mb(r.over)} | ${r.answers} (${r.failed} not 200) |`,
      );
      console.log(rows.at(-1));
    }
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)}`;
  const table = [
    `Reading large calendar feeds (${new Date().toISOString().slice(0, 10)}; ${machine}).`,
    "The built server, one process (WEB_CONCURRENCY=1), Google-shaped feeds (test/support/googleFeed.ts) over https on loopback, BOOKING_REFRESH_SECONDS=30; /healthz (details) and /booking?service=individuel asked in turn every 50 ms throughout, each over a new connection. In brackets the same server with booking off, started and asked alongside. Resident memory (RSS) of the server process one second after each read, and the highest its parser process reached during the read (sampled every 100 ms: it may have peaked a little higher; –: the build reads on a thread of the server's process, decision 0036); server peak: the server process's highest over the whole run (VmHWM); server and parser over off: the highest of the server's and its parser process's (if any) resident memory together (sampled every 100 ms during the full reads) less the highest of the server with booking off.",
    '',
    '| Feed | Build | First read | Parser | Server RSS after (off) | Refresh, 304 | Parser | RSS after (off) | Refresh, changed | Parser | RSS after (off) | Server peak RSS | Slowest answer (off) | Server and parser over off | Answers |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    ...(floodRows.length
      ? [
          '',
          "Invitation floods (issue 51) beside her calendar (Google-shaped, 1 MB), none of them answered (PARTSTAT=NEEDS-ACTION, an ORGANIZER of their own); with and without BOOKING_CALENDAR_OWNER naming her; each read by both builds in turn. First read: its time and the busy blocks in the next 42 days, or its failure; over off: the server process's highest resident memory during the run less the highest of the same server with booking off; offered: the times /booking offers for six weeks of individual sessions at the clinic (her calendar alone: the first row).",
          '',
          '| Feed | Size | Build | First read | Over off | Offered |',
          '|---|---:|---|---|---:|---:|',
          ...floodRows,
        ]
      : []),
  ].join('\n');
  await writeFile(path.join(__dirname, '..', 'bench', 'feed.md'), `${table}\n`);
  console.log(`\n${table}\n\nwritten to bench/feed.md`);
}

main().catch((err: Error) => {
  console.error(`feed bench failed: ${err.message}`);
  process.exit(1);
});
