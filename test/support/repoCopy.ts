import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../scripts/builtServer';

// A copy of the repository as a clone would have it (every file git tracks or would add), with
// this checkout's node_modules linked in: a test writes what the owner's editor saved into it and
// runs the checks, tsc and the build there, as CI would on her commit, without touching this
// checkout.

const run = promisify(execFile);

export interface RepoCopy {
  dir: string;
  /** Writes a file (a path inside the repository). */
  write: (file: string, bytes: Uint8Array | string) => Promise<void>;
  /** Runs a command in the copy; rejects with its output when it fails. */
  run: (command: string, args: string[], env?: Record<string, string>) => Promise<string>;
  remove: () => Promise<void>;
}

export async function copyRepo(): Promise<RepoCopy> {
  const dir = await mkdtemp(path.join(tmpdir(), 'repo-copy-'));
  const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of stdout.split('\0').filter(Boolean)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    // A file deleted in the working tree but not yet in git's index is not there to copy.
    await cp(path.join(ROOT, file), path.join(dir, file)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return {
    dir,
    write: async (file, bytes) => {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), bytes);
    },
    run: async (command, args, env = {}) => {
      try {
        const out = await run(command, args, {
          cwd: dir,
          env: { ...process.env, ...env },
          maxBuffer: 64 * 1024 * 1024,
        });
        return out.stdout + out.stderr;
      } catch (e) {
        const failed = e as { stdout?: string; stderr?: string; message: string };
        throw new Error(
          `${command} ${args.join(' ')} failed in the copy:\n${failed.stdout ?? ''}${failed.stderr ?? failed.message}`,
        );
      }
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
