import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as openpgp from 'openpgp';

// The practice's keys, made by the test, and the real clients that read what the server
// encrypted: GnuPG (gpg --decrypt) and OpenSSL (openssl cms -decrypt).

const run = promisify(execFile);

/** A visitor's message to the practice, each detail of which must stay inside the encryption. */
export const privateMessage = {
  name: 'Karen Blixen',
  email: 'karen@example.com',
  phone: '87654321',
  message: 'Jeg sover dårligt.\nSiden foråret har jeg haft angst.',
  consent: true,
};

/** Nothing of the message, not even the mail's labels, in the mail as it travels. */
export function expectNothingOfTheMessage(raw: string) {
  for (const words of [
    'Sprog:',
    'Navn:',
    'Telefon:',
    'Samtykke',
    'Besked:',
    'Karen',
    'Blixen',
    '87654321',
    '87 65 43 21',
    'sover',
    'angst',
  ])
    expect(raw).not.toContain(words);
}

export interface OpenpgpPair {
  publicKey: string;
  privateKey: string;
}

/** A Curve25519 key pair (v4, as Proton gives), fast to make. `expiresInS`/`createdAt` make a key that expires. */
export async function makeOpenpgpKey(
  options: { expiresInS?: number; createdAt?: Date; rsaBits?: number } = {},
): Promise<OpenpgpPair> {
  const base = {
    userIDs: [{ name: 'Praksis', email: 'praksis@example.dk' }],
    format: 'armored' as const,
    ...(options.expiresInS ? { keyExpirationTime: options.expiresInS } : {}),
    ...(options.createdAt ? { date: options.createdAt } : {}),
  };
  const pair = options.rsaBits
    ? await openpgp.generateKey({
        ...base,
        type: 'rsa',
        rsaBits: options.rsaBits,
        config: { ...openpgp.config, minRSABits: 512 },
      })
    : await openpgp.generateKey({ ...base, type: 'ecc', curve: 'curve25519Legacy' });
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** A folder of its own, removed afterwards. */
async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'keys-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What GnuPG itself makes of an encrypted message: `gpg --batch --decrypt` with the private key in a GNUPGHOME of its own. */
export function gpgDecrypt(privateKey: string, encrypted: string): Promise<string> {
  return withTempDir(async (home) => {
    const env = { ...process.env, GNUPGHOME: home };
    await writeFile(path.join(home, 'private.asc'), privateKey, { mode: 0o600 });
    await writeFile(path.join(home, 'message.asc'), encrypted);
    await run('gpg', ['--batch', '--quiet', '--import', path.join(home, 'private.asc')], { env });
    const { stdout } = await run('gpg', ['--batch', '--quiet', '--decrypt', path.join(home, 'message.asc')], {
      env,
      maxBuffer: 10_000_000,
    });
    // gpg-agent was started for this home: stop it, so that no process outlives the test.
    await run('gpgconf', ['--kill', 'gpg-agent'], { env }).catch(() => undefined);
    return stdout;
  });
}

export interface SmimePair {
  cert: string;
  key: string;
}

/** A self-signed certificate as the practice's, made by OpenSSL (RSA, 2048 bits unless told; or on an elliptic curve). */
export function makeSmimeCert(options: { bits?: number; curve?: 'P-256' | 'P-384' } = {}): Promise<SmimePair> {
  return withTempDir(async (dir) => {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      options.curve ? 'ec' : `rsa:${options.bits ?? 2048}`,
      ...(options.curve ? ['-pkeyopt', `ec_paramgen_curve:${options.curve}`] : []),
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '365',
      '-subj',
      '/CN=Praksis/emailAddress=praksis@example.dk',
      '-addext',
      `keyUsage=${options.curve ? 'keyAgreement' : 'keyEncipherment'},digitalSignature`,
      '-addext',
      'extendedKeyUsage=emailProtection',
    ]);
    const { readFile } = await import('node:fs/promises');
    return { cert: await readFile(certFile, 'utf8'), key: await readFile(keyFile, 'utf8') };
  });
}

/** What OpenSSL itself makes of an S/MIME message: `openssl cms -decrypt` with the private key. */
export function opensslDecrypt(pair: SmimePair, mail: string): Promise<string> {
  return withTempDir(async (dir) => {
    await writeFile(path.join(dir, 'key.pem'), pair.key, { mode: 0o600 });
    await writeFile(path.join(dir, 'cert.pem'), pair.cert);
    await writeFile(path.join(dir, 'mail.eml'), mail);
    const { stdout } = await run(
      'openssl',
      [
        'cms',
        '-decrypt',
        '-in',
        path.join(dir, 'mail.eml'),
        '-recip',
        path.join(dir, 'cert.pem'),
        '-inkey',
        path.join(dir, 'key.pem'),
      ],
      { maxBuffer: 10_000_000 },
    );
    return stdout;
  });
}
