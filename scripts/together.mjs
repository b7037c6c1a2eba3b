// `npm test`'s first step: the lint, the type-check and the build at once. Each is mostly one
// process on one core (the build's compression, knip) or waits on the others little, so on two
// cores they end together sooner than one after another. Each one's output is printed whole when
// it ends, in the order named; the exit code is the first failure's, once all have ended.
import { spawn } from 'node:child_process';

const runs = process.argv.slice(2).map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output }));
    }),
);

let failed = 0;
for (const run of runs) {
  const { name, code, output } = await run;
  process.stdout.write(Buffer.concat(output));
  if (code) process.stdout.write(`npm run ${name} failed (exit code ${code})\n`);
  if (code && !failed) failed = code;
}
process.exit(failed);
