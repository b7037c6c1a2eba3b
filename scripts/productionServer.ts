import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

// The built server as production runs it, on a free loopback port, for the benches and Lighthouse.
// Its SMTP_URL points nowhere: none of them sends a contact message.

export const root = path.resolve(__dirname, '..');

async function freePort(): Promise<number> {
  const srv = createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as { port: number };
  srv.close();
  return port;
}

/** `node` runs it (default: the Node running this); `readyMs` is how long /healthz took to answer. */
export async function startProductionServer(env: Record<string, string> = {}, { node = process.execPath } = {}) {
  const port = await freePort();
  const spawned = performance.now();
  const child = spawn(node, [path.join(root, 'dist', 'server.js')], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), SMTP_URL: 'smtp://127.0.0.1:9', ...env },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        () => true,
        () => false,
      )
    )
      break;
    if (i > 500) throw new Error(`${base} did not answer: is dist/ built?`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, base, readyMs: performance.now() - spawned, stop: () => child.kill('SIGTERM') };
}
