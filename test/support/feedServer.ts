import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A calendar provider on loopback: serves feeds at secret-looking paths, as Outlook, Google,
// Fastmail, iCloud and Nextcloud do, and can be told to fail (an error status, no answer,
// garbage), so that tests read feeds over real HTTP.

type FeedBehaviour =
  | { kind: 'ics'; body: string }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'hang' }
  | { kind: 'redirect'; to: string };

export interface FeedServer {
  /** http://127.0.0.1:port */
  origin: string;
  set(path: string, behaviour: FeedBehaviour): void;
  /** How many requests each path has had. */
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, FeedBehaviour>();
  const counts = new Map<string, number>();
  const open = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const behaviour = routes.get(path);
    if (!behaviour) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    switch (behaviour.kind) {
      case 'ics':
        res
          .writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'no-cache' })
          .end(behaviour.body);
        return;
      case 'status':
        res
          .writeHead(behaviour.status, { 'content-type': 'text/html' })
          .end(behaviour.body ?? `<html><body>Error ${behaviour.status}</body></html>`);
        return;
      case 'redirect':
        res.writeHead(301, { location: behaviour.to }).end();
        return;
      case 'hang':
        // Headers never come; the reader's time limit must end it.
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    set: (path, behaviour) => void routes.set(path, behaviour),
    hits: (path) => counts.get(path) ?? 0,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
