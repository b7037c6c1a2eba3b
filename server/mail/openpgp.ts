import * as openpgp from 'openpgp';
import MimeNode from 'nodemailer/lib/mime-node';
import { expiryDate, KeyProblem, RSA_BITS, type MailKey } from './keyTypes';

// OpenPGP/MIME (RFC 3156) with OpenPGP.js: the whole inner message encrypted to the practice's
// public key, armoured, as the second part of a multipart/encrypted message. Proton Mail,
// Thunderbird and GnuPG read it as is.

/** Elliptic curves as strong as P-256 or stronger. */
const GOOD_CURVES = new Set([
  'curve25519',
  'curve25519Legacy',
  'x25519',
  'x448',
  'ed25519',
  'ed25519Legacy',
  'ed448',
  'nistP256',
  'nistP384',
  'nistP521',
  'p256',
  'p384',
  'p521',
  'brainpoolP256r1',
  'brainpoolP384r1',
  'brainpoolP512r1',
]);
const CURVE_ALGORITHMS = new Set(['ecdh', 'x25519', 'x448']);

/** Reads weaker RSA keys too, so that start-up can name the size it refuses. */
const lenient = { ...openpgp.config, minRSABits: 512 };

export async function readOpenpgpKey(text: string, now: Date): Promise<MailKey> {
  let key: openpgp.Key;
  try {
    key = await openpgp.readKey({ armoredKey: text });
  } catch {
    throw new KeyProblem('is not an ASCII-armoured OpenPGP public key (-----BEGIN PGP PUBLIC KEY BLOCK-----)');
  }
  if (key.isPrivate())
    throw new KeyProblem(
      "holds a private key: give the public key only; the server must never hold the practice's private key",
    );

  const expiry = await key.getExpirationTime(undefined, lenient);
  const primaryExpires = expiry instanceof Date ? expiry : null;
  // Said here, before OpenPGP.js would find no key to encrypt with in an expired one.
  if (primaryExpires && primaryExpires.getTime() <= now.getTime())
    throw new KeyProblem(`has expired (${expiryDate(primaryExpires)})`);
  let encryptionKey: openpgp.Key | openpgp.Subkey;
  try {
    encryptionKey = await key.getEncryptionKey(undefined, now, undefined, lenient);
  } catch {
    throw new KeyProblem('has no valid key that can encrypt (revoked, expired, or a signing key only)');
  }
  const { algorithm, bits, curve } = encryptionKey.getAlgorithmInfo();
  const warnings: string[] = [];
  if (algorithm.startsWith('rsa') || algorithm === 'elgamal') {
    if (!bits || bits < RSA_BITS.min)
      throw new KeyProblem(
        `is too weak: ${algorithm === 'elgamal' ? 'ElGamal' : 'RSA'} ${bits ?? '?'} bits (at least ${RSA_BITS.min})`,
      );
    if (bits < RSA_BITS.good)
      warnings.push(`RSA ${bits} bits: a key of ${RSA_BITS.good} bits or more (or Curve25519) is recommended`);
  } else if (!CURVE_ALGORITHMS.has(algorithm) || (algorithm === 'ecdh' && !GOOD_CURVES.has(String(curve)))) {
    throw new KeyProblem(
      `uses ${algorithm}${curve ? ` ${curve}` : ''}: RSA of at least ${RSA_BITS.min} bits, Curve25519 or NIST P-256 and stronger are accepted`,
    );
  }
  const subkeyExpiry =
    encryptionKey === key ? null : await (encryptionKey as openpgp.Subkey).getExpirationTime(now, lenient);
  const subkeyExpires = subkeyExpiry instanceof Date ? subkeyExpiry : null;
  const expires =
    [primaryExpires, subkeyExpires].filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ??
    null;

  return {
    variable: 'MAIL_OPENPGP_KEY',
    format: 'OpenPGP',
    fingerprint: key.getFingerprint().toUpperCase(),
    expires,
    warnings,
    async encrypt(inner, date) {
      const message = await openpgp.createMessage({ binary: inner });
      const armored = await openpgp.encrypt({ message, encryptionKeys: key, date, format: 'armored' });
      const root = new MimeNode('multipart/encrypted; protocol="application/pgp-encrypted"');
      root
        .createChild('application/pgp-encrypted')
        .setHeader({ 'Content-Description': 'PGP/MIME version identification', 'Content-Transfer-Encoding': '7bit' })
        .setContent('Version: 1\r\n');
      root
        .createChild('application/octet-stream; name="encrypted.asc"')
        .setHeader({
          'Content-Description': 'OpenPGP encrypted message',
          'Content-Disposition': 'inline; filename="encrypted.asc"',
          'Content-Transfer-Encoding': '7bit',
        })
        .setContent(armored);
      return root;
    },
  };
}
