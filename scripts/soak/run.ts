import { simpleParser } from 'mailparser';
import { freePort, startRedis } from '../../test/support/redis';
import { testCertFile } from '../../test/support/tls';
import { alive, spawnBuiltServer, type BuiltServer, type LogLine } from '../builtServer';
import { rssKb } from '../processStats';
import { practiceSmtp, schedule } from './faults';
import { browse, write, type Clock, type Hit, type Sent } from './visitors';
import { summarize, type Report } from './report';
import type { MemorySample, SoakOptions } from './types';

// One soak run: the built production server (WEB_CONCURRENCY=2, TRUST_PROXY=1) with a real Redis
// and a real SMTP server (STARTTLS, the run's certificate, trusted via NODE_EXTRA_CA_CERTS), all
// on loopback; visitors browse and write while the faults arrive on schedule; then every message
// is accounted for. Used by `npm run soak` (scripts/soak.ts) and test/soak.slow.test.ts.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runSoak(o: SoakOptions): Promise<Report> {
  const log = o.log ?? (() => undefined);
  const smtp = await practiceSmtp();
  const redis = await startRedis();
  const port = await freePort();
  // The whole site's cap (CONTACT_SITE_LIMIT) out of the way: the soak's visitors are many by design.
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    WEB_CONCURRENCY: '2',
    TRUST_PROXY: '1',
    REDIS_URL: redis.url,
    SMTP_URL: smtp.url,
    CONTACT_SITE_LIMIT: '0',
    // The SMTP server's certificate is the run's (test/support/tls.ts), trusted as production trusts a private CA.
    NODE_EXTRA_CA_CERTS: testCertFile(),
  };
  const servers: BuiltServer[] = [];
  const workersOf = (s: BuiltServer) => [
    ...new Set(
      s
        .lines()
        .filter((l) => typeof l.port === 'number' && l.pid !== s.child.pid)
        .map((l) => l.pid as number),
    ),
  ];
  const start = async () => {
    // A machine under load (other test files) may take a while to start a release.
    const s = await spawnBuiltServer({ env, detached: true, startTimeoutMs: 30_000 });
    servers.push(s);
    // Both workers listen before the clock goes on.
    await s.waitForLine(() => workersOf(s).length >= 2, 30_000);
    return s;
  };
  let server = await start();

  const started = Date.now();
  const total = o.seconds * 1000;
  const phaseAt = (t: number) => [...schedule].reverse().find((p) => t >= p.at * total)!.name;
  const clock: Clock = { started, port, until: started + total, phase: () => phaseAt(Date.now() - started) };
  const hits: Hit[] = [];
  const sent: Sent[] = [];
  const timeline: { at: number; phase: string; event: string }[] = [];
  const event = (phase: string, text: string) => {
    timeline.push({ at: Date.now() - started, phase, event: text });
    log(`[soak ${((Date.now() - started) / 1000).toFixed(1)} s] ${phase}: ${text}`);
  };
  const killed: number[] = [];
  let deployExit: number | null = null;
  let sigtermAt: number | null = null;

  // Memory of every server process, every second.
  const memory: MemorySample[] = [];
  const sampler = setInterval(() => {
    for (const s of servers) {
      const pids: [number, 'primary' | 'worker'][] = [
        [s.child.pid!, 'primary'],
        ...workersOf(s).map((p) => [p, 'worker'] as [number, 'worker']),
      ];
      for (const [pid, role] of pids) {
        const kb = alive(pid) ? rssKb(pid) : null;
        if (kb) memory.push({ at: Date.now() - started, pid, role, rssKb: kb });
      }
    }
  }, 1_000);

  const faults = (async () => {
    for (const phase of schedule) {
      const wait = started + phase.at * total - Date.now();
      if (wait > 0) await sleep(wait);
      switch (phase.name) {
        case 'warm-up':
          event(phase.name, 'traffic starts');
          break;
        case 'smtp-421':
          smtp.options.refuse = 421;
          event(phase.name, 'SMTP greets every connection with 421');
          break;
        case 'smtp-down':
          smtp.options.refuse = undefined;
          smtp.down();
          event(phase.name, 'SMTP server stopped (connection refused)');
          break;
        case 'smtp-slow':
          smtp.options.delayMs = 7_500;
          await smtp.up();
          event(phase.name, 'SMTP server back, 7.5 s per message');
          break;
        case 'smtp-recovered':
          smtp.options.delayMs = undefined;
          event(phase.name, 'SMTP server answers at once');
          break;
        case 'redis-down':
          await redis.stop();
          event(phase.name, 'redis-server SIGKILLed');
          break;
        case 'redis-back':
          await redis.start();
          event(phase.name, 'redis-server started again (empty)');
          break;
        case 'worker-killed': {
          const victim = workersOf(server).find(alive);
          if (victim) {
            killed.push(victim);
            process.kill(victim, 'SIGKILL');
          }
          event(phase.name, `worker ${victim} SIGKILLed`);
          break;
        }
        case 'deploy': {
          // Messages take a moment, so that some are in flight when the signal comes.
          smtp.options.delayMs = 1_500;
          await sleep(1_000);
          const old = server;
          process.kill(-old.child.pid!, 'SIGTERM');
          sigtermAt = Date.now() - started;
          event(phase.name, 'SIGTERM to the process group (primary and workers)');
          deployExit = await Promise.race([old.exited, sleep(20_000).then(() => -1)]);
          smtp.options.delayMs = undefined;
          event(phase.name, `old release exited with code ${deployExit}; starting the new one`);
          server = await start();
          event(phase.name, 'new release listening (two workers)');
          break;
        }
        case 'steady':
          event(phase.name, 'no fault');
          break;
      }
    }
  })();

  await Promise.all([
    faults,
    browse(clock, hits, o.pageLoops, o.pagePauseMs),
    write(clock, hits, sent, o.postLoops, o.postPauseMs),
  ]);
  event('end', 'traffic stopped');
  clearInterval(sampler);

  // A last SIGTERM, as the next deploy would send: the server must stop cleanly.
  process.kill(-server.child.pid!, 'SIGTERM');
  const finalExit = await Promise.race([server.exited, sleep(20_000).then(() => -1)]);
  for (const s of servers) s.kill();
  // Mails still in a session are in by now (the slowest waits 7.5 s, all ended with the server).
  const mails = await Promise.all(smtp.received().map((m) => simpleParser(m.raw)));
  await smtp.close();
  await redis.stop();

  const lines: LogLine[] = servers.flatMap((s) => s.lines());
  const output = servers.map((s) => s.output()).join('\n');
  return summarize({
    options: o,
    seconds: (Date.now() - started) / 1000,
    hits,
    sent,
    mails: mails.map((m) => m.text ?? ''),
    lines,
    output,
    memory,
    killed,
    deployExit,
    sigtermAt,
    finalExit,
    timeline,
    total,
  });
}
