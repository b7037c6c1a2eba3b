import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { rearm } from '../store/marker';
import { connectRedis } from '../store/redis';

// `npm run redis:rearm` (`node dist/rearm.js`, on the host: `heroku run npm run redis:rearm`):
// after Redis lost its data (the error line "Redis at … lost its data") and the practitioner's
// calendar has been checked, writes a new marker (server/store/marker.ts); every process takes it
// at its next booking request or answer, and booking works again. Reads REDIS_URL and its TLS
// settings as the server does.

async function main() {
  const config = loadConfig();
  if (!config.redisUrl) throw new ConfigError('REDIS_URL is not set: there is no Redis to re-arm');
  const logger = createLogger(config);
  const redis = connectRedis({ ...config, redisUrl: config.redisUrl }, logger);
  await redis.ready;
  try {
    if (redis.client.status !== 'ready') throw new Error(`Redis at ${redis.where} does not answer: nothing written`);
    await rearm(redis.client);
    logger.info({ redis: redis.where }, `Redis at ${redis.where} re-armed: booking works again in every process`);
  } finally {
    logger.flush();
    await redis.close();
  }
}

main().catch((err: Error) => {
  console.error(`${err instanceof ConfigError ? 'Configuration error' : 'Re-arm failed'}: ${err.message}`);
  process.exit(1);
});
