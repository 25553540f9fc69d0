import { createHmac } from 'node:crypto';
import { STAFF_LINK_TOKEN_MAX_LENGTH } from '@stichting/contracts';
import { readSignedToken, writeSignedToken } from '../common/signed-token';

/**
 * A signed, expiring link in a staff email (docs/architecture.md §9.15): `<payload>.<signature>`, both base64url. The
 * payload is a version byte, the link's kind (one byte), the expiry (seconds since 1970, 4 bytes) and the kind's own
 * body (ids and codes, never personal data); the signature is HMAC-SHA256 over all of it with the staff link key.
 *
 * The kind is inside the signature, so a link of one kind never passes for another. To add a kind of link (say a
 * spreadsheet download):
 *   1. add a name and a new number to STAFF_LINK_KINDS (never reuse or renumber one: links in inboxes keep theirs);
 *   2. write the body's encoding next to its service, as staff-status-link.ts does (a fixed-length Buffer is
 *      simplest), and sign it with `signStaffLink(kind, body, expiresAt, key)`;
 *   3. check it with `verifyStaffLink(token, kind, key)`, which returns the body only when the signature, the kind
 *      and the expiry hold; decode the body and refuse it (`invalid`) when it is not what the kind expects.
 * The link itself points at the confirmation page (ROUTES.staffAction, `#<fragment key>=<token>`): GET shows a page,
 * only the page's button POSTs (docs/product.md §4.10).
 */
export const STAFF_LINK_KINDS = {
  /** A status change of one request (staff-status-link.ts). */
  status: 1,
  /** A spreadsheet download of requests (staff-overview/spreadsheet-link.ts). */
  spreadsheet: 2,
} as const;
export type StaffLinkKind = keyof typeof STAFF_LINK_KINDS;

const VERSION = 1;
const HEADER_BYTES = 1 + 1 + 4;

export type StaffLinkCheck = { body: Buffer } | { problem: 'invalid' | 'expired' };

/**
 * The key that signs staff links, derived from DONOR_LINK_SECRET with a label of its own (docs/architecture.md §9.15):
 * no second secret to set, yet a staff link's signature is never a valid donor link's or another derived key's.
 */
export function staffLinkKey(donorLinkSecret: string): Buffer {
  return createHmac('sha256', donorLinkSecret).update('stichting staff links v1').digest();
}

function sign(payload: Buffer, key: Buffer): Buffer {
  if (key.length < 32) throw new Error('staff links need a 32-byte key (staffLinkKey)');
  return createHmac('sha256', key).update(payload).digest();
}

/** A link of `kind` carrying `body`, valid until `expiresAt` (whole seconds). */
export function signStaffLink(kind: StaffLinkKind, body: Buffer, expiresAt: Date, key: Buffer): string {
  const payload = Buffer.alloc(HEADER_BYTES + body.length);
  payload.writeUInt8(VERSION, 0);
  payload.writeUInt8(STAFF_LINK_KINDS[kind], 1);
  payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 2);
  body.copy(payload, HEADER_BYTES);
  return writeSignedToken(payload, (signed) => sign(signed, key));
}

/** The body of a link of `kind`, or why it cannot be used; the signature is checked before anything in it is read. */
export function verifyStaffLink(token: unknown, kind: StaffLinkKind, key: Buffer, now = new Date()): StaffLinkCheck {
  const payload = readSignedToken(token, STAFF_LINK_TOKEN_MAX_LENGTH, (signed) => sign(signed, key));
  if (!payload || payload.length < HEADER_BYTES || payload.readUInt8(0) !== VERSION) return { problem: 'invalid' };
  if (payload.readUInt8(1) !== STAFF_LINK_KINDS[kind]) return { problem: 'invalid' };
  if (payload.readUInt32BE(2) * 1000 <= now.getTime()) return { problem: 'expired' };
  return { body: payload.subarray(HEADER_BYTES) };
}
