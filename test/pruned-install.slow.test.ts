import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../scripts/builtServer';
import { send, startTestServer } from './support/builtServer';
import { useSmtp } from './support/smtp';

// The build as a host runs it (issue 48): the devDependencies pruned after the build, started by
// `npm start` (a host without a Procfile) or the Procfile's `node dist/server.js`, with NODE_ENV
// set or not (npm start builds only where the build tools are: here they are not). Before, a missing pino-pretty crashed it without NODE_ENV, and `npm start` rebuilt
// with tools the host had pruned. A copy of what a host keeps (the build, public/, package.json and
// the lockfile) gets `npm ci --omit=dev`; npm reads its packages from its cache where it can.

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pruned-'));
  for (const part of ['dist', 'public', 'scripts', 'package.json', 'package-lock.json'])
    await cp(path.join(ROOT, part), path.join(dir, part), { recursive: true });
  const install = await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    env: process.env,
  });
  // The production dependencies have no install scripts for allowScripts to decide.
  expect(install.stderr + install.stdout).not.toMatch(/install scripts/i);
}, 120_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

test('nothing of the devDependencies is installed', async () => {
  await expect(run(process.execPath, ['-e', "require.resolve('pino-pretty')"], { cwd: dir })).rejects.toThrow();
  await expect(run(process.execPath, ['-e', "require.resolve('esbuild')"], { cwd: dir })).rejects.toThrow();
});

const smtp = useSmtp();

test.each([
  ['npm start without NODE_ENV', ['npm', 'start'], {}],
  ['node dist/server.js without NODE_ENV', [process.execPath, 'dist/server.js'], {}],
  ['npm start in production', ['npm', 'start'], { NODE_ENV: 'production', BASE_URL: 'http://127.0.0.1' }],
])(
  '%s: it starts, serves the pages and stops on SIGTERM',
  async (_how, command, env) => {
    const server = await startTestServer(
      { NODE_ENV: '', SMTP_URL: smtp.url, ...env },
      { command, cwd: dir, detached: true },
    );
    try {
      expect((await send(server.port, 'GET', '/')).status).toBe(200);
      expect((await send(server.port, 'GET', '/en/prices')).status).toBe(200);
      expect((await send(server.port, 'GET', '/favicon.svg')).status).toBe(200);
      process.kill(-(server.child.pid as number), 'SIGTERM');
      await server.exited;
      expect(server.output()).toContain('"msg":"stopped"');
    } finally {
      server.kill();
    }
  },
  60_000,
);
