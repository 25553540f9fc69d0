import { timingSafeEqual } from 'node:crypto';

/**
 * The shape every signed link of the site shares (donor links, docs/architecture.md §9.10; staff links, §9.15):
 * `<payload>.<signature>`, both base64url, the signature an HMAC over the payload's bytes. What the payload holds and
 * which key signs it belong to each kind of link; this module only writes the token and checks its signature.
 */
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The token for `payload`, signed by `sign` (an HMAC with the link's own key). */
export function writeSignedToken(payload: Buffer, sign: (payload: Buffer) => Buffer): string {
  return `${payload.toString('base64url')}.${sign(payload).toString('base64url')}`;
}

/**
 * The payload of a token whose signature holds, or undefined. Nothing in the payload is read before the signature is
 * checked (in constant time), and only the canonical spelling counts: base64 leaves spare bits in the last character,
 * so "…B" may decode like "…A".
 */
export function readSignedToken(
  token: unknown,
  maxLength: number,
  sign: (payload: Buffer) => Buffer,
): Buffer | undefined {
  if (typeof token !== 'string' || token.length > maxLength || !TOKEN.test(token)) return undefined;
  const [encodedPayload, encodedSignature] = token.split('.');
  const payload = Buffer.from(encodedPayload, 'base64url');
  const signature = Buffer.from(encodedSignature, 'base64url');
  if (payload.toString('base64url') !== encodedPayload || signature.toString('base64url') !== encodedSignature) {
    return undefined;
  }
  const expected = sign(payload);
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? payload : undefined;
}
