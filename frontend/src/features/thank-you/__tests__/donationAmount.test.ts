import { parseDonationAmount } from '../donationAmount';

describe('parseDonationAmount', () => {
  test.each([
    ['25', 25],
    ['25.5', 25.5],
    ['25.50', 25.5],
    ['25,50', 25.5],
    [' 250 ', 250],
    ['0.01', 0.01],
    ['10000', 10000],
  ])('accepts %p as %p', (raw, expected) => {
    expect(parseDonationAmount(raw)).toBe(expected);
  });

  test.each([
    null,
    undefined,
    '',
    '0',
    '0.00',
    '-5',
    '10000.01',
    '100000',
    '1000000',
    '25.555',
    '1e3',
    '0x10',
    'abc',
    '25eur',
    'NaN',
    'Infinity',
    '1.000,00',
    '<script>',
  ])('ignores %p', (raw) => {
    expect(parseDonationAmount(raw)).toBeNull();
  });
});
