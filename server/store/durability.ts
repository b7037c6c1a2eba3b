import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

// What a Redis keeps through its own restart, and what it may throw away when full, read once a
// process has connected: held and confirmed times and used answer links are only as safe as
// that. CONFIG GET first; a hosted Redis may refuse CONFIG, then INFO. A warning for a Redis that
// keeps nothing on disk, keeps only snapshots, or may evict (any policy but noeviction: every
// key the site writes but the marker has an expiry, so the volatile-* policies take ours first).
// The settings to choose on the common hosts: docs/operations.md#redis-settings.

interface Durability {
  /** appendonly yes; null: not known. */
  aof: boolean | null;
  /** The snapshot schedule ('' none); null: not known. */
  save: string | null;
  /** maxmemory-policy; null: not known. */
  policy: string | null;
}

const HOWTO = 'docs/operations.md#redis-settings';

async function viaConfig(client: Redis): Promise<Durability> {
  const get = async (name: string) => {
    const pair = (await client.call('CONFIG', 'GET', name)) as string[];
    return pair[1] ?? null;
  };
  const [aof, save, policy] = await Promise.all([get('appendonly'), get('save'), get('maxmemory-policy')]);
  return { aof: aof === null ? null : aof === 'yes', save, policy };
}

async function viaInfo(client: Redis): Promise<Durability> {
  const info = `${await client.info('persistence')}\n${await client.info('memory')}`;
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim() ?? null;
  const aof = field('aof_enabled');
  return { aof: aof === null ? null : aof === '1', save: null, policy: field('maxmemory_policy') };
}

/** Reads Redis's persistence and eviction policy and warns of what may lose held times; never throws. */
export async function checkDurability(client: Redis, where: string, logger: Logger): Promise<void> {
  let found: Durability;
  try {
    found = await viaConfig(client).catch(() => viaInfo(client));
  } catch {
    // Closed meanwhile (a short-lived process such as the re-arm): nothing to tell.
    if (client.status === 'end') return;
    logger.warn(
      { redis: where },
      `Redis at ${where}: neither CONFIG GET nor INFO answered, so what it keeps on disk and evicts cannot be checked (${HOWTO})`,
    );
    return;
  }
  const { aof, save, policy } = found;
  const fields = { redis: where, appendonly: aof, save, maxmemoryPolicy: policy };
  if (aof === false && save === '')
    logger.warn(
      fields,
      `Redis at ${where} keeps nothing on disk (appendonly no, save ""): a restart forgets held and confirmed times and used answer links, and booking is then refused until re-armed; set appendonly yes (${HOWTO})`,
    );
  else if (aof === false)
    logger.warn(
      fields,
      `Redis at ${where} keeps no append-only file (appendonly no${save === null ? '' : `, save "${save}"`}): a restart loses what changed since the last snapshot, and that loss cannot be told; set appendonly yes (${HOWTO})`,
    );
  else if (aof === null)
    logger.warn(
      fields,
      `Redis at ${where}: whether it keeps its data on disk cannot be read; choose a plan with persistence (${HOWTO})`,
    );
  if (policy !== 'noeviction')
    logger.warn(
      fields,
      `Redis at ${where} ${policy === null ? 'does not tell its maxmemory-policy' : `has maxmemory-policy ${policy}`}: when full it may evict held and confirmed times (every key the site writes but one expires, so volatile-* evicts them first); set maxmemory-policy noeviction (${HOWTO})`,
    );
}
