import { readFileSync } from 'node:fs';
import path from 'node:path';

// The test run's certificate (made by tlsSetup.ts): the SMTP servers present it, and the
// server under test trusts it as a CA, in process through the mailer's `ca` option or, for
// `node dist/server.js`, through NODE_EXTRA_CA_CERTS. Nothing outside the tests trusts it.

function dir(): string {
  const d = process.env.TEST_TLS_DIR;
  if (!d) throw new Error('TEST_TLS_DIR is not set: jest.config.js runs test/support/tlsSetup.ts first');
  return d;
}

export const testCertFile = () => path.join(dir(), 'cert.pem');
export const testCert = () => readFileSync(testCertFile(), 'utf8');
export const testKeyFile = () => path.join(dir(), 'key.pem');
export const testKey = () => readFileSync(testKeyFile(), 'utf8');
