import { amountFromTierLabel, DONATION_TIERS } from '@stichting/contracts';
import { formatEuro } from '../../../components/content/format';

describe('tier labels (spec §4)', () => {
  // The tier amount is read from its label by removing the euro sign and the thousands dot: the Dutch labels
  // ("€ 1.000") must give back the tier's number.
  test.each(DONATION_TIERS)('the Dutch label of %i reads back as its amount', (tier) => {
    expect(amountFromTierLabel(formatEuro(tier, 'nl'))).toBe(tier);
  });
});
