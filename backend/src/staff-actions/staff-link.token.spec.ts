import { ALL_SUBMISSION_OUTCOMES, SUBMISSION_OUTCOMES, SUBMISSION_TYPES } from '@stichting/contracts';
import { signStaffLink, staffLinkKey, verifyStaffLink } from './staff-link.token';
import { decodeStatusLink, encodeStatusLink, statusActionsFor } from './staff-status-link';

const KEY = staffLinkKey('a-donor-link-secret-of-32-characters-or-more');
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const LATER = new Date('2030-01-01T00:00:00Z');

describe('staff links (docs/product.md §4.10)', () => {
  it('gives back the request and the action it was signed for, every action of every type', () => {
    for (const type of SUBMISSION_TYPES) {
      for (const action of statusActionsFor(type)) {
        const token = signStaffLink('status', encodeStatusLink({ submissionId: ID, action }), LATER, KEY);
        const check = verifyStaffLink(token, 'status', KEY, new Date('2029-12-31T23:59:58Z'));
        expect('body' in check && decodeStatusLink(check.body)).toEqual({ submissionId: ID, action });
      }
    }
  });

  it('offers contacted and closed with each outcome of the type, spam for every type', () => {
    expect(statusActionsFor('contact')).toEqual([
      { status: 'contacted' },
      { status: 'closed', outcome: 'answered' },
      { status: 'closed', outcome: 'spam' },
    ]);
    for (const type of SUBMISSION_TYPES) {
      expect(statusActionsFor(type)).toHaveLength(1 + SUBMISSION_OUTCOMES[type].length);
    }
    expect(new Set(ALL_SUBMISSION_OUTCOMES).size).toBe(ALL_SUBMISSION_OUTCOMES.length);
  });

  it('refuses a link whose action, request or expiry was changed, or which another key signed', () => {
    const body = encodeStatusLink({ submissionId: ID, action: { status: 'contacted' } });
    const token = signStaffLink('status', body, LATER, KEY);
    const [payload, signature] = token.split('.');
    const bytes = Buffer.from(payload, 'base64url');
    for (const offset of [1, 2, 6, 6 + 16]) {
      const changed = Buffer.from(bytes);
      changed[offset] ^= 1;
      expect(verifyStaffLink(`${changed.toString('base64url')}.${signature}`, 'status', KEY)).toEqual({
        problem: 'invalid',
      });
    }
    expect(verifyStaffLink(token, 'status', staffLinkKey('another-donor-link-secret-of-32-characters'))).toEqual({
      problem: 'invalid',
    });
    expect(verifyStaffLink(`${token}x`, 'status', KEY)).toEqual({ problem: 'invalid' });
    expect(verifyStaffLink(undefined, 'status', KEY)).toEqual({ problem: 'invalid' });
    expect(verifyStaffLink('a'.repeat(400), 'status', KEY)).toEqual({ problem: 'invalid' });
  });

  it('is expired from the second it names', () => {
    const token = signStaffLink('status', Buffer.alloc(17), LATER, KEY);
    expect(verifyStaffLink(token, 'status', KEY, LATER)).toEqual({ problem: 'expired' });
  });

  it('signs with a key of its own: never the donor secret itself', () => {
    const secret = 'a-donor-link-secret-of-32-characters-or-more';
    expect(staffLinkKey(secret).equals(Buffer.from(secret))).toBe(false);
    expect(staffLinkKey(secret)).toHaveLength(32);
  });
});
