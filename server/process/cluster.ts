import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';
import type { Logger } from 'pino';
import { createLogger } from './logger';
import { SHUTDOWN_GRACE_MS } from './worker';

// The primary, with WEB_CONCURRENCY above 1: it forks that many workers (server/process/worker.ts),
// which all serve the same port, and serves nothing itself. A worker that dies is replaced, after
// a pause that grows while workers keep dying young (a crash loop must not spin the CPU), and the
// other workers answer meanwhile. On SIGTERM/SIGINT every worker finishes its requests in flight,
// then the primary exits. It keeps no state of its own: what the workers share (the forms' limits,
// booking's holds and used answer links) lives in Redis, which several workers require
// (server/process/config/redis.ts, decision 0028).
//
// The workers take connections from the shared socket themselves (SCHED_NONE) rather than from the
// primary's round robin: with round robin, a worker killed while the primary was handing it a
// connection left that connection open and unanswered until the primary exited (a visitor's
// "Sending" never ending). Now the kernel resets it at once and the form says it was not sent.
// Same throughput, requests still split evenly (docs/decisions/0006-workers-accept-connections.md).

/** The workers' own grace (server/process/worker.ts) and a little time to exit after it: still below a host's 30 s before SIGKILL. */
export const STOP_DEADLINE_MS = SHUTDOWN_GRACE_MS + 2_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that ran this long was healthy: the next restart starts from the short delay again. */
const HEALTHY_UPTIME_MS = 30_000;

/** New workers for dead ones, after a pause that doubles while they keep dying young; none once cancelled. */
function restarter(logger: Logger, fork: () => void) {
  const timers = new Set<NodeJS.Timeout>();
  let quickDeaths = 0;
  return {
    replace(died: { worker?: number; code: number | null; signal: string | null }, how: string, startedAt: number) {
      if (Date.now() - startedAt >= HEALTHY_UPTIME_MS) quickDeaths = 0;
      const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** quickDeaths);
      quickDeaths += 1;
      logger.error(
        { ...died, restartInMs: delay },
        `worker ${died.worker} died (${how}): starting a new one in ${delay} ms`,
      );
      const timer = setTimeout(() => {
        timers.delete(timer);
        fork();
      }, delay);
      timers.add(timer);
    },
    cancel() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export function runPrimary(config: Config): void {
  const logger = createLogger(config);
  cluster.schedulingPolicy = cluster.SCHED_NONE;

  const workers = new Map<Worker, { startedAt: number }>();
  const restarts = restarter(logger, fork);
  let someWorkerListened = false;
  let stopping = false;
  let stopFailed = false;

  function fork() {
    const worker = cluster.fork();
    workers.set(worker, { startedAt: Date.now() });
    // E.g. a message to a worker that just died: not worth crashing the primary for.
    worker.on('error', (err: Error) =>
      logger.warn({ worker: worker.process.pid, err: err.message }, 'worker channel error'),
    );
  }

  cluster.on('listening', () => {
    someWorkerListened = true;
  });

  cluster.on('exit', (worker, code, signal) => {
    const info = workers.get(worker);
    workers.delete(worker);
    const pid = worker.process.pid;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (stopping) {
      // Killed by SIGTERM: it had not yet set up its own handler, so it had no request either.
      if (code !== 0 && signal !== 'SIGTERM') stopFailed = true;
      logger.info({ worker: pid, code, signal }, `worker ${pid} stopped (${how})`);
      if (workers.size === 0) exit();
      return;
    }
    if (!someWorkerListened) {
      // The same start-up error (printed by the worker) would recur in every new worker.
      logger.error({ worker: pid, code, signal }, `worker ${pid} failed to start (${how}): stopping`);
      stopFailed = true;
      stop();
      return;
    }
    restarts.replace({ worker: pid, code, signal }, how, info?.startedAt ?? 0);
  });

  function exit() {
    logger.info('stopped');
    logger.flush();
    process.exit(stopFailed ? 1 : 0);
  }

  function stop(signal?: string) {
    if (stopping) return;
    stopping = true;
    restarts.cancel();
    logger.info({ signal, workers: workers.size }, 'shutting down: every worker finishes its requests in flight');
    if (workers.size === 0) return exit();
    // A Heroku-style host signals the workers itself as well; a second SIGTERM changes nothing.
    for (const worker of workers.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      logger.error({ workers: workers.size }, 'workers still running after the grace period: killing them');
      stopFailed = true;
      for (const worker of workers.keys()) worker.process.kill('SIGKILL');
    }, STOP_DEADLINE_MS);
  }

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  logger.info({ workers: config.webConcurrency, env: config.env }, `starting ${config.webConcurrency} workers`);
  for (let i = 0; i < config.webConcurrency; i++) fork();
}
