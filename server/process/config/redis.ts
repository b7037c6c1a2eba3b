import { readFileSync } from 'node:fs';
import { ConfigError, integer, type Env } from './parse';

// Where what must be remembered or shared lives (REDIS_URL, decision 0028), how its TLS
// certificate is checked (REDIS_TLS_CA, REDIS_TLS_REJECT_UNAUTHORIZED), and how many workers
// share it (WEB_CONCURRENCY).

export interface RedisSettings {
  redisUrl: string | null;
  redisTlsRejectUnauthorized: boolean;
  /** REDIS_TLS_CA: the provider's own CA (PEM), trusted for Redis's certificate only; null: the usual authorities. */
  redisTlsCa: string | null;
  webConcurrency: number;
}

export function redisSettings(env: Env): RedisSettings {
  const redisUrl = env.REDIS_URL || null;
  // Never echo the value: it carries the password.
  if (redisUrl !== null && !isRedisUrl(redisUrl)) {
    throw new ConfigError(
      'REDIS_URL must be a redis:// or rediss:// URL, like rediss://:password@redis.example.com:6379',
    );
  }
  const tlsVerify = env.REDIS_TLS_REJECT_UNAUTHORIZED || '1';
  if (tlsVerify !== '0' && tlsVerify !== '1') {
    throw new ConfigError(
      `REDIS_TLS_REJECT_UNAUTHORIZED must be 1 (verify Redis's certificate) or 0 (accept a self-signed one) (got "${tlsVerify}")`,
    );
  }
  const redisTlsCa = tlsCa(env, redisUrl, tlsVerify === '1');
  // A Heroku-style host sets WEB_CONCURRENCY from the dyno's size; beyond 64 it is a mistake.
  const webConcurrency = integer(env, 'WEB_CONCURRENCY', 1, 1, 64);
  // What must be remembered or shared lives in Redis, never in one process's memory (decision 0028).
  if (webConcurrency > 1 && !redisUrl) {
    throw new ConfigError(
      `REDIS_URL must be set when WEB_CONCURRENCY is above 1 (got ${webConcurrency}): the workers share the forms' limits, held times and used answer links only through Redis (or set WEB_CONCURRENCY=1)`,
    );
  }
  return { redisUrl, redisTlsRejectUnauthorized: tlsVerify === '1', redisTlsCa, webConcurrency };
}

/** REDIS_TLS_CA: a PEM certificate in the variable (a host may turn its line breaks into "\n") or the path of a file with one. */
function tlsCa(env: Env, redisUrl: string | null, verify: boolean): string | null {
  const raw = env.REDIS_TLS_CA;
  if (!raw) return null;
  if (!redisUrl?.startsWith('rediss://'))
    throw new ConfigError('REDIS_TLS_CA only applies to a rediss:// REDIS_URL (Redis over TLS)');
  if (!verify)
    throw new ConfigError(
      'REDIS_TLS_CA and REDIS_TLS_REJECT_UNAUTHORIZED=0 contradict each other: with the CA set, remove REDIS_TLS_REJECT_UNAUTHORIZED so that the certificate is checked',
    );
  let pem: string;
  try {
    pem = raw.includes('-----BEGIN') ? raw.replace(/\\n/g, '\n') : readFileSync(raw.trim(), 'utf8');
  } catch {
    throw new ConfigError(
      'REDIS_TLS_CA must be a PEM certificate or the path of a file with one, and no such file can be read',
    );
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----'))
    throw new ConfigError(
      "REDIS_TLS_CA must be a PEM certificate (-----BEGIN CERTIFICATE-----): your Redis provider's CA",
    );
  return pem;
}

function isRedisUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
    decodeURIComponent(url.password); // the Redis client decodes it: a stray % would throw there
  } catch {
    return false;
  }
  return (
    (url.protocol === 'redis:' || url.protocol === 'rediss:') &&
    Boolean(url.hostname) &&
    /^\/?\d*$/.test(url.pathname) &&
    !url.search
  );
}
