import { createHmac } from 'node:crypto';
import { DONOR_LINK_TOKEN_MAX_LENGTH } from '@stichting/contracts';
import { isPlaceholderSecret } from '../config/published-secrets';
import { DONOR_LINK_SECRET_MIN_LENGTH } from '../config/settings';
import { readSignedToken, writeSignedToken } from '../common/signed-token';

/**
 * A donor's manage link (docs/architecture.md §9.10): `<payload>.<signature>`, both base64url. The payload is a version
 * byte, the donation's id (16 bytes) and the expiry (seconds since 1970, 4 bytes); the signature is HMAC-SHA256 over
 * the payload with DONOR_LINK_SECRET. No personal data: whoever reads a link learns only a random id and a date.
 */
const VERSION = 1;
const PAYLOAD_BYTES = 1 + 16 + 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a link from an email works. */
export const DONOR_LINK_LIFETIME_DAYS = 30;

export type DonorLinkCheck = { donationId: string } | { problem: 'invalid' | 'expired' };

/**
 * The HMAC of a payload. A short secret or one published with the code is a programming error here (the
 * configuration replaces or refuses it first): a link signed with it could be forged by anyone.
 */
function sign(payload: Buffer, secret: string): Buffer {
  if (secret.length < DONOR_LINK_SECRET_MIN_LENGTH || isPlaceholderSecret(secret)) {
    throw new Error('donor links need a secret of their own (DONOR_LINK_SECRET)');
  }
  return createHmac('sha256', secret).update(payload).digest();
}

/** A link for this donation, valid until `expiresAt` (whole seconds). */
export function signDonorLink(donationId: string, expiresAt: Date, secret: string): string {
  if (!UUID.test(donationId)) throw new Error('a donor link needs a donation id (uuid)');
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(VERSION, 0);
  Buffer.from(donationId.replaceAll('-', ''), 'hex').copy(payload, 1);
  payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 17);
  return writeSignedToken(payload, (signed) => sign(signed, secret));
}

/** The donation a link names, or why it cannot be used; the signature is checked before anything in it is read. */
export function verifyDonorLink(token: unknown, secret: string, now = new Date()): DonorLinkCheck {
  const payload = readSignedToken(token, DONOR_LINK_TOKEN_MAX_LENGTH, (signed) => sign(signed, secret));
  if (!payload || payload.length !== PAYLOAD_BYTES || payload.readUInt8(0) !== VERSION) return { problem: 'invalid' };
  if (payload.readUInt32BE(17) * 1000 <= now.getTime()) return { problem: 'expired' };
  const hex = payload.subarray(1, 17).toString('hex');
  return {
    donationId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
  };
}
