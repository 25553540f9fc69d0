import { statementTotalsByYear } from './statement-corrections';
import { correctionOnceKey, isStatementCorrection, parseCorrectionOnceKey, statementOnceKey } from './statement.query';

const payment = (paidAt: string, amountCents: number, status = 'paid', refundedCents = 0) => ({
  paidAt: new Date(paidAt),
  amountCents,
  refundedCents,
  status,
});

describe('corrected statements (docs/product.md §7.9)', () => {
  it('counts what each calendar year (Dutch time) holds: paid amounts less refunds, nothing refunded or disputed', () => {
    const totals = statementTotalsByYear([
      payment('2025-12-31T22:30:00Z', 2500), // 31 December, 23:30 in Amsterdam: still 2025
      payment('2025-12-31T23:30:00Z', 2500), // 1 January 2026, 00:30 in Amsterdam
      payment('2026-02-01T10:00:00Z', 2500, 'paid', 1000),
      payment('2026-03-01T10:00:00Z', 2500, 'refunded', 2500),
      payment('2026-04-01T10:00:00Z', 2500, 'disputed'),
      payment('2026-05-01T10:00:00Z', 2500, 'failed'),
    ]);
    expect([...totals]).toEqual([
      [2025, 2500],
      [2026, 4000],
    ]);
  });

  it('names the year, the address (hashed, any letter case), the running number and the new total in its once key', () => {
    const key = correctionOnceKey(2026, 'Ana@Example.org', 2, 1500);
    expect(key).toBe(
      `statement_correction:${statementOnceKey(2026, 'ana@example.org').slice('statement:'.length)}:2:1500`,
    );
    expect(key).not.toContain('ana');
    expect(isStatementCorrection(key)).toBe(true);
    expect(isStatementCorrection(statementOnceKey(2026, 'ana@example.org'))).toBe(false);
    expect(parseCorrectionOnceKey(key)).toEqual({ number: 2, totalCents: 1500 });
  });
});
