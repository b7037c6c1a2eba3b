import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { runPrimary } from './cluster';
import { expiryDate, loadMailKey, type MailKey } from '../mail/key';
import { runWorker } from './worker';

// `node dist/server.js`: check the configuration, then either serve (WEB_CONCURRENCY=1, or a
// cluster worker) or, with WEB_CONCURRENCY above 1, become the primary that forks the workers.
// The primary checks the configuration (the mail key included) before forking, so a bad value
// stops start-up at once. `node dist/server.js --check` checks and exits: the Procfile's release
// phase, so that a wrong variable keeps the old release serving instead of crash-looping the new one.

async function main() {
  let config: Config;
  let mailKey: MailKey | null;
  try {
    config = loadConfig();
    mailKey = await loadMailKey(config);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`Configuration error: ${err.message}`);
    process.exit(1);
  }
  if (process.argv.includes('--check')) return checked(config, mailKey);
  // Outside production without BOOKING_SECRET, the workers answer each other's links with the one made here.
  if (config.booking?.secretGenerated && cluster.isPrimary)
    process.env.BOOKING_SECRET = config.booking.secrets[0]?.toString('hex');
  if (cluster.isPrimary && config.webConcurrency > 1) runPrimary(config);
  else runWorker(config, mailKey);
}

void main();

/** The release phase's line: what the new release will run with (never a secret), then exit 0. */
function checked(config: Config, key: MailKey | null) {
  const parts = [
    `NODE_ENV=${config.env}`,
    config.smtp ? `mail to ${config.smtp.display}` : `mail to the outbox ${config.outboxDir}`,
    key ? `encrypted with ${key.format} to ${key.fingerprint} (expires ${expiryDate(key.expires)})` : 'not encrypted',
    config.booking ? 'booking on' : 'booking off',
    config.redisUrl ? 'Redis set' : 'no Redis',
    `${config.webConcurrency} worker(s)`,
  ];
  console.log(`Configuration ok: ${parts.join(', ')}`);
  for (const warning of key?.warnings ?? []) console.log(`Warning: ${key?.variable}: ${warning}`);
}
