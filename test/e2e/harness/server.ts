import { spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPERATOR_TOKEN } from '../../support/operator';

// The production build as a child process: a private copy of dist/, started on a free port,
// stopped after the test file.

export const ROOT = path.resolve(__dirname, '..', '..', '..');
const SERVER_JS = path.join(ROOT, 'dist', 'server.js');
const MANIFEST = path.join(ROOT, 'dist', 'manifest.json');

export interface Server {
  origin: string;
  port: number;
  outboxDir: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Warns when a source file is newer than dist/server.js: the tests would run an old build. */
function warnIfStale() {
  const built = statSync(SERVER_JS).mtimeMs;
  const newest = (dir: string): number => {
    let latest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
    }
    return latest;
  };
  const sources = ['server', 'views', 'client', 'content'].map((d) => path.join(ROOT, d)).filter(existsSync);
  if (Math.max(...sources.map(newest)) > built) {
    process.stderr.write(
      '\n*** e2e: dist/ is older than the sources: run `npm run build` first, or these tests check an old build. ***\n\n',
    );
  }
}

/**
 * A private copy of the build: `npm run build` (run by a developer while the suite runs) prunes
 * the hashed assets the running server still names, which would fail every later page load.
 * dist/server.js finds dist/ and public/ next to itself, and its packages in ../node_modules.
 */
function snapshotBuild(): { dir: string; serverJs: string } {
  for (let attempt = 0; ; attempt++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'e2e-build-'));
    try {
      const manifestText = readFileSync(MANIFEST, 'utf8');
      const assets = path.join(dir, 'dist', 'public', 'assets');
      cpSync(path.join(ROOT, 'dist', 'public', 'assets'), assets, { recursive: true });
      // Every file the manifest names (entry, stylesheet, chunks) must be in the copy.
      for (const url of manifestText.match(/\/assets\/[^"]+/g) ?? []) {
        if (!existsSync(path.join(assets, path.basename(url)))) throw new Error(`snapshot: ${url} is missing`);
      }
      writeFileSync(path.join(dir, 'dist', 'manifest.json'), manifestText);
      // The server and the booking feed's parser, which it starts from next to itself (and their source maps).
      for (const file of readdirSync(path.join(ROOT, 'dist')).filter((f) => /\.js(\.map)?$/.test(f)))
        copyFileSync(path.join(ROOT, 'dist', file), path.join(dir, 'dist', file));
      cpSync(path.join(ROOT, 'public'), path.join(dir, 'public'), { recursive: true });
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
      return { dir, serverJs: path.join(dir, 'dist', 'server.js') };
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      // A build was replacing the files at that moment: try again shortly.
      if (attempt >= 5) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    }
  }
}

/** Starts (a snapshot of) `node dist/server.js` on a free port with its outbox in a fresh temp folder. */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  if (!existsSync(SERVER_JS) || !existsSync(MANIFEST)) {
    throw new Error(`${SERVER_JS} or ${MANIFEST} is missing: run \`npm run build\` before the e2e tests`);
  }
  warnIfStale();
  const build = snapshotBuild();
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'e2e-outbox-'));
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', build.serverJs], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: '0',
      OUTBOX_DIR: outboxDir,
      CONTACT_RATE_LIMIT: '1000',
      LOG_LEVEL: 'info',
      // As every test server: /healthz's details are the operator's (test/support/operator.ts).
      HEALTHZ_TOKEN: OPERATOR_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should jest end without afterAll (a crash, a forced exit), the server goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const cleanUp = () => {
    process.removeListener('exit', killOnExit);
    rmSync(outboxDir, { recursive: true, force: true });
    rmSync(build.dir, { recursive: true, force: true });
  };

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 10 s:\n${output}`));
    }, 10_000);
    let pending = '';
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      output += chunk;
    });
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf('\n')) !== -1) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        try {
          const entry = JSON.parse(line) as { port?: unknown };
          if (typeof entry.port === 'number') {
            clearTimeout(timer);
            resolve(entry.port);
          }
        } catch {
          // Not a JSON line: keep reading.
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      cleanUp();
      // After start-up this is a no-op (the promise is settled); the tests then fail on requests.
      reject(new Error(`server exited with code ${code} before listening:\n${output}`));
    });
  });

  return {
    origin: `http://localhost:${port}`,
    port,
    outboxDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(force);
      }
      cleanUp();
    },
  };
}
