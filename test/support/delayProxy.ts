import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

// TCP proxies on loopback that inject network faults. The first, in front of redis-server, makes
// Redis's replies late on demand, as a congested network to a hosted Redis does: the command
// reaches Redis and runs at once, its reply (and whatever follows it on that connection) comes
// DELAY_MS later, past the client's 1 s timeout (server/store/redis.ts). It counts the commands
// clients send (RESP arrays), so that a test can make the reply to each command of a press late in
// turn. The second (startDropProxy) loses a reply after the server did the work.

/** Later than the client's command timeout (1 s). */
const DELAY_MS = 1_500;

/** The complete commands (RESP arrays of bulk strings, as ioredis writes them) in a stream of chunks, each as it was sent. */
function commandReader() {
  let pending = Buffer.alloc(0);
  /** The end of one command starting at `at`, or -1 while it is incomplete. */
  const endOf = (buf: Buffer, at: number): number => {
    const line = (from: number): [number, number] | null => {
      const eol = buf.indexOf('\r\n', from);
      return eol < 0 ? null : [Number(buf.toString('latin1', from + 1, eol)), eol + 2];
    };
    const head = line(at);
    if (!head) return -1;
    let [count, pos] = head;
    for (; count > 0; count--) {
      const bulk = line(pos);
      if (!bulk || bulk[1] + bulk[0] + 2 > buf.length) return -1;
      pos = bulk[1] + bulk[0] + 2;
    }
    return pos;
  };
  return (chunk: Buffer): Buffer[] => {
    pending = Buffer.concat([pending, chunk]);
    const commands: Buffer[] = [];
    let at = 0;
    for (let end = endOf(pending, at); at < pending.length && end > 0; end = endOf(pending, at)) {
      commands.push(pending.subarray(at, end));
      at = end;
    }
    pending = pending.subarray(at);
    return commands;
  };
}

export interface DelayProxy {
  /** redis://127.0.0.1:port */
  url: string;
  /** Commands sent through the proxy so far (those naming `containing`, if given). */
  commands(containing?: string): number;
  /** The reply to the `n`th command from now (1: the next; of those naming `containing`, if given) comes DELAY_MS late, and what follows it within DELAY_MS on its connection. */
  delayReplyTo(n: number, containing?: string): void;
  /** Whether the armed delay has struck. */
  struck(): boolean;
  close(): Promise<void>;
}

/** One end closed or failed closes the other: both leave the proxy's list. */
function endTogether(client: Socket, upstream: Socket, sockets: Set<Socket>) {
  const end = () => {
    client.destroy();
    upstream.destroy();
    sockets.delete(client);
    sockets.delete(upstream);
  };
  client.on('close', end).on('error', end);
  upstream.on('close', end).on('error', end);
}

export async function startDelayProxy(targetPort: number): Promise<DelayProxy> {
  const sent: Buffer[] = [];
  const count = (containing?: string) =>
    containing === undefined ? sent.length : sent.filter((c) => c.includes(containing)).length;
  let armed: { at: number; containing: string | undefined } | null = null;
  let struck = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    const read = commandReader();
    let lateFrom: number | null = null;
    client.on('data', (chunk: Buffer) => {
      sent.push(...read(chunk));
      if (armed !== null && count(armed.containing) >= armed.at) {
        armed = null;
        struck = true;
        lateFrom = Date.now();
      }
      upstream.write(chunk);
    });
    // Replies in order: those that came within DELAY_MS of the delay striking each DELAY_MS late, the rest behind them.
    let chain = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      const late = lateFrom !== null && Date.now() < lateFrom + DELAY_MS ? Date.now() + DELAY_MS : 0;
      chain = chain
        .then(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, late - Date.now()))))
        // A connection the client dropped meanwhile gets nothing.
        .then(() => void (client.writable && client.write(chunk)));
    });
    endTogether(client, upstream, sockets);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    commands: count,
    delayReplyTo(n, containing) {
      armed = { at: count(containing) + n, containing };
      struck = false;
    },
    struck: () => struck,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface DropProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** The next reply the server sends is never passed on: its connection is cut once the server has answered (the request done). */
  dropNextReply(): void;
  /** How many replies were dropped. */
  dropped(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback in front of any server (her CalDAV server, test/support/radicale.ts)
 * that loses a reply on demand, as a network does after the server has done the work: the request
 * reaches the server and is carried out, its reply is dropped and the client's connection cut.
 */
export async function startDropProxy(targetPort: number): Promise<DropProxy> {
  let armed = false;
  let dropped = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (!armed) return void client.write(chunk);
      armed = false;
      dropped++;
      client.destroy();
      upstream.destroy();
    });
    endTogether(client, upstream, sockets);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    dropNextReply: () => {
      armed = true;
    },
    dropped: () => dropped,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
