import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { DAY_MS } from '../../views/days';

// jest's globalSetup: one self-signed certificate for localhost and 127.0.0.1 per test run,
// for the SMTP servers the tests start. Only the tests trust it (test/support/tls.ts).

export default async function tlsSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'test-tls-'));
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    notAfterDate: new Date(Date.now() + DAY_MS),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  writeFileSync(path.join(dir, 'cert.pem'), pems.cert);
  writeFileSync(path.join(dir, 'key.pem'), pems.private, { mode: 0o600 });
  // Workers inherit the environment of the process that ran this.
  process.env.TEST_TLS_DIR = dir;
}
