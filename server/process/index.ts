import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { runPrimary } from './cluster';
import { loadMailKey, type MailKey } from '../mail/key';
import { releaseCheck } from './releaseCheck';
import { runWorker } from './worker';

// `node dist/server.js`: check the configuration, then either serve (WEB_CONCURRENCY=1, or a
// cluster worker) or, with WEB_CONCURRENCY above 1, become the primary that forks the workers.
// The primary checks the configuration (the mail key included) before forking, so a bad value
// stops start-up at once. `node dist/server.js --check` checks (Redis too: releaseCheck.ts) and
// exits: the Procfile's release phase, so that a wrong variable keeps the old release serving
// instead of crash-looping the new one.

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
  if (process.argv.includes('--check')) return releaseCheck(config, mailKey);
  // Outside production without BOOKING_SECRET, the workers answer each other's links with the one made here.
  if (config.booking?.secretGenerated && cluster.isPrimary)
    process.env.BOOKING_SECRET = config.booking.secrets[0]?.toString('hex');
  if (cluster.isPrimary && config.webConcurrency > 1) runPrimary(config);
  else runWorker(config, mailKey);
}

void main();
