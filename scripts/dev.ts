import { spawn } from 'node:child_process';
import path from 'node:path';
import { context } from 'esbuild';
import { clientOptions, manifestFrom } from './build';
import { buildEditor } from './editor';
import { mkdir, readFile, writeFile } from 'node:fs/promises';

// Development: esbuild rebuilds the browser bundle on every change and rewrites the manifest;
// tsx restarts the server when its code or the manifest changes. The owner's editor is at
// /admin/ as in production; on localhost it offers to work on this folder itself, with no GitHub
// (Sveltia's local mode, in Chromium-based browsers: docs/content.md, "For the developer").

const root = path.resolve(__dirname, '..');

async function main() {
  await mkdir(path.join(root, 'dist', 'public', 'assets'), { recursive: true });
  await buildEditor(path.join(root, 'dist', 'public', 'admin'));
  const manifestFile = path.join(root, 'dist', 'manifest.json');
  let firstBuild: () => void = () => {};
  const built = new Promise<void>((resolve) => (firstBuild = resolve));
  const ctx = await context({
    ...clientOptions,
    minify: false,
    sourcemap: 'linked',
    define: { ...clientOptions.define, 'process.env.NODE_ENV': '"development"' },
    plugins: [
      ...(clientOptions.plugins ?? []),
      {
        name: 'manifest',
        setup(build) {
          build.onEnd(async (result) => {
            if (result.errors.length || !result.metafile) return;
            const text = `${JSON.stringify(manifestFrom(result.metafile.outputs), null, 2)}\n`;
            // Rewritten only when a hash changed: each write restarts the server.
            const old = await readFile(manifestFile, 'utf8').catch(() => '');
            if (text !== old) await writeFile(manifestFile, text);
            firstBuild();
          });
        },
      },
    ],
  });
  await ctx.watch();
  await built;
  const server = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--watch',
      '--watch-path=server',
      '--watch-path=views',
      '--watch-path=content',
      '--watch-path=dist/manifest.json',
      'server/process/index.ts',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' } },
  );
  const stop = () => {
    server.kill('SIGTERM');
    void ctx.dispose();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code) => process.exit(code ?? 0));
}

main().catch((err: Error) => {
  console.error(`dev failed: ${err.message}`);
  process.exit(1);
});
