import { signDonorLink, verifyDonorLink } from './donor-link.token';

const SECRET = 'unit-test-donor-link-secret-0123456789';
const DONATION = '0f6a2f1e-8c4b-4d2a-9e3f-1a2b3c4d5e6f';
const NOW = new Date('2026-05-01T12:00:00Z');
const IN_A_MONTH = new Date('2026-05-31T12:00:00Z');

describe('donor manage links', () => {
  it('names the donation until it expires, and is expired from then on', () => {
    const token = signDonorLink(DONATION, IN_A_MONTH, SECRET);
    expect(verifyDonorLink(token, SECRET, NOW)).toEqual({ donationId: DONATION });
    expect(verifyDonorLink(token, SECRET, new Date('2026-05-31T11:59:59Z'))).toEqual({ donationId: DONATION });
    expect(verifyDonorLink(token, SECRET, IN_A_MONTH)).toEqual({ problem: 'expired' });
  });

  it('holds nothing readable but a random id and a date: no address, no name', () => {
    const token = signDonorLink(DONATION, IN_A_MONTH, SECRET);
    expect(token).toMatch(/^[A-Za-z0-9_-]{28}\.[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.split('.')[0], 'base64url').toString('hex')).toContain(DONATION.replaceAll('-', ''));
  });

  it('refuses a link signed with another secret, a changed payload or signature, and garbage', () => {
    const token = signDonorLink(DONATION, IN_A_MONTH, SECRET);
    const [payload, signature] = token.split('.');
    const later = signDonorLink(DONATION, new Date('2027-01-01T00:00:00Z'), SECRET).split('.')[0];
    const otherSecret = signDonorLink(DONATION, IN_A_MONTH, 'another-secret-of-thirty-two-chars!!');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    // The same bytes spelt differently (the last character's spare bits) are a different link: refused.
    const respelt = `${signature.slice(0, -1)}${String.fromCharCode(signature.charCodeAt(42) ^ 1)}`;
    for (const forged of [
      otherSecret,
      `${later}.${signature}`,
      `${payload}.${flipped}`,
      `${payload}.${respelt}`,
      `${payload}.`,
      payload,
      '',
      'a.b',
      `${token}x`.repeat(4),
      42,
      undefined,
    ]) {
      expect(verifyDonorLink(forged, SECRET, NOW)).toEqual({ problem: 'invalid' });
    }
  });
});
