import path from 'node:path';
import { ROOT, spawnBuiltServer } from './builtServer';

// The built server as production runs it, on a free loopback port, for the benches and Lighthouse
// (scripts/builtServer.ts starts it). Its SMTP_URL points nowhere: none of them sends a contact
// message. Its log is dropped once it listens: under load it logs every request.

export const root = ROOT;

export interface ProductionServerOptions {
  /** The Node binary (default: the one running this). */
  node?: string;
  /** Another checkout whose build to run (its dist/server.js, in it, with its own node_modules; default: this one). */
  checkout?: string;
}

/** `readyMs` is how long it took to listen. */
export async function startProductionServer(
  env: Record<string, string> = {},
  { node = process.execPath, checkout }: ProductionServerOptions = {},
) {
  const server = await spawnBuiltServer({
    node,
    ...(checkout ? { serverJs: path.join(checkout, 'dist', 'server.js'), cwd: checkout } : {}),
    env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', ...env },
    keepLog: 'start',
  });
  return {
    child: server.child,
    base: server.origin,
    readyMs: server.readyMs,
    stop: () => server.stop(),
  };
}
