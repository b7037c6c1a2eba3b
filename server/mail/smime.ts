import {
  constants,
  createCipheriv,
  publicEncrypt,
  randomBytes,
  webcrypto,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import * as asn1js from 'asn1js';
import MimeNode from 'nodemailer/lib/mime-node';
import * as pkijs from 'pkijs';
import { KeyProblem, RSA_BITS, type MailKey } from './keyTypes';

// S/MIME (RFC 8551) with PKI.js: the whole inner message in a CMS EnvelopedData, the content
// encrypted with AES-256-CBC, its key encrypted to the practice's certificate: ECDH for an
// elliptic-curve one, and for an RSA one PKCS #1 v1.5 key transport ("rsaEncryption"), which
// RFC 8551 (2.3) requires every receiving agent to read, where RSA-OAEP is only recommended and
// not read everywhere; it is what Outlook, Apple Mail and Thunderbird send themselves. A mail
// the practice cannot open would be a message lost. (Its known weakness needs a decryption
// oracle, which a mailbox read by a person is not.)

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto }));

const GOOD_CURVES = new Set(['prime256v1', 'secp384r1', 'secp521r1']);
const AES_256_CBC: AesKeyGenParams = { name: 'AES-CBC', length: 256 };
const OID = {
  data: '1.2.840.113549.1.7.1',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
  rsaEncryption: '1.2.840.113549.1.1.1',
};

/** EnvelopedData to an RSA certificate: AES-256-CBC content, its key PKCS #1 v1.5-encrypted (WebCrypto has no such padding: node:crypto does it). */
function envelopeForRsa(cert: pkijs.Certificate, publicKey: KeyObject, content: Buffer): pkijs.EnvelopedData {
  const key = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const encrypted = Buffer.concat([cipher.update(content), cipher.final()]);
  const encryptedKey = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, key);
  key.fill(0);
  return new pkijs.EnvelopedData({
    version: 0,
    recipientInfos: [
      new pkijs.RecipientInfo({
        variant: 1,
        value: new pkijs.KeyTransRecipientInfo({
          version: 0,
          rid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
          keyEncryptionAlgorithm: new pkijs.AlgorithmIdentifier({
            algorithmId: OID.rsaEncryption,
            algorithmParams: new asn1js.Null(),
          }),
          encryptedKey: new asn1js.OctetString({ valueHex: encryptedKey }),
        }),
      }),
    ],
    encryptedContentInfo: new pkijs.EncryptedContentInfo({
      contentType: OID.data,
      contentEncryptionAlgorithm: new pkijs.AlgorithmIdentifier({
        algorithmId: OID.aes256Cbc,
        algorithmParams: new asn1js.OctetString({ valueHex: iv }),
      }),
      encryptedContent: new asn1js.OctetString({ valueHex: encrypted }),
    }),
  });
}

/** EnvelopedData to an elliptic-curve certificate: ECDH key agreement, as PKI.js makes it. */
async function envelopeForEc(cert: pkijs.Certificate, content: Buffer): Promise<pkijs.EnvelopedData> {
  const enveloped = new pkijs.EnvelopedData();
  enveloped.addRecipientByCertificate(cert, {}, 2);
  await enveloped.encrypt(AES_256_CBC, Uint8Array.from(content).buffer);
  return enveloped;
}

export async function readSmimeCert(text: string): Promise<MailKey> {
  let x509: X509Certificate;
  try {
    const pem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text)?.[0];
    if (!pem) throw new Error('no certificate');
    x509 = new X509Certificate(pem);
  } catch {
    throw new KeyProblem('is not a PEM X.509 certificate (-----BEGIN CERTIFICATE-----)');
  }
  // Expiry: checked by loadMailKey (server/mail/key.ts) for both formats.
  const expires = new Date(x509.validTo);
  const { publicKey } = x509;
  const warnings: string[] = [];
  if (publicKey.asymmetricKeyType === 'rsa') {
    const bits = publicKey.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < RSA_BITS.min) throw new KeyProblem(`is too weak: RSA ${bits} bits (at least ${RSA_BITS.min})`);
    if (bits < RSA_BITS.good)
      warnings.push(`RSA ${bits} bits: a certificate with a key of ${RSA_BITS.good} bits or more is recommended`);
  } else if (publicKey.asymmetricKeyType === 'ec') {
    const curve = publicKey.asymmetricKeyDetails?.namedCurve ?? '?';
    if (!GOOD_CURVES.has(curve)) throw new KeyProblem(`uses the curve ${curve}: P-256, P-384 or P-521 are accepted`);
  } else {
    throw new KeyProblem(
      `holds a ${publicKey.asymmetricKeyType ?? 'unknown'} key, which cannot encrypt: an RSA or elliptic-curve certificate is needed`,
    );
  }
  const cert = pkijs.Certificate.fromBER(x509.raw);

  return {
    variable: 'MAIL_SMIME_CERT',
    format: 'S/MIME',
    fingerprint: x509.fingerprint256.replace(/:/g, ''),
    expires,
    warnings,
    async encrypt(inner) {
      const enveloped =
        publicKey.asymmetricKeyType === 'rsa'
          ? envelopeForRsa(cert, publicKey, inner)
          : await envelopeForEc(cert, inner);
      const info = new pkijs.ContentInfo({
        contentType: pkijs.ContentInfo.ENVELOPED_DATA,
        content: enveloped.toSchema(),
      });
      const der = Buffer.from(info.toSchema().toBER(false));
      return new MimeNode('application/pkcs7-mime; smime-type=enveloped-data; name="smime.p7m"')
        .setHeader({
          'Content-Disposition': 'attachment; filename="smime.p7m"',
          'Content-Transfer-Encoding': 'base64',
          'Content-Description': 'S/MIME Encrypted Message',
        })
        .setContent(der);
    },
  };
}
