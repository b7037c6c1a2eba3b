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
import { BUILT_SERVER, ROOT, type BuiltServer } from '../../../scripts/builtServer';
import { startTestServer } from '../../support/builtServer';

// The production build as a child process: a private copy of dist/, started on a free port,
// stopped after the test file.

export { ROOT };
const SERVER_JS = BUILT_SERVER;
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
function snapshotBuild(distDir = path.join(ROOT, 'dist')): { dir: string; serverJs: string } {
  for (let attempt = 0; ; attempt++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'e2e-build-'));
    try {
      const manifestText = readFileSync(path.join(distDir, 'manifest.json'), 'utf8');
      const assets = path.join(dir, 'dist', 'public', 'assets');
      cpSync(path.join(distDir, 'public', 'assets'), assets, { recursive: true });
      // Every file the manifest names (entry, stylesheet, chunks) must be in the copy.
      for (const url of manifestText.match(/\/assets\/[^"]+/g) ?? []) {
        if (!existsSync(path.join(assets, path.basename(url)))) throw new Error(`snapshot: ${url} is missing`);
      }
      writeFileSync(path.join(dir, 'dist', 'manifest.json'), manifestText);
      // The server and the booking feed's parser, which it starts from next to itself (and their source maps).
      for (const file of readdirSync(distDir).filter((f) => /\.js(\.map)?$/.test(f)))
        copyFileSync(path.join(distDir, file), path.join(dir, 'dist', file));
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

/**
 * Starts (a snapshot of) `node dist/server.js` on a free port with its outbox in a fresh temp
 * folder. `distDir`: another build's folder (the picture tests build with their own pictures).
 */
export async function startSnapshotServer(env: Record<string, string> = {}, distDir?: string): Promise<Server> {
  if (!distDir && (!existsSync(SERVER_JS) || !existsSync(MANIFEST))) {
    throw new Error(`${SERVER_JS} or ${MANIFEST} is missing: run \`npm run build\` before the e2e tests`);
  }
  if (!distDir) warnIfStale();
  const build = snapshotBuild(distDir);
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'e2e-outbox-'));
  // Its outbox and its copy of the build go when it stops, or fails to start.
  const cleanUp = () => {
    rmSync(outboxDir, { recursive: true, force: true });
    rmSync(build.dir, { recursive: true, force: true });
  };
  let server: BuiltServer;
  try {
    server = await startTestServer(
      { OUTBOX_DIR: outboxDir, CONTACT_RATE_LIMIT: '1000', ...env },
      { serverJs: build.serverJs, nodeArgs: ['--enable-source-maps'] },
    );
  } catch (err) {
    cleanUp();
    throw err;
  }

  return {
    origin: `http://localhost:${server.port}`,
    port: server.port,
    outboxDir,
    output: server.output,
    async stop() {
      await server.stop();
      cleanUp();
    },
  };
}
