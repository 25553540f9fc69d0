import { MAX_DONATION_EUR, MIN_DONATION_EUR, parseEuroAmount, parseEuroNumber } from '../src';

// Amount rules of the donate form: docs/product.md §4.1 and §5.2.
describe('custom donation amounts as visitors type them', () => {
  it.each([
    ['7,50', 7.5],
    ['7.50', 7.5],
    ['€ 12', 12],
    ['€12,5', 12.5],
    [' 1 000 ', 1000],
    ['25', 25],
  ])('reads %p as %p euro', (input, euro) => {
    expect(parseEuroAmount(input)).toBe(euro);
  });

  it.each(['5.000,00', '5.000', '7,505', 'abc', '', '-10', '1e3', '10,', ',5', '0x10'])('refuses %p', (input) => {
    expect(parseEuroAmount(input)).toBeNull();
  });

  it('keeps the bounds: below the minimum and above the maximum are refused, the bounds themselves accepted', () => {
    expect(parseEuroAmount(String(MIN_DONATION_EUR))).toBe(MIN_DONATION_EUR);
    expect(parseEuroAmount(String(MIN_DONATION_EUR - 0.01).replace('.', ','))).toBeNull();
    expect(parseEuroAmount(String(MAX_DONATION_EUR))).toBe(MAX_DONATION_EUR);
    expect(parseEuroAmount(String(MAX_DONATION_EUR + 1))).toBeNull();
  });

  it('parseEuroNumber has no bounds (the details form checks them with its own message)', () => {
    expect(parseEuroNumber('1')).toBe(1);
    expect(parseEuroNumber('999999')).toBe(999999);
  });
});
