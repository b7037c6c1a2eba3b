import { hkdfSync, randomUUID } from 'node:crypto';
import { EncryptJWT, errors, jwtDecrypt, type JWTPayload } from 'jose';

// A link that carries its data sealed (decision 0022): encrypted and authenticated as a JWE
// (dir + A256GCM, jose) under a key derived from BOOKING_SECRET for one purpose, so that the
// server keeps nothing of it and a link of one kind (her answer links, the client's manage link)
// never opens as another. Its random id (jti) names it; it expires at `expires`.

/** The 256-bit content key from a secret of any length ≥ 32 bytes (HKDF-SHA256, the purpose as its info). */
function linkKey(secret: Buffer, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
}

export interface SealOptions {
  secret: Buffer;
  /** BASE_URL: a link of another site never opens here. */
  audience: string;
  purpose: string;
  /** The link's id; a random one by default. */
  id?: string;
  expires: Date;
}

/** The link's text (its `?t=`): a few hundred characters of base64url. */
export function seal(claims: JWTPayload, o: SealOptions): Promise<string> {
  return new EncryptJWT(claims)
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setJti(o.id ?? randomUUID())
    .setAudience(o.audience)
    .setExpirationTime(Math.floor(o.expires.getTime() / 1000))
    .encrypt(linkKey(o.secret, o.purpose));
}

/**
 * What a link carries, if it is one of ours for this purpose and unaltered: its claims, and
 * whether it is past its expiry (sealed with this secret, so no other secret makes it younger).
 * null: anything else, however long or shaped; nothing of it is echoed or logged. `secrets`: the
 * current BOOKING_SECRET first, then the previous one during a rotation.
 */
export async function unseal(
  token: unknown,
  secrets: readonly Buffer[],
  audience: string,
  purpose: string,
  now: Date,
): Promise<{ payload: JWTPayload; expired: boolean } | null> {
  // A link is a few hundred characters; anything much longer is nobody's (and costs nothing to refuse).
  if (typeof token !== 'string' || token.length > 4096 || !/^[\w-]+(\.[\w-]*){4}$/.test(token)) return null;
  for (const secret of secrets) {
    try {
      const { payload } = await jwtDecrypt(token, linkKey(secret, purpose), {
        audience,
        currentDate: now,
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
        requiredClaims: ['jti', 'exp'],
      });
      return { payload, expired: false };
    } catch (err) {
      if (err instanceof errors.JWTExpired) return { payload: err.payload, expired: true };
      if (err instanceof errors.JWTClaimValidationFailed) return null;
    }
  }
  return null;
}
