import pino, { type Logger } from 'pino';
import type { Config } from './config';

// JSON lines on stdout; pretty only in development, and only where pino-pretty (a devDependency)
// is installed: a host that pruned the devDependencies and runs without NODE_ENV gets JSON. Request logs carry method, path, status,
// time and id: never a body, an IP address or a header that could identify a visitor.
// Every line carries the pid of the process that wrote it: with WEB_CONCURRENCY above 1 that
// says which worker (or the primary) it was.

export function createLogger(config: Pick<Config, 'env' | 'logLevel'>, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = { level: config.logLevel, base: { pid: process.pid } };
  if (destination) return pino(options, destination);
  if (config.env === 'development' && prettyInstalled()) {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { ignore: 'hostname' } } });
  }
  return pino(options);
}

function prettyInstalled(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}
