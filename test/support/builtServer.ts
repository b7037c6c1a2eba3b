import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { OPERATOR_TOKEN } from './operator';
import { testCertFile } from './tls';

// The built server as the Procfile runs it (`node dist/server.js`), possibly several processes
// (WEB_CONCURRENCY), with its JSON log lines parsed, so that a test can see which process
// answered (pid) and what the primary did. Requests go over a new connection each time, so that
// node:cluster hands them to the workers in turn.

const SERVER = path.resolve(__dirname, '..', '..', 'dist', 'server.js');
const baseEnv = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'test',
  PORT: '0',
  LOG_LEVEL: 'info',
  HEALTHZ_TOKEN: OPERATOR_TOKEN,
};

export type LogLine = Record<string, unknown> & { pid?: number; msg?: string };

export interface BuiltServer {
  child: ChildProcess;
  port: number;
  /** Every JSON line written so far. */
  lines(): LogLine[];
  /** stdout and stderr as written, for failure messages. */
  output(): string;
  /** The first line (from now on or already written) that matches, within the time. */
  waitForLine(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGKILLs it if still running (cleanup). */
  kill(): void;
}

/** `detached`: its own process group, so that a test can signal every process at once, as a host does. */
export async function startBuiltServer(
  env: Record<string, string>,
  options: { detached?: boolean; startTimeoutMs?: number } = {},
): Promise<BuiltServer> {
  const child = spawn(process.execPath, [SERVER], {
    // It trusts the tests' certificate, as production trusts a private CA (see tls.ts).
    env: { ...baseEnv, NODE_EXTRA_CA_CERTS: testCertFile(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  let pending = '';
  const parsed: LogLine[] = [];
  const waiters = new Set<() => void>();
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stdout?.on('data', (chunk: Buffer) => {
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
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (options.detached && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    } else child.kill('SIGKILL');
  };
  process.once('exit', kill);

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

  const listening = waitForLine((l) => typeof l.port === 'number', options.startTimeoutMs);
  const failed = exited.then((code) => {
    throw new Error(`server exited with code ${code} before listening:\n${output}`);
  });
  failed.catch(() => undefined);
  let port: number;
  try {
    ({ port } = (await Promise.race([listening, failed])) as { port: number });
  } catch (err) {
    kill();
    throw err;
  }
  return { child, port, lines: () => [...parsed], output: () => output, waitForLine, exited, kill };
}

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** One request over a connection of its own (no keep-alive). */
export function send(
  port: number,
  method: string,
  pathname: string,
  options: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const started = Date.now();
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent: false,
        headers: { ...(payload ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
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

export const visitorMessage = {
  name: 'Anna Hansen',
  email: 'anna@example.com',
  phone: '',
  message: 'Hej, jeg vil gerne booke en samtale.',
  consent: true,
};

/** A contact post from one visitor; `ip` is what the router puts in X-Forwarded-For (TRUST_PROXY=1). */
export const postContact = (port: number, ip?: string) =>
  send(port, 'POST', '/api/contact.php', { json: visitorMessage, headers: ip ? { 'X-Forwarded-For': ip } : {} });

/** Retries until `fn` stops throwing, then returns its value; after the time the last error is thrown. */
export async function eventually<T>(fn: () => Promise<T> | T, timeoutMs = 5_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
