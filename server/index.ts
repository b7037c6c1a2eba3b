import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './logger';
import { createMailer } from './mail';
import { createMailHealth } from './mailHealth';
import { createApp } from './app';

// Start-up: check config, listen, and on SIGTERM/SIGINT finish the requests in flight
// (a mail being sent) before exiting. A Heroku-style host sends SIGTERM on every deploy.

const SHUTDOWN_GRACE_MS = 10_000;

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Configuration error: ${err.message}`);
  process.exit(1);
}

const logger = createLogger(config);
const mailer = createMailer(config);
const mailHealth = createMailHealth(mailer, logger);
let app: ReturnType<typeof createApp>;
try {
  app = createApp({ config, logger, mailer, mailHealth });
} catch (err) {
  console.error(`Start-up error: ${(err as Error).message}`);
  process.exit(1);
}

const server = app.listen(config.port, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, env: config.env, mail: mailer.describe }, `listening on http://localhost:${port}, contact messages go to ${mailer.describe}`);
  // In the background: pages are served meanwhile, and the log says within seconds whether mail works.
  mailHealth.start();
});

server.on('error', (err) => {
  console.error(`Cannot listen on port ${config.port}: ${err.message}`);
  process.exit(1);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing requests in flight');
  const force = setTimeout(() => {
    logger.warn('requests still open after 10 s: closing them');
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  server.close(() => {
    mailer.close();
    logger.info('stopped');
    logger.flush();
    process.exit(0);
  });
  server.closeIdleConnections();
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
