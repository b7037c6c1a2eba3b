// `npm start`'s first step: build where the build tools are installed (a developer's clone, so that
// `npm install && npm start` serves what the tree says), and nothing where the host pruned them
// (devDependencies gone: the host built at deploy, and `node dist/server.js` serves that build).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
try {
  require.resolve('tsx/package.json');
} catch {
  process.exit(0);
}
const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
process.exit(built.status ?? 1);
