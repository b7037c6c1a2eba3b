import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { loadConfig } from '../server/process/config';
import { redisHolds } from '../server/store/holdsRedis';
import { createRateLimitStore } from '../server/store/rateLimit';
import { connectRedis, type RedisConnection, type StoreRedis } from '../server/store/redis';
import { redisUsedLinks } from '../server/store/usedLinksRedis';
import { captureLogs } from './support/app';
import { eventually } from './support/eventually';
import { describeRedis, startRedis, type RedisServer } from './support/redis';

// Configuration errors are not outages (issue 45 point 5): a wrong password, a certificate that
// does not verify, redis:// against a TLS port or rediss:// against a plain one is ONE error line
// naming the variable and what to check, however often the client dials again, and no store warns
// of it as of an outage. REDIS_TLS_CA verifies a provider's private CA with every check on. Once
// connected, one line says so (and over TLS), and what Redis keeps on disk and may evict is read:
// a Redis that keeps nothing or may evict is warned of.

/** A private CA and a certificate it signed for 127.0.0.1, as a Redis provider may have. */
function privateCa(): { caFile: string; certFile: string; keyFile: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'redis-ca-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl(
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1'],
    ...['-keyout', file('ca.key'), '-out', file('ca.pem'), '-subj', '/CN=Provider Test CA'],
  );
  openssl(
    ...['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'],
    ...['-keyout', file('redis.key'), '-out', file('redis.csr'), '-subj', '/CN=redis.test'],
  );
  writeFileSync(file('ext.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    ...['x509', '-req', '-in', file('redis.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key')],
    ...['-CAcreateserial', '-days', '1', '-extfile', file('ext.cnf'), '-out', file('redis.pem')],
  );
  return { caFile: file('ca.pem'), certFile: file('redis.pem'), keyFile: file('redis.key') };
}

const clients: StoreRedis[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

/** A process's connection and the stores on it, its log lines, and how often the client failed. */
function connectAs(settings: RedisConnection) {
  const { logger, logs } = captureLogs();
  const redis = connectRedis(settings, logger);
  clients.push(redis);
  createRateLimitStore(logger, redis, 2);
  redisHolds(redis, { until: () => new Date(), perVisitor: 1 }, logger);
  redisUsedLinks(redis, logger);
  let failures = 0;
  redis.client.on('error', () => failures++);
  const at = (level: number) => logs.lines.filter((l) => l.level === level);
  return { redis, logs, at, failures: () => failures };
}

const settings = (redisUrl: string, extra: Partial<RedisConnection> = {}): RedisConnection => ({
  redisUrl,
  redisTlsRejectUnauthorized: true,
  ...extra,
});

describeRedis('Redis settings that keep it from connecting', () => {
  let withPassword: RedisServer;
  let overTls: RedisServer;
  let ca: ReturnType<typeof privateCa>;
  beforeAll(async () => {
    ca = privateCa();
    [withPassword, overTls] = await Promise.all([
      startRedis({ password: 'the-right-password' }),
      startRedis({ tls: { certFile: ca.certFile, keyFile: ca.keyFile } }),
    ]);
  }, 20_000);
  afterAll(async () => {
    await Promise.all([withPassword?.stop(), overTls?.stop()]);
  });

  /** After the client has dialled `times` times: the one error line, and no warning. */
  async function toldOnce(made: ReturnType<typeof connectAs>, variable: RegExp, times = 2) {
    await eventually(() => expect(made.failures()).toBeGreaterThanOrEqual(times), 15_000);
    const errors = made.at(50);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.variable).toMatch(variable);
    expect(made.at(40)).toEqual([]);
    expect(made.redis.misconfigured()).toBe(true);
    return String(errors[0]?.msg);
  }

  test('a wrong password: one error line naming REDIS_URL, never the password', async () => {
    const made = connectAs(settings(`redis://:a-wrong-password@127.0.0.1:${withPassword.port}`));
    const msg = await toldOnce(made, /^REDIS_URL$/);
    expect(msg).toMatch(/refused the password \(WRONGPASS\): check the password .* in REDIS_URL/);
    expect(made.logs.text()).not.toContain('a-wrong-password');
  });

  test('no password where one is needed: the same line (NOAUTH)', async () => {
    const made = connectAs(settings(`redis://127.0.0.1:${withPassword.port}`));
    expect(await toldOnce(made, /^REDIS_URL$/)).toMatch(/\(NOAUTH\)/);
  });

  test('a certificate that does not verify: one error line naming REDIS_TLS_CA', async () => {
    const made = connectAs(settings(`rediss://127.0.0.1:${overTls.port}`));
    const msg = await toldOnce(made, /^REDIS_TLS_CA/);
    expect(msg).toMatch(
      /does not verify \(\w+\): set REDIS_TLS_CA .* REDIS_TLS_REJECT_UNAUTHORIZED=0 accepts any certificate/,
    );
  });

  test('REDIS_TLS_CA verifies the private CA with every check on; one line says Redis is connected over TLS', async () => {
    const made = connectAs(
      settings(`rediss://127.0.0.1:${overTls.port}`, { redisTlsCa: readFileSync(ca.caFile, 'utf8') }),
    );
    await made.redis.ready;
    expect(await made.redis.client.ping()).toBe('PONG');
    const connected = made.logs.lines.filter((l) => /connected/.test(String(l.msg)));
    expect(connected.map((l) => l.msg)).toEqual([
      `Redis at rediss://127.0.0.1:${overTls.port} connected over TLS, certificate verified with REDIS_TLS_CA`,
    ]);
    expect(made.at(50)).toEqual([]);
  });

  test('another CA in REDIS_TLS_CA: the line names it', async () => {
    const other = privateCa();
    const made = connectAs(
      settings(`rediss://127.0.0.1:${overTls.port}`, { redisTlsCa: readFileSync(other.caFile, 'utf8') }),
    );
    expect(await toldOnce(made, /^REDIS_TLS_CA$/)).toMatch(/does not verify with REDIS_TLS_CA/);
  });

  test('redis:// against a TLS port: one error line, rediss:// named', async () => {
    const made = connectAs(settings(`redis://127.0.0.1:${overTls.port}`));
    expect(await toldOnce(made, /^REDIS_URL$/)).toMatch(/REDIS_URL must begin with rediss:\/\//);
  });

  test('rediss:// against a plain port: one error line, redis:// named', async () => {
    const made = connectAs(settings(`rediss://:the-right-password@127.0.0.1:${withPassword.port}`));
    expect(await toldOnce(made, /^REDIS_URL$/)).toMatch(/REDIS_URL must begin with redis:\/\//);
  });
});

describeRedis('what Redis keeps and may evict, read at start-up', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedis();
  }, 20_000);
  afterAll(() => server?.stop());

  const warnings = async (url: string) => {
    const made = connectAs(settings(url));
    await made.redis.ready;
    await eventually(() => expect(made.at(40).length).toBeGreaterThanOrEqual(2));
    return made.at(40).map((l) => String(l.msg));
  };

  test('volatile-lru and no persistence: a warning for each; "connected without TLS"', async () => {
    const admin = new Redis(server.url);
    await admin.config('SET', 'maxmemory-policy', 'volatile-lru');
    admin.disconnect();
    const made = connectAs(settings(server.url));
    await made.redis.ready;
    await eventually(() => expect(made.at(40)).toHaveLength(2));
    const [disk, evict] = made.at(40).map((l) => String(l.msg));
    expect(disk).toMatch(/keeps nothing on disk \(appendonly no, save ""\).* set appendonly yes/);
    expect(evict).toMatch(
      /has maxmemory-policy volatile-lru: when full it may evict held and confirmed times.*noeviction/,
    );
    expect(made.logs.lines.some((l) => l.msg === `Redis at ${server.url} connected without TLS`)).toBe(true);
  });

  test('a Redis that refuses CONFIG (as hosted ones may): read from INFO', async () => {
    const admin = new Redis(server.url);
    await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
    await admin.call('ACL', 'SETUSER', 'hosted', 'on', '>hosted-password', '~*', '&*', '+@all', '-config');
    admin.disconnect();
    const found = await warnings(`redis://hosted:hosted-password@127.0.0.1:${server.port}`);
    expect(found[0]).toMatch(/keeps no append-only file \(appendonly no\)/);
    expect(found[1]).toMatch(/has maxmemory-policy allkeys-lru/);
  });

  test('appendonly yes and noeviction: no warning', async () => {
    const admin = new Redis(server.url);
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    await admin.config('SET', 'appendonly', 'yes');
    admin.disconnect();
    const made = connectAs(settings(server.url));
    await made.redis.ready;
    await eventually(() => expect(made.logs.lines.some((l) => /connected/.test(String(l.msg)))).toBe(true));
    // The check's replies come after the connected line: one more round trip settles them.
    await made.redis.client.ping();
    await made.redis.client.ping();
    expect(made.at(40)).toEqual([]);
  });
});

describe('REDIS_TLS_CA read at start-up', () => {
  const pem = () => readFileSync(privateCa().caFile, 'utf8');
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });
  const TLS = 'rediss://:pw@redis.example.com:6380';

  test('a PEM in the variable (its line breaks written as \\n, as a host may keep them) or the path of a file', () => {
    const ca = pem();
    expect(config({ REDIS_URL: TLS, REDIS_TLS_CA: ca.replace(/\n/g, '\\n') }).redisTlsCa).toBe(ca);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'redis-ca-file-')), 'ca.pem');
    writeFileSync(file, ca);
    expect(config({ REDIS_URL: TLS, REDIS_TLS_CA: file }).redisTlsCa).toBe(ca);
    expect(config({ REDIS_URL: TLS }).redisTlsCa).toBeNull();
  });

  test.each([
    [
      { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_TLS_CA: 'ca.pem' },
      /^REDIS_TLS_CA only applies to a rediss:\/\/ REDIS_URL/,
    ],
    [
      { REDIS_URL: TLS, REDIS_TLS_CA: '/nonexistent/ca.pem' },
      /^REDIS_TLS_CA must be a PEM certificate or the path of a file/,
    ],
    [
      { REDIS_URL: TLS, REDIS_TLS_CA: '-----BEGIN PRIVATE KEY-----' },
      /^REDIS_TLS_CA must be a PEM certificate \(-----BEGIN CERTIFICATE-----\)/,
    ],
  ])('refused with one line naming it: %p', (env, message) => {
    expect(() => config(env)).toThrow(message);
  });

  test('beside REDIS_TLS_REJECT_UNAUTHORIZED=0: refused, since the CA would check nothing', () => {
    expect(() => config({ REDIS_URL: TLS, REDIS_TLS_CA: pem(), REDIS_TLS_REJECT_UNAUTHORIZED: '0' })).toThrow(
      /^REDIS_TLS_CA and REDIS_TLS_REJECT_UNAUTHORIZED=0 contradict each other/,
    );
  });
});
