import { request } from 'node:http';
import { spawnBuiltServer, type BuiltServer, type BuiltServerOptions } from '../../scripts/builtServer';
import { OPERATOR_TOKEN } from './operator';
import { testCertFile } from './tls';

export { alive, type BuiltServer, type LogLine } from '../../scripts/builtServer';

// The built server as the Procfile runs it (`node dist/server.js`, spawned by scripts/builtServer.ts),
// possibly several processes (WEB_CONCURRENCY), with the tests' variables and its JSON log lines
// parsed, so that a test can see which process answered (pid) and what the primary did. Requests go
// over a new connection each time, so that node:cluster hands them to the workers in turn.

/** `env`: the test's variables over the tests' own; `options`: scripts/builtServer.ts's (a process group, a copy of the build). */
export function startTestServer(
  env: Record<string, string>,
  options: Omit<BuiltServerOptions, 'env'> = {},
): Promise<BuiltServer> {
  return spawnBuiltServer({
    ...options,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HEALTHZ_TOKEN: OPERATOR_TOKEN,
      // It trusts the tests' certificate, as production trusts a private CA (see tls.ts).
      NODE_EXTRA_CA_CERTS: testCertFile(),
      ...env,
    },
  });
}

export interface HttpReply {
  status: number;
  body: string;
  ms: number;
}

/** The options of `send` for a page's URL asked for its loader's data (server/http/pages.ts), as the page's script asks. */
export const asJson = { headers: { Accept: 'application/json' } };

/** One request over a connection of its own (no keep-alive). */
export function send(
  port: number,
  method: string,
  pathname: string,
  options: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpReply> {
  const started = Date.now();
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent: false,
        headers: { ...(payload ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const visitorMessage = {
  name: 'Anna Hansen',
  email: 'anna@example.com',
  phone: '',
  message: 'Hej, jeg vil gerne booke en samtale.',
  consent: true,
};

/** A contact post from one visitor; `ip` is what the router puts in X-Forwarded-For (TRUST_PROXY=1). */
export const postContact = (port: number, ip?: string) =>
  send(port, 'POST', '/api/contact.php', { json: visitorMessage, headers: ip ? { 'X-Forwarded-For': ip } : {} });
