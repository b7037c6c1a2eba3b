import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { SMTPServer } from 'smtp-server';
import { testCert, testKey } from './tls';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** What one client connection did, as the server saw it. */
export interface SmtpSession {
  /** The TLS version once the session was secured (STARTTLS or implicit TLS). */
  tlsProtocol?: string;
  /** The TLS version in force when MAIL FROM came, if it came. */
  mailFromOver?: string | 'plain';
  data: boolean;
  /** The client hung up. */
  closed?: boolean;
}

export interface SmtpOptions {
  /** 'starttls' (default): plain, upgraded on STARTTLS; 'implicit': TLS from the first byte (smtps://); 'none': no TLS at all. */
  tls?: 'starttls' | 'implicit' | 'none';
  /** Every DATA is refused with 451. */
  fail?: boolean;
  /** Replies to successive DATA commands: a code of 400 or more refuses that one; after the list, all are accepted. */
  dataReplies?: number[];
  /** Accepts the connection and never greets. */
  hang?: boolean;
  /** Greets every new connection with this code instead (421: "service not available, try later"). */
  refuse?: number;
  /** Waits this long before accepting DATA. */
  delayMs?: number;
  /**
   * Keeps each message as soon as its data is in, before the reply (a server that commits, then
   * answers late or not at all): a client that hangs up meanwhile still had it delivered.
   */
  storesAtOnce?: boolean;
  /** Hangs up once a message's data is in, without a reply (the message kept: with storesAtOnce). */
  hangUpAfterData?: boolean;
  /** Called when a message's data is in, before the reply (a test injects a fault there). */
  onData?: () => void;
  /** Listen on this port (to bring a server back where an earlier one was). */
  port?: number;
  /** Require a login with these credentials (over TLS only, as smtp-server insists). */
  auth?: { user: string; pass: string };
}

/** A real SMTP server on a loopback port that keeps what it receives. */
export async function startSmtp(options: SmtpOptions = {}) {
  const tls = options.tls ?? 'starttls';
  const received: ReceivedMail[] = [];
  const sessions = new Map<string, SmtpSession>();
  let connections = 0;
  let dataCount = 0;
  const sessionOf = (id: string) => {
    let s = sessions.get(id);
    if (!s) {
      s = { data: false };
      sessions.set(id, s);
    }
    return s;
  };
  const server = new SMTPServer({
    secure: tls === 'implicit',
    ...(tls === 'none' ? {} : { key: testKey(), cert: testCert() }),
    authOptional: !options.auth,
    disabledCommands: [...(tls === 'none' ? ['STARTTLS'] : []), ...(options.auth ? [] : ['AUTH'])],
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = auth.username === options.auth?.user && auth.password === options.auth?.pass;
      callback(
        ok ? null : Object.assign(new Error('Invalid credentials'), { responseCode: 535 }),
        ok ? { user: auth.username } : undefined,
      );
    },
    onClose(session) {
      sessionOf(session.id).closed = true;
    },
    onConnect(session, callback) {
      sessionOf(session.id);
      // A server that accepts the connection and never greets.
      if (options.hang) return;
      // Options are read on each event: a caller may change them while the server runs (the soak does).
      if (options.refuse)
        return callback(
          Object.assign(new Error('Service not available, try again later'), { responseCode: options.refuse }),
        );
      callback();
    },
    onSecure(socket, session, callback) {
      sessionOf(session.id).tlsProtocol = (socket as TLSSocket).getProtocol() ?? undefined;
      callback();
    },
    onMailFrom(_address, session, callback) {
      const s = sessionOf(session.id);
      s.mailFromOver = session.secure ? s.tlsProtocol : 'plain';
      callback();
    },
    onData(stream, session, callback) {
      sessionOf(session.id).data = true;
      const reply = options.dataReplies?.[dataCount];
      dataCount += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const keep = () =>
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
        options.onData?.();
        if (options.storesAtOnce) keep();
        if (options.hangUpAfterData) {
          for (const connection of server.connections)
            if ((connection as unknown as { id: string }).id === session.id)
              (connection as unknown as { _socket: { destroy(): void } })._socket.destroy();
          return;
        }
        const finish = () => {
          // A client that hung up before the reply never heard the mail was taken: it does not count as sent.
          if (sessionOf(session.id).closed && !options.storesAtOnce) return callback();
          if (options.fail) return callback(new Error('451 Mailbox temporarily unavailable'));
          if (reply && reply >= 400)
            return callback(Object.assign(new Error(`${reply} Refused by the test`), { responseCode: reply }));
          if (!options.storesAtOnce) keep();
          callback();
        };
        // A reply held back does not keep the test's process alive.
        if (options.delayMs) setTimeout(finish, options.delayMs).unref();
        else finish();
      });
    },
  });
  // A client that gives up mid-handshake (an untrusted certificate) is no failure of the server's.
  server.on('error', () => undefined);
  // Counted at TCP level: with implicit TLS, a client that rejects the certificate never reaches onConnect.
  server.server.on('connection', () => {
    connections += 1;
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `${tls === 'implicit' ? 'smtps' : 'smtp'}://localhost:${port}`,
    port,
    received,
    /** Every connection's story, in order of arrival. */
    sessions: () => [...sessions.values()],
    connections: () => connections,
    /** Messages whose data has begun to arrive (a send in flight, with delayMs). */
    get started() {
      return dataCount;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/** Header block and body of a raw message; header lines unfolded. */
export function parseMail(raw: string): { headers: Map<string, string[]>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw
    .slice(split)
    .replace(/^\r?\n\r?\n/, '')
    .replace(/\r\n/g, '\n');
  const headers = new Map<string, string[]>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    const key = line.slice(0, i).trim().toLowerCase();
    headers.set(key, [...(headers.get(key) ?? []), line.slice(i + 1).trim()]);
  }
  return { headers, body };
}

/** Decodes a quoted-printable UTF-8 body (what nodemailer sends for Danish text). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** Decodes RFC 2047 encoded words in a header value (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The address of an SMTP server that has stopped: nothing listens there, so a connection is refused at once. */
export async function refusingSmtpUrl(): Promise<string> {
  const gone = await startSmtp();
  await gone.close();
  return gone.url;
}

/**
 * One SMTP server for the test file (or the describe block it is called in): started before its
 * tests, closed after them, and what it received forgotten before each test; with `per: 'test'`, a
 * new one for each test (whose `dataReplies` then count from its first message). Its fields are
 * read inside tests (smtp.url, smtp.received), once it has started. Every test file's SMTP server
 * comes from here; startSmtp itself only where a test stops its server (logging.test.ts), brings one
 * back on its port, or meets each kind once (mail-tls.test.ts: the transport against each; one that
 * never greets, smtp-greeting.slow.test.ts).
 */
export function useSmtp(options: SmtpOptions = {}, per: 'block' | 'test' = 'block'): TestSmtp {
  let server: TestSmtp | undefined;
  const start = async () => {
    server = await startSmtp(options);
  };
  const close = () => server?.close();
  if (per === 'test') {
    beforeEach(start);
    afterEach(close);
  } else {
    beforeAll(start);
    afterAll(close);
    beforeEach(() => {
      if (server) server.received.length = 0;
    });
  }
  return new Proxy({} as TestSmtp, {
    get(_, key) {
      if (!server) throw new Error('useSmtp: the server is started in beforeAll');
      return Reflect.get(server, key);
    },
  });
}
