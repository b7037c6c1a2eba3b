import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// The built server (`node dist/server.js`, as the Procfile runs it) as a child process, for the
// tests and the scripts alike: it listens where PORT says (0, a free port, unless the caller
// names one), and its port is read from its start-up log line. Its JSON log lines are parsed and
// kept, so that a caller can wait for one (a test: what the primary did, which worker answered);
// a bench keeps only the start (`keepLog: 'start'`), since a busy server logs every request.
// spawnBuiltServer passes the variables it is given and no others; each wrapper is named by what it
// starts: startTestServer (test/support/builtServer.ts: the tests' variables),
// startSnapshotServer (test/e2e/harness/server.ts: a private copy of dist/ for the browser tests),
// startProductionServer (scripts/productionServer.ts: the benches').

export const ROOT = path.resolve(__dirname, '..');
export const BUILT_SERVER = path.join(ROOT, 'dist', 'server.js');

export type LogLine = Record<string, unknown> & { pid?: number; msg?: string };

export interface BuiltServerOptions {
  /** The server's variables; PATH is passed on and PORT is 0 unless given. */
  env?: Record<string, string>;
  /** WEB_CONCURRENCY: the worker processes (absent: the server's default, one process). */
  workers?: number;
  /** Another copy of the build (the browser tests run a snapshot of dist/). */
  serverJs?: string;
  /** The Node binary (default: the one running this). */
  node?: string;
  /** Node's own flags, before the script (e.g. --enable-source-maps). */
  nodeArgs?: string[];
  /** Another way to start it than node and the script, as a host may (`['npm', 'start']`). */
  command?: string[];
  cwd?: string;
  /** Its own process group, so that a caller can signal the primary and its workers at once, as a host does. */
  detached?: boolean;
  /** How long it may take to listen (default 30 s: on a loaded machine two workers have taken over 10 s). */
  startTimeoutMs?: number;
  /** 'all' (default): every line kept and parsed; 'start': until it listens, then read and dropped. */
  keepLog?: 'all' | 'start';
}

export interface BuiltServer {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Milliseconds from the spawn until it logged its port. */
  readyMs: number;
  /** Every JSON line written so far (with keepLog 'start', those until it listened). */
  lines(): LogLine[];
  /** stdout and stderr as written, for failure messages. */
  output(): string;
  /** The first line (from now on or already written) that matches, within the time. */
  waitForLine(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Resolves with the exit code once the process has exited (null after a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, as a host stops a release; SIGKILL if still running after `graceMs`. Resolves once it has exited. */
  stop(graceMs?: number): Promise<number | null>;
  /** SIGKILLs it (and with `detached` its process group) if still running (cleanup). */
  kill(): void;
}

/** Starts the build and resolves once it listens (its log says the port); rejects with its output if it exits or takes too long. */
export async function spawnBuiltServer(options: BuiltServerOptions = {}): Promise<BuiltServer> {
  const spawned = performance.now();
  const [program, ...args] = options.command ?? [
    options.node ?? process.execPath,
    ...(options.nodeArgs ?? []),
    options.serverJs ?? BUILT_SERVER,
  ];
  const child = spawn(program as string, args, {
    cwd: options.cwd ?? ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      ...(options.workers ? { WEB_CONCURRENCY: String(options.workers) } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  let pending = '';
  let keeping = true;
  const parsed: LogLine[] = [];
  const waiters = new Set<() => void>();
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    if (keeping) output += chunk;
  });
  child.stdout?.on('data', (chunk: string) => {
    // Once a bench's server listens, its log is read (a full pipe would stop it) and dropped.
    if (!keeping) return;
    output += chunk;
    pending += chunk;
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      try {
        parsed.push(JSON.parse(line) as LogLine);
      } catch {
        // Not a JSON line.
      }
    }
    for (const wake of waiters) wake();
  });
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const kill = () => {
    if (gone()) return;
    if (options.detached && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    } else child.kill('SIGKILL');
  };
  // Should the caller end without stopping it (a crash, a forced exit), the server goes too.
  process.once('exit', kill);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.removeListener('exit', kill);
      resolve(code);
    }),
  );

  function waitForLine(match: (line: LogLine) => boolean, timeoutMs = 10_000): Promise<LogLine> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = parsed.find(match);
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no such log line within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  async function stop(graceMs = 5_000): Promise<number | null> {
    if (!gone()) {
      child.kill('SIGTERM');
      const force = setTimeout(kill, graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(force);
      }
    }
    return exited;
  }

  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const listening = waitForLine((l) => typeof l.port === 'number', timeoutMs).catch(() => {
    throw new Error(`the built server did not listen within ${timeoutMs} ms:\n${output}`);
  });
  const failed = exited.then((code) => {
    throw new Error(`the built server exited with code ${code} before listening:\n${output}`);
  });
  failed.catch(() => undefined);
  let port: number;
  try {
    ({ port } = (await Promise.race([listening, failed])) as { port: number });
  } catch (err) {
    kill();
    throw err;
  }
  const readyMs = performance.now() - spawned;
  if (options.keepLog === 'start') keeping = false;
  return {
    child,
    port,
    origin: `http://127.0.0.1:${port}`,
    readyMs,
    lines: () => [...parsed],
    output: () => output,
    waitForLine,
    exited,
    stop,
    kill,
  };
}

/** Whether the process `pid` still runs (signal 0 only asks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
