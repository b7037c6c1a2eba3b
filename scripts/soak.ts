import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import tlsSetup from '../test/support/tlsSetup';
import { root } from './productionServer';
import { markdown } from './soak/report';
import { runSoak } from './soak/run';

// `npm run soak`: the production build under a realistic mix of visitors for SOAK_MINUTES
// (default 3) while the faults of real operation arrive on a fixed schedule (scripts/soak/faults.ts).
// Prints the report and writes bench/soak.json and bench/soak.md. Loopback only.

async function main() {
  // A certificate made for the run: the SMTP server presents it, the server trusts it (NODE_EXTRA_CA_CERTS).
  await tlsSetup();
  const minutes = Number(process.env.SOAK_MINUTES ?? 3);
  if (!(minutes > 0 && minutes <= 60))
    throw new Error(`SOAK_MINUTES must be between 0 and 60 (got ${process.env.SOAK_MINUTES})`);
  const report = await runSoak({
    seconds: minutes * 60,
    pageLoops: 6,
    pagePauseMs: 10,
    postLoops: 3,
    postPauseMs: 150,
    log: (l) => console.log(l),
  });
  const md = markdown(report);
  console.log(md);
  await mkdir(path.join(root, 'bench'), { recursive: true });
  await writeFile(path.join(root, 'bench', 'soak.json'), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(path.join(root, 'bench', 'soak.md'), md);
  const m = report.messages;
  const broken =
    m.falseSent.length +
    m.untold.length +
    m.unexplainedDuplicates.length +
    report.privacy.hits.length +
    report.log.crashes.length +
    report.log.unexpectedErrors.length;
  if (broken) {
    console.error(`soak: ${broken} broken promises (see bench/soak.md)`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
