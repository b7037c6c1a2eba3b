import { webcrypto, X509Certificate } from 'node:crypto';
import MimeNode from 'nodemailer/lib/mime-node';
import * as pkijs from 'pkijs';
import { KeyProblem, type MailKey } from './mailKeyTypes';

// S/MIME (RFC 8551) with PKI.js: the whole inner message in a CMS EnvelopedData, the content
// encrypted with AES-256-CBC, its key encrypted to the practice's certificate (RSA-OAEP with
// SHA-256 for an RSA certificate, ECDH for an elliptic-curve one). Outlook, Apple Mail and
// Thunderbird read it with the certificate's private key installed.

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto }));

const MIN_RSA_BITS = 2048;
const GOOD_RSA_BITS = 3072;
const GOOD_CURVES = new Set(['prime256v1', 'secp384r1', 'secp521r1']);
const AES_256_CBC: AesKeyGenParams = { name: 'AES-CBC', length: 256 };

export async function readSmimeCert(text: string, now: Date): Promise<MailKey> {
  let x509: X509Certificate;
  try {
    const pem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text)?.[0];
    if (!pem) throw new Error('no certificate');
    x509 = new X509Certificate(pem);
  } catch {
    throw new KeyProblem('is not a PEM X.509 certificate (-----BEGIN CERTIFICATE-----)');
  }
  const expires = new Date(x509.validTo);
  if (expires.getTime() <= now.getTime()) throw new KeyProblem(`has expired (${expires.toISOString().slice(0, 10)})`);
  const { publicKey } = x509;
  const warnings: string[] = [];
  if (publicKey.asymmetricKeyType === 'rsa') {
    const bits = publicKey.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < MIN_RSA_BITS) throw new KeyProblem(`is too weak: RSA ${bits} bits (at least ${MIN_RSA_BITS})`);
    if (bits < GOOD_RSA_BITS) warnings.push(`RSA ${bits} bits: a certificate with a key of ${GOOD_RSA_BITS} bits or more is recommended`);
  } else if (publicKey.asymmetricKeyType === 'ec') {
    const curve = publicKey.asymmetricKeyDetails?.namedCurve ?? '?';
    if (!GOOD_CURVES.has(curve)) throw new KeyProblem(`uses the curve ${curve}: P-256, P-384 or P-521 are accepted`);
  } else {
    throw new KeyProblem(`holds a ${publicKey.asymmetricKeyType ?? 'unknown'} key, which cannot encrypt: an RSA or elliptic-curve certificate is needed`);
  }
  const cert = pkijs.Certificate.fromBER(x509.raw);

  return {
    variable: 'MAIL_SMIME_CERT',
    format: 'S/MIME',
    fingerprint: x509.fingerprint256.replace(/:/g, ''),
    expires,
    warnings,
    async encrypt(inner) {
      const enveloped = new pkijs.EnvelopedData();
      enveloped.addRecipientByCertificate(cert, { oaepHashAlgorithm: 'SHA-256' }, 1);
      await enveloped.encrypt(AES_256_CBC, Uint8Array.from(inner).buffer);
      const info = new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.ENVELOPED_DATA, content: enveloped.toSchema() });
      const der = Buffer.from(info.toSchema().toBER(false));
      return new MimeNode('application/pkcs7-mime; smime-type=enveloped-data; name="smime.p7m"')
        .setHeader({ 'Content-Disposition': 'attachment; filename="smime.p7m"', 'Content-Transfer-Encoding': 'base64', 'Content-Description': 'S/MIME Encrypted Message' })
        .setContent(der);
    },
  };
}
