import { readFileSync } from 'node:fs';
import path from 'node:path';

// The Node the site runs on is the major package.json's "engines" pins ("26.x"); .nvmrc,
// .node-version, the build's target and .ci/run follow it (test/node-version.test.ts).

const ROOT = path.resolve(__dirname, '..', '..');

/** The major of package.json's "engines".node, which must read "<major>.x". */
export function requiredNodeMajor(): number {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines?: { node?: string } };
  const match = /^(\d+)\.x$/.exec(pkg.engines?.node ?? '');
  if (!match) throw new Error(`package.json "engines".node is ${JSON.stringify(pkg.engines?.node)}, not "<major>.x"`);
  return Number(match[1]);
}

export type NodeCheck = { refuse: string } | { warn: string } | null;

/**
 * On CI the suite runs only on the pinned major (a pass on another proves nothing about
 * production); on a developer's machine another major gets a loud warning and runs.
 */
export function checkNode(version: string, ci: boolean, required = requiredNodeMajor()): NodeCheck {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major === required) return null;
  const what = `Node ${version.replace(/^v?/, 'v')} is running the tests, but the site runs on Node ${required} (package.json "engines")`;
  if (ci) return { refuse: `${what}: CI refuses to test on it (.ci/run provisions Node ${required}).` };
  return {
    warn: `${what}: results may differ from production. Switch with \`nvm use\` (.nvmrc) or put Node ${required} first on PATH.`,
  };
}
