import type { LogLine } from '../builtServer';
import { schedule } from './faults';
import { visitorDataInLog } from './logSearch';
import type { Hit, Sent } from './visitors';
import type { MemorySample, SoakOptions } from './types';

// The soak's accounting: every message from the visitor's screen to the mailbox, latency and
// errors per phase, memory per process, the log's errors, and a search of the whole log for
// anything a visitor sent. Printed, and written as bench/soak.json and bench/soak.md.

/** Error lines the faults explain; any other is a finding. */
const EXPECTED_ERRORS = [
  /^contact message not delivered$/,
  /^POST \/api\/contact\.php 502$/,
  /^worker \d+ died \(signal SIGKILL\)/,
  /^mail NOT ready/,
];
/** SMTP faults after which a retry may have delivered a message twice. */
const RETRY_PHASES = new Set(['smtp-421', 'smtp-down', 'smtp-slow', 'smtp-recovered']);

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

interface PhaseFigures {
  phase: string;
  seconds: number;
  requests: number;
  rps: number;
  /** No answer or a 5xx other than a told delivery failure, per request. */
  errorRate: number;
  pages: { n: number; p50: number; p99: number };
  posts: { n: number; p50: number; p99: number; sent: number; told: number; network: number };
}

export interface Report {
  when: string;
  seconds: number;
  options: Omit<SoakOptions, 'log'>;
  requests: Record<string, number>;
  messages: {
    posted: number;
    sent: number;
    delivered: number;
    falseSent: string[];
    duplicates: number;
    unexplainedDuplicates: string[];
    told: Record<string, number>;
    network: number;
    networkButDelivered: number;
    toldButDelivered: number;
    untold: { token?: string; status: number; phase: string; detail?: string }[];
    /** Posts whose request had begun when the deploy's SIGTERM came, by outcome. */
    inFlightAtSigterm: Record<string, number>;
  };
  phases: PhaseFigures[];
  memory: {
    pid: number;
    role: string;
    samples: number;
    firstMb: number;
    afterWarmUpMb: number;
    lastMb: number;
    maxMb: number;
    growthMb: number;
  }[];
  log: {
    lines: number;
    errorLines: Record<string, number>;
    unexpectedErrors: string[];
    crashes: string[];
    unhandled: number;
    killedBySoak: number[];
  };
  exits: { deploy: number | null; final: number | null };
  privacy: { searched: number; hits: string[] };
  timeline: { at: number; phase: string; event: string }[];
}

export function summarize(r: {
  options: SoakOptions;
  seconds: number;
  hits: Hit[];
  sent: Sent[];
  mails: string[];
  lines: LogLine[];
  output: string;
  memory: MemorySample[];
  killed: number[];
  deployExit: number | null;
  /** ms into the run when the deploy's SIGTERM was sent. */
  sigtermAt: number | null;
  finalExit: number | null;
  timeline: { at: number; phase: string; event: string }[];
  total: number;
}): Report {
  const { log: _log, ...options } = r.options;
  const requests: Record<string, number> = {};
  for (const h of r.hits) {
    const key = `${h.kind} ${h.status || 'no answer'}`;
    requests[key] = (requests[key] ?? 0) + 1;
  }

  // Tokens in the mailbox.
  const count = new Map<string, number>();
  for (const text of r.mails)
    for (const t of text.match(/soak[0-9a-f]{6}n\d+i\d+z/g) ?? []) count.set(t, (count.get(t) ?? 0) + 1);
  const posts = r.hits.filter((h) => h.kind !== 'page');
  const sentHits = posts.filter((h) => h.outcome === 'sent');
  const dup = sentHits.filter((h) => (count.get(h.token!) ?? 0) > 1);
  const inFlightAtSigterm: Record<string, number> = {};
  if (r.sigtermAt !== null) {
    // Begun at least 200 ms before: the server has the request (a connection opened in the same
    // millisecond as the signal may be refused, as any new one is).
    for (const h of posts.filter((p) => p.at < r.sigtermAt! - 200 && p.at + p.ms > r.sigtermAt!)) {
      const key = h.reason ? `${h.outcome} (${h.reason})` : h.outcome!;
      inFlightAtSigterm[key] = (inFlightAtSigterm[key] ?? 0) + 1;
    }
  }
  const told: Record<string, number> = {};
  for (const h of posts.filter((p) => p.outcome === 'told')) told[h.reason!] = (told[h.reason!] ?? 0) + 1;

  const phases: PhaseFigures[] = schedule.map((p, i) => {
    const from = p.at * r.total;
    const to = (schedule[i + 1]?.at ?? 1) * r.total;
    const hs = r.hits.filter((h) => h.phase === p.name);
    const pages = hs.filter((h) => h.kind === 'page');
    const ps = hs.filter((h) => h.kind !== 'page');
    const errors = hs.filter((h) => h.status === 0 || (h.status >= 500 && h.outcome !== 'told')).length;
    const seconds = (to - from) / 1000;
    return {
      phase: p.name,
      seconds,
      requests: hs.length,
      rps: Math.round(hs.length / seconds),
      errorRate: hs.length ? errors / hs.length : 0,
      pages: {
        n: pages.length,
        p50: pct(
          pages.map((h) => h.ms),
          50,
        ),
        p99: pct(
          pages.map((h) => h.ms),
          99,
        ),
      },
      posts: {
        n: ps.length,
        p50: pct(
          ps.map((h) => h.ms),
          50,
        ),
        p99: pct(
          ps.map((h) => h.ms),
          99,
        ),
        sent: ps.filter((h) => h.outcome === 'sent').length,
        told: ps.filter((h) => h.outcome === 'told').length,
        network: ps.filter((h) => h.outcome === 'network').length,
      },
    };
  });

  // Memory: each process's RSS at its first sample after the warm-up phase, and at its last.
  const warm = schedule[1]!.at * r.total;
  const byPid = new Map<number, MemorySample[]>();
  for (const s of r.memory) byPid.set(s.pid, [...(byPid.get(s.pid) ?? []), s]);
  const mb = (kb: number) => Math.round(kb / 102.4) / 10;
  const memory = [...byPid.entries()].map(([pid, ss]) => {
    const after = ss.find((s) => s.at >= Math.max(warm, ss[0]!.at + 5_000)) ?? ss[ss.length - 1]!;
    const last = ss[ss.length - 1]!;
    return {
      pid,
      role: ss[0]!.role,
      samples: ss.length,
      firstMb: mb(ss[0]!.rssKb),
      afterWarmUpMb: mb(after.rssKb),
      lastMb: mb(last.rssKb),
      maxMb: mb(Math.max(...ss.map((s) => s.rssKb))),
      growthMb: mb(last.rssKb - after.rssKb),
    };
  });

  const errorLines: Record<string, number> = {};
  const unexpectedErrors: string[] = [];
  for (const l of r.lines.filter((l) => Number(l.level) >= 50)) {
    const msg = String(l.msg);
    const key = msg.replace(/\d+/g, 'N');
    errorLines[key] = (errorLines[key] ?? 0) + 1;
    if (!EXPECTED_ERRORS.some((re) => re.test(msg))) unexpectedErrors.push(msg);
  }
  const crashes = r.lines
    .filter(
      (l) =>
        /died|failed to start/.test(String(l.msg)) &&
        !(l.signal === 'SIGKILL' && r.killed.includes(l.worker as number)),
    )
    .map((l) => String(l.msg));
  const unhandled = (r.output.match(/unhandled|uncaught/gi) ?? []).length;

  return {
    when: new Date().toISOString(),
    seconds: Math.round(r.seconds),
    options,
    requests,
    messages: {
      posted: posts.length,
      sent: sentHits.length,
      delivered: count.size,
      falseSent: sentHits.filter((h) => !count.has(h.token!)).map((h) => `${h.token} (${h.phase}, ${h.kind})`),
      duplicates: dup.length,
      unexplainedDuplicates: dup.filter((h) => !RETRY_PHASES.has(h.phase)).map((h) => `${h.token} (${h.phase})`),
      told,
      network: posts.filter((h) => h.outcome === 'network').length,
      networkButDelivered: posts.filter((h) => h.outcome === 'network' && count.has(h.token!)).length,
      toldButDelivered: posts.filter((h) => h.outcome === 'told' && count.has(h.token!)).length,
      untold: posts
        .filter((h) => h.outcome === 'untold')
        .map((h) => ({ token: h.token, status: h.status, phase: h.phase, detail: h.detail })),
      inFlightAtSigterm,
    },
    phases,
    memory,
    log: { lines: r.lines.length, errorLines, unexpectedErrors, crashes, unhandled, killedBySoak: r.killed },
    exits: { deploy: r.deployExit, final: r.finalExit },
    privacy: visitorDataInLog(r.output, r.sent),
    timeline: r.timeline,
  };
}

export function markdown(rep: Report): string {
  const m = rep.messages;
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    `# Soak run, ${rep.when}`,
    '',
    `${rep.seconds} s; WEB_CONCURRENCY=2, TRUST_PROXY=1, real Redis, real SMTP (STARTTLS); ${rep.options.pageLoops} page loops, ${rep.options.postLoops} visitor loops.`,
    '',
    '| Messages | |',
    '|---|---|',
    row(['posted', m.posted]),
    row(['told "sent"', m.sent]),
    row(['tokens in the mailbox', m.delivered]),
    row(['false "sent" (told sent, not in the mailbox)', m.falseSent.length]),
    row(['duplicates (unexplained by a retry)', `${m.duplicates} (${m.unexplainedDuplicates.length})`]),
    row([
      'told "not sent", text kept',
      Object.entries(m.told)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 0,
    ]),
    row([
      'no answer (deploy, killed worker): browser error, text kept',
      `${m.network} (${m.networkButDelivered} of them delivered all the same)`,
    ]),
    row([
      "in flight when the deploy's SIGTERM came",
      Object.entries(m.inFlightAtSigterm)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 0,
    ]),
    row(['not told properly', m.untold.length]),
    row(['visitor data found in the log', `${rep.privacy.hits.length} of ${rep.privacy.searched} searched`]),
    row([
      'crashes / unhandled / unexpected error lines',
      `${rep.log.crashes.length} / ${rep.log.unhandled} / ${rep.log.unexpectedErrors.length}`,
    ]),
    row(['exit codes (deploy, end)', `${rep.exits.deploy}, ${rep.exits.final}`]),
    '',
    '## Timeline per phase',
    '',
    '| Phase | s | req/s | error rate | pages p50 / p99 ms | posts | posts p50 / p99 ms | sent / told / no answer |',
    '|---|---|---|---|---|---|---|---|',
    ...rep.phases.map((p) =>
      row([
        p.phase,
        p.seconds.toFixed(1),
        p.rps,
        `${(p.errorRate * 100).toFixed(1)} %`,
        `${p.pages.p50} / ${p.pages.p99}`,
        p.posts.n,
        `${p.posts.p50} / ${p.posts.p99}`,
        `${p.posts.sent} / ${p.posts.told} / ${p.posts.network}`,
      ]),
    ),
    '',
    '## Memory (RSS)',
    '',
    '| Process | samples | after warm-up MB | last MB | max MB | growth MB |',
    '|---|---|---|---|---|---|',
    ...rep.memory.map((p) => row([`${p.role} ${p.pid}`, p.samples, p.afterWarmUpMb, p.lastMb, p.maxMb, p.growthMb])),
    '',
    '## Requests',
    '',
    ...Object.entries(rep.requests).map(([k, v]) => `- ${k}: ${v}`),
    '',
    '## Error lines in the log',
    '',
    ...(
      Object.entries(rep.log.errorLines)
        .map(([k, v]) => `- ${k}: ${v}`)
        .join('\n') || '- none'
    ).split('\n'),
    '',
    '## Events',
    '',
    ...rep.timeline.map((e) => `- ${(e.at / 1000).toFixed(1)} s, ${e.phase}: ${e.event}`),
    '',
  ].join('\n');
}
