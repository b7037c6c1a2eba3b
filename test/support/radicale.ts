import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from './eventually';
import { freePort } from './redis';

// A real CalDAV server on loopback for the tests of her calendar: Debian's Radicale, started per
// test file on a free port with a storage folder of its own, the calendar made by MKCOL as a
// client makes one. Without a login (`auth type = none`), or with one (htpasswd, plain) for the
// refused-login case. It can be stopped and started again on the same port, its calendar kept, as
// a provider that goes away for a while. What it holds is read back over HTTP, as a client would.

const RADICALE = '/usr/bin/radicale';
const hasRadicale = existsSync(RADICALE);

interface RadicaleServer {
  /** The calendar collection's address (CALDAV_URL), ending in '/'. */
  calendarUrl: string;
  port: number;
  /** The login it takes (any, without auth). */
  user: string;
  password: string;
  /** Every object in the calendar: its name, ETag and text. */
  objects(): Promise<{ name: string; etag: string; text: string }[]>;
  /** Writes an object as her own calendar app would (her edit); its new ETag. */
  put(name: string, text: string): Promise<string>;
  remove(name: string): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const MKCALENDAR_BODY = `<?xml version="1.0" encoding="utf-8"?>
<mkcol xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><set><prop>
<resourcetype><collection/><C:calendar/></resourcetype><displayname>Praksis</displayname>
</prop></set></mkcol>`;

async function startRadicale(options: { login?: { user: string; password: string } } = {}) {
  const folder = mkdtempSync(path.join(tmpdir(), 'radicale-'));
  const port = await freePort();
  const user = options.login?.user ?? 'sara';
  const password = options.login?.password ?? 'app-password';
  const auth = options.login
    ? `type = htpasswd\nhtpasswd_filename = ${folder}/users\nhtpasswd_encryption = plain`
    : 'type = none';
  if (options.login) writeFileSync(`${folder}/users`, `${user}:${password}\n`);
  writeFileSync(
    `${folder}/config`,
    `[server]\nhosts = 127.0.0.1:${port}\n[auth]\n${auth}\n[storage]\nfilesystem_folder = ${folder}/collections\n[logging]\nlevel = warning\n`,
  );
  let child: ChildProcess | null = null;
  process.once('exit', () => child?.kill('SIGKILL'));
  const origin = `http://127.0.0.1:${port}`;
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const calendarUrl = `${origin}/${user}/praksis/`;
  const ask = (url: string, init: RequestInit = {}) =>
    fetch(url, { ...init, headers: { authorization, ...(init.headers as Record<string, string>) } });

  async function start() {
    if (child) return;
    child = spawn(RADICALE, ['--config', `${folder}/config`], { stdio: 'ignore' });
    await eventually(async () => {
      await fetch(`${origin}/`);
    }, 10_000);
  }
  async function stop() {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGKILL');
    await new Promise((resolve) => proc.once('exit', resolve));
  }
  await start();
  const made = await ask(calendarUrl, {
    method: 'MKCOL',
    headers: { 'content-type': 'application/xml' },
    body: MKCALENDAR_BODY,
  });
  if (made.status !== 201) throw new Error(`MKCOL answered ${made.status}`);

  const server: RadicaleServer = {
    calendarUrl,
    port,
    user,
    password,
    async objects() {
      const listing = await ask(calendarUrl, { method: 'PROPFIND', headers: { depth: '1' } });
      const names = [...(await listing.text()).matchAll(/<href>[^<]*\/([^/<]+\.ics)<\/href>/g)].map(
        (m) => m[1] as string,
      );
      return Promise.all(
        names.map(async (name) => {
          const res = await ask(`${calendarUrl}${name}`);
          return { name, etag: res.headers.get('etag') ?? '', text: await res.text() };
        }),
      );
    },
    async put(name, text) {
      const res = await ask(`${calendarUrl}${name}`, {
        method: 'PUT',
        headers: { 'content-type': 'text/calendar' },
        body: text,
      });
      if (res.status !== 201 && res.status !== 204) throw new Error(`PUT answered ${res.status}`);
      return res.headers.get('etag') ?? '';
    },
    async remove(name) {
      await ask(`${calendarUrl}${name}`, { method: 'DELETE' });
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * `describe` for tests that need Radicale. Without it: on CI a failing test says so; elsewhere the
 * block is skipped with a loud message (as describeRedis does).
 */
export function describeRadicale(name: string, fn: () => void): void {
  if (hasRadicale) return void describe(name, fn);
  const how = `${RADICALE} is missing. Install it with \`apt-get install -y radicale\`.`;
  if (process.env.CI) {
    describe(name, () => {
      test('radicale is installed', () => {
        throw new Error(`CalDAV tests cannot run on CI: ${how}`);
      });
    });
    return;
  }
  process.stderr.write(`\n*** SKIPPED CalDAV tests "${name}": ${how} ***\n\n`);
  describe.skip(name, fn);
}

/** One Radicale for the test file (inside describeRadicale), closed after it. */
export function useRadicale(options: { login?: { user: string; password: string } } = {}) {
  let server: RadicaleServer | undefined;
  beforeAll(async () => {
    server = await startRadicale(options);
  }, 20_000);
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('useRadicale: the server is started in beforeAll');
    return server;
  };
}
