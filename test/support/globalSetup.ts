import { checkNode } from './nodeVersion';
import tlsSetup from './tlsSetup';

// jest's globalSetup: refuse the wrong Node on CI (warn elsewhere), then the tests' certificate.

export default async function globalSetup(): Promise<void> {
  const check = checkNode(process.version, Boolean(process.env.CI));
  if (check && 'refuse' in check) {
    process.stderr.write(`\n${check.refuse}\n`);
    process.exit(1);
  }
  if (check) process.stderr.write(`\n*** WARNING: ${check.warn} ***\n\n`);
  await tlsSetup();
}
