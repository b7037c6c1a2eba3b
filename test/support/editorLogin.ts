import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Her login to GitHub (server/editorLogin/) in tests: a GitHub App's client ID and secret, and a
// stand-in for github.com on loopback that does what GitHub does for an App whose user tokens
// expire: its authorize page sends an already-authorized user straight back with a code (once,
// ten minutes), and its token endpoint exchanges each code once for a token of 8 hours and a
// refresh token; a code used again gets GitHub's bad_verification_code.

const TEST_CLIENT_ID = 'Iv23liTestClient0001';
export const TEST_CLIENT_SECRET = 'c0ffee5ecret4bc9d8e7f6a5b4c3d2e1f0a9b8c7';

/** The login's variables (EDITOR_GITHUB_URL is added by a test that runs the stand-in). */
export const TEST_LOGIN = { EDITOR_GITHUB_CLIENT_ID: TEST_CLIENT_ID, EDITOR_GITHUB_CLIENT_SECRET: TEST_CLIENT_SECRET };

/** One request the token endpoint received: its form fields. */
type Exchanged = Record<string, string>;

export interface GitHubStandIn {
  url: string;
  /** Every exchange asked of the token endpoint, in order. */
  exchanged: Exchanged[];
  /** The tokens it gave out. */
  issued: string[];
  /** What the token endpoint answers instead, e.g. a token that never expires, or a connection cut ('close'); null: as GitHub does. */
  answerWith(answer: Record<string, unknown> | 'close' | null): void;
  close(): Promise<void>;
}

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startGitHubStandIn(): Promise<GitHubStandIn> {
  const codes = new Map<string, boolean>();
  const exchanged: Exchanged[] = [];
  const issued: string[] = [];
  let instead: Record<string, unknown> | 'close' | null = null;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const code = randomBytes(10).toString('hex');
      codes.set(code, false);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.search = new URLSearchParams({ code, state: url.searchParams.get('state') ?? '' }).toString();
      res.writeHead(302, { Location: back.href }).end();
      return;
    }
    if (req.method !== 'POST' || url.pathname !== '/login/oauth/access_token') return res.writeHead(404).end();
    const form = await formOf(req);
    exchanged.push(form);
    if (instead === 'close') return req.socket.destroy();
    const json = (body: unknown) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (instead) return json(instead);
    if (form.client_id !== TEST_CLIENT_ID || form.client_secret !== TEST_CLIENT_SECRET)
      return json({ error: 'incorrect_client_credentials' });
    const code = form.code ?? '';
    if (codes.get(code) !== false) return json({ error: 'bad_verification_code' });
    codes.set(code, true);
    const token = `ghu_${randomBytes(18).toString('base64url')}`;
    issued.push(token);
    json({
      access_token: token,
      expires_in: 28800,
      refresh_token: `ghr_${randomBytes(30).toString('base64url')}`,
      refresh_token_expires_in: 15897600,
      token_type: 'bearer',
      scope: '',
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanged,
    issued,
    answerWith(answer) {
      instead = answer;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** What the login window keeps (its proof) and sends to /start (the proof's hash), as page.ts makes them. */
export function windowProof(): { proof: string; binding: string } {
  const proof = randomBytes(32).toString('base64url');
  return { proof, binding: createHash('sha256').update(proof).digest('base64url') };
}
