import { connect } from 'node:net';

// HTTP as an attacker writes it: the request line, headers and body exactly as given (an
// absolute-form target, a backslash, thousands of slashes, any Host), over a connection of its
// own that the server closes after answering. An HTTP client library would tidy such requests up.

export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header's values joined with ', '. */
  headers: Record<string, string>;
  /** The body, de-chunked, as UTF-8. */
  body: string;
  /** From the first byte written to the last byte read. */
  ms: number;
}

export interface RawRequest {
  method?: string;
  /** The request target as written on the request line. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * One request; Host defaults to 127.0.0.1, Content-Length is set for a body, Connection: close
 * always. `written` is called once the whole request has been handed to the connection.
 */
export function raw(port: number, request: RawRequest, written?: () => void): Promise<RawAnswer> {
  const { method = 'GET', target, headers = {}, body } = request;
  const lines = [`${method} ${target} HTTP/1.1`];
  const all: Record<string, string> = { Host: '127.0.0.1', ...headers, Connection: 'close' };
  if (body !== undefined) all['Content-Length'] = String(Buffer.byteLength(body));
  for (const [name, value] of Object.entries(all)) lines.push(`${name}: ${value}`);
  const head = `${lines.join('\r\n')}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server that answers before reading the whole body (413) may reset the connection: the answer counts.
    socket.on('error', (err) => {
      if (chunks.length === 0) reject(err);
    });
    socket.on('close', () => {
      const ms = performance.now() - started;
      const text = Buffer.concat(chunks);
      const split = text.indexOf('\r\n\r\n');
      if (split === -1)
        return reject(new Error(`no HTTP answer: ${JSON.stringify(text.toString('latin1').slice(0, 200))}`));
      const [statusLine = '', ...headerLines] = text.subarray(0, split).toString('latin1').split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        parsed[name] = parsed[name] === undefined ? value : `${parsed[name]}, ${value}`;
      }
      let rest: Buffer = text.subarray(split + 4);
      if (/chunked/i.test(parsed['transfer-encoding'] ?? '')) rest = dechunk(rest);
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body: rest.toString('utf8'), ms });
    });
    socket.write(head + (body ?? ''), () => written?.());
  });
}

function dechunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol === -1) break;
    const size = parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (!size) break;
    out.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/** The request's answer, and a promise that it has been written: what a test sends meanwhile comes after it. */
export function rawSent(port: number, request: RawRequest): { answer: Promise<RawAnswer>; sent: Promise<void> } {
  let written!: () => void;
  const sent = new Promise<void>((resolve) => {
    written = resolve;
  });
  return { answer: raw(port, request, written), sent };
}

/**
 * Writes a whole request and closes the connection `afterMs` later, answered or not: a client
 * that hangs up. Resolves once the socket is closed.
 */
export function hangUp(port: number, request: RawRequest, afterMs: number): Promise<void> {
  const { method = 'GET', target, headers = {}, body = '' } = request;
  const all: Record<string, string> = {
    Host: '127.0.0.1',
    ...headers,
    'Content-Length': String(Buffer.byteLength(body)),
  };
  const head = [`${method} ${target} HTTP/1.1`, ...Object.entries(all).map(([n, v]) => `${n}: ${v}`)].join('\r\n');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${head}\r\n\r\n${body}`);
      setTimeout(() => socket.destroy(), afterMs);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
}
