import { ConfigError, integer, type Env } from './parse';

// Where what must be remembered or shared lives (REDIS_URL, decision 0028), and how many workers
// share it (WEB_CONCURRENCY).

export interface RedisSettings {
  redisUrl: string | null;
  redisTlsRejectUnauthorized: boolean;
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
  // A Heroku-style host sets WEB_CONCURRENCY from the dyno's size; beyond 64 it is a mistake.
  const webConcurrency = integer(env, 'WEB_CONCURRENCY', 1, 1, 64);
  // What must be remembered or shared lives in Redis, never in one process's memory (decision 0028).
  if (webConcurrency > 1 && !redisUrl) {
    throw new ConfigError(
      `REDIS_URL must be set when WEB_CONCURRENCY is above 1 (got ${webConcurrency}): the workers share the forms' limits, held times and used answer links only through Redis (or set WEB_CONCURRENCY=1)`,
    );
  }
  return { redisUrl, redisTlsRejectUnauthorized: tlsVerify === '1', webConcurrency };
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
