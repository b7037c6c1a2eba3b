import { Redis } from 'ioredis';
import type { Config } from './config';
import { expiryDate, type MailKey } from '../mail/key';
import { configProblem } from '../store/redisProblems';

// `node dist/server.js --check`, the Procfile's release phase: after the configuration and the
// mail key (server/process/index.ts), it asks the configured Redis for a PING, so that a release
// whose Redis cannot be reached, or not as configured (the password, the certificate, the
// scheme), is refused before it takes traffic, with one line naming the variable; the old release
// keeps serving. A good release prints one line of what it will run with, never a secret.

/** A release phase may wait a few seconds for a Redis across the network; a start-up gives it one (server/store/redis.ts). */
const CHECK_TIMEOUT_MS = 5_000;

type Outcome = { ok: string } | { refused: string };

/** PING the configured Redis once: what answered, or the one line that refuses the release. */
async function checkRedis(config: Config & { redisUrl: string }): Promise<Outcome> {
  const url = new URL(config.redisUrl);
  const tls = url.protocol === 'rediss:';
  const where = `${url.protocol}//${url.hostname}:${url.port || 6379}`;
  const password = decodeURIComponent(url.password);
  const client = new Redis(config.redisUrl, {
    lazyConnect: true,
    connectTimeout: CHECK_TIMEOUT_MS,
    commandTimeout: CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    ...(tls
      ? {
          tls: {
            rejectUnauthorized: config.redisTlsRejectUnauthorized,
            ...(config.redisTlsCa ? { ca: config.redisTlsCa } : {}),
          },
        }
      : {}),
  });
  let handshaking = false;
  client.on('connect', () => {
    handshaking = true;
  });
  // The connection's own error says why (ECONNREFUSED, a certificate's code); the awaited command only that it closed.
  let failure: unknown = null;
  client.on('error', (err) => {
    failure ??= err;
  });
  try {
    await client.connect();
    await client.ping();
    return { ok: `Redis at ${where} answered` };
  } catch (thrown) {
    const err = failure ?? thrown;
    const problem = configProblem(err, { tls, ca: config.redisTlsCa !== null, handshaking });
    if (problem)
      return { refused: `${problem.variable}: Redis at ${where} cannot be used as configured: ${problem.check}` };
    const code = String((err as { code?: unknown }).code ?? (err as Error).message).slice(0, 80);
    return {
      refused: `REDIS_URL names a Redis that does not answer: Redis at ${where} (${password ? code.split(password).join('***') : code}); held and confirmed times, used answer links and the forms' limits live there`,
    };
  } finally {
    client.disconnect();
  }
}

/** The release phase's one line: the configuration and mail key were read (index.ts), now Redis; exit 1 with the refusal's line. */
export async function releaseCheck(config: Config, key: MailKey | null): Promise<void> {
  const redis = config.redisUrl ? await checkRedis({ ...config, redisUrl: config.redisUrl }) : { ok: 'no Redis' };
  if ('refused' in redis) {
    console.error(`Configuration error: ${redis.refused}`);
    process.exit(1);
  }
  const parts = [
    `NODE_ENV=${config.env}`,
    config.smtp ? `mail to ${config.smtp.display}` : `mail to the outbox ${config.outboxDir}`,
    key ? `encrypted with ${key.format} to ${key.fingerprint} (expires ${expiryDate(key.expires)})` : 'not encrypted',
    config.booking ? 'booking on' : 'booking off',
    config.editor
      ? `editor on ${config.editor.origin}${config.editor.login ? ' with the GitHub login' : ''}`
      : 'no editor',
    redis.ok,
    `${config.webConcurrency} worker(s)`,
  ];
  console.log(`Configuration ok: ${parts.join(', ')}`);
  for (const warning of key?.warnings ?? []) console.log(`Warning: ${key?.variable}: ${warning}`);
}
