import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

// How a worker lets go of its connections on a deploy (SIGTERM). A router keeps its keep-alive
// connections to the dyno open and sends the next request on whichever is free: a server that
// only stops listening goes on taking requests on those for its whole grace, then cuts them off
// mid-mail (issue 45: 143 posts taken after SIGTERM, 2 delivered while the visitor saw an error).
// From the stop on, every response says Connection: close (Node then closes the connection once it
// is sent), idle connections are closed at once, and one whose response had already begun is
// closed as soon as it is done: no request is taken on an old connection, and those in flight finish.

export interface Drain {
  /** The server's request listener: the app, with each response tracked until it is done. */
  listener: RequestListener;
  /** Stops listening and lets every connection go once its response is sent; `done` once all have. */
  stop(server: Server, done: () => void): void;
}

export function createDrain(app: RequestListener): Drain {
  const open = new Set<ServerResponse>();
  let stopping = false;

  const closeWhenDone = (server: Server, res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    // Its header already went out saying keep-alive: close the connection once it is idle.
    else res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
  };

  return {
    listener(req: IncomingMessage, res: ServerResponse) {
      if (stopping) res.setHeader('Connection', 'close');
      else {
        open.add(res);
        res.once('close', () => open.delete(res));
      }
      app(req, res);
    },
    stop(server, done) {
      stopping = true;
      for (const res of open) closeWhenDone(server, res);
      open.clear();
      server.close(() => done());
      server.closeIdleConnections();
    },
  };
}
