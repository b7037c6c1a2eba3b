import { ROOT, startBuiltServer } from './builtServer';

// The built server as production runs it, on a free loopback port, for the benches and Lighthouse
// (scripts/builtServer.ts starts it). Its SMTP_URL points nowhere: none of them sends a contact
// message. Its log is dropped once it listens: under load it logs every request.

export const root = ROOT;

/** `node` runs it (default: the Node running this); `readyMs` is how long it took to listen. */
export async function startProductionServer(env: Record<string, string> = {}, { node = process.execPath } = {}) {
  const server = await startBuiltServer({
    node,
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
