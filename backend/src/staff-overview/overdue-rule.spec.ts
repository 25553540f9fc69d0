import { isOverdue, overdueBefore, overdueCutoffs, promisedBy } from './overdue-rule';

/** 09:00 in Amsterdam on `day` (summer time in April). */
const at = (day: string) => new Date(`${day}T07:00:00Z`);

describe('when a request waits past its promised answer time (docs/product.md §4.10.1)', () => {
  it('a volunteer application on the Friday before Easter is overdue from Friday after Easter, not on Easter Monday', () => {
    // 3 April 2026 is Good Friday (a business day); Easter Monday 6 April is not.
    expect(promisedBy('volunteer', '2026-04-03')).toBe('2026-04-09');
    for (const today of ['2026-04-06', '2026-04-07', '2026-04-08', '2026-04-09']) {
      expect(isOverdue('volunteer', at('2026-04-03'), today)).toBe(false);
    }
    expect(isOverdue('volunteer', at('2026-04-03'), '2026-04-10')).toBe(true);
  });

  it("a help request on the eve of King's Day is overdue two days later, not on King's Day", () => {
    // Monday 26 April 2027; King's Day Tuesday 27 April.
    expect(promisedBy('help-request', '2027-04-26')).toBe('2027-04-28');
    expect(isOverdue('help-request', at('2027-04-26'), '2027-04-27')).toBe(false);
    expect(isOverdue('help-request', at('2027-04-26'), '2027-04-28')).toBe(false);
    expect(isOverdue('help-request', at('2027-04-26'), '2027-04-29')).toBe(true);
  });

  it('counts the day in Dutch time: a request at 00:30 in Amsterdam arrived that day', () => {
    // 00:30 on Tuesday 28 April 2026 in Amsterdam is still Monday the 27th (King's Day) in UTC.
    const justAfterMidnight = new Date('2026-04-27T22:30:00Z');
    expect(isOverdue('help-request', justAfterMidnight, '2026-04-29')).toBe(false);
    expect(isOverdue('help-request', justAfterMidnight, '2026-04-30')).toBe(true);
  });

  it('gives each type the cut-off day before which every request still new is overdue', () => {
    // Friday 10 April 2026: volunteer and contact messages up to Easter Monday (due Thursday), help requests up to
    // Wednesday.
    expect(overdueCutoffs('2026-04-10')).toEqual({
      volunteer: '2026-04-07',
      contact: '2026-04-07',
      'help-request': '2026-04-09',
    });
    // Tuesday 7 April 2026, after Easter Monday: help requests of Good Friday up to Easter Monday are due today.
    expect(overdueBefore('help-request', '2026-04-07')).toBe('2026-04-03');
  });

  it('agrees with the rule for every arrival day around Easter and Christmas', () => {
    const days = (from: string, count: number) =>
      Array.from({ length: count }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000)).map((date) =>
        date.toISOString().slice(0, 10),
      );
    for (const today of [...days('2026-03-30', 20), ...days('2026-12-20', 20)]) {
      for (const type of ['volunteer', 'help-request', 'contact'] as const) {
        const cutoff = overdueBefore(type, today);
        for (const arrival of days(today < '2026-06-01' ? '2026-03-10' : '2026-11-20', 60)) {
          if (arrival > today) break;
          expect([type, today, arrival, isOverdue(type, at(arrival), today)]).toEqual([
            type,
            today,
            arrival,
            arrival < cutoff,
          ]);
        }
      }
    }
  });
});
