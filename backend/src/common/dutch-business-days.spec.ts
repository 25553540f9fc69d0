import { addDutchBusinessDays, dutchDay, dutchHolidays, easterSunday, isDutchBusinessDay } from './dutch-business-days';

describe('Dutch business days (the answer times the site promises)', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter Sunday %d is %s', (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it('lists the general holidays of a year, computed from Easter', () => {
    expect(dutchHolidays(2026)).toEqual([
      { day: '2026-01-01', name: 'Nieuwjaarsdag' },
      { day: '2026-04-06', name: 'Tweede Paasdag' },
      { day: '2026-04-27', name: 'Koningsdag' },
      { day: '2026-05-05', name: 'Bevrijdingsdag' },
      { day: '2026-05-14', name: 'Hemelvaartsdag' },
      { day: '2026-05-25', name: 'Tweede Pinksterdag' },
      { day: '2026-12-25', name: 'Eerste Kerstdag' },
      { day: '2026-12-26', name: 'Tweede Kerstdag' },
    ]);
  });

  it("moves King's Day to the 26th when the 27th is a Sunday", () => {
    // 27 April 2025 and 2031 are Sundays.
    expect(dutchHolidays(2025).find((h) => h.name === 'Koningsdag')?.day).toBe('2025-04-26');
    expect(dutchHolidays(2031).find((h) => h.name === 'Koningsdag')?.day).toBe('2031-04-26');
    expect(dutchHolidays(2027).find((h) => h.name === 'Koningsdag')?.day).toBe('2027-04-27');
  });

  it('counts weekdays that are no holiday; Good Friday is a business day', () => {
    expect(isDutchBusinessDay('2026-04-03')).toBe(true); // Good Friday
    expect(isDutchBusinessDay('2026-04-06')).toBe(false); // Easter Monday
    expect(isDutchBusinessDay('2026-04-04')).toBe(false); // Saturday
    expect(isDutchBusinessDay('2026-11-27')).toBe(true); // a Friday
  });

  it('a volunteer application on the Friday before Easter is due three business days later, not counting Easter Monday', () => {
    expect(addDutchBusinessDays('2026-04-03', 3)).toBe('2026-04-09');
  });

  it("a help request on the eve of King's Day is due the day after King's Day", () => {
    // 26 April 2026 is a Sunday, King's Day the Monday after.
    expect(addDutchBusinessDays('2026-04-26', 1)).toBe('2026-04-28');
    // In 2025 King's Day is Saturday 26 April (the 27th is a Sunday): Friday's request is due on Monday.
    expect(addDutchBusinessDays('2025-04-25', 1)).toBe('2025-04-28');
  });

  it('counts from the day a request arrived, whatever day that was, across the year end', () => {
    expect(addDutchBusinessDays('2026-11-28', 3)).toBe('2026-12-02'); // a Saturday
    expect(addDutchBusinessDays('2026-12-24', 3)).toBe('2026-12-30'); // over Christmas
    expect(addDutchBusinessDays('2026-12-31', 1)).toBe('2027-01-04'); // New Year's Day, then a weekend
    expect(addDutchBusinessDays('2026-11-27', 0)).toBe('2026-11-27');
  });

  it('takes the calendar day in the Netherlands', () => {
    expect(dutchDay(new Date('2026-04-26T22:30:00Z'))).toBe('2026-04-27'); // 00:30 in Amsterdam
    expect(dutchDay(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31'); // 23:59 in winter time
  });

  it('refuses what is not a day or a count', () => {
    expect(() => isDutchBusinessDay('27-11-2026')).toThrow(RangeError);
    expect(() => addDutchBusinessDays('2026-11-27', -1)).toThrow(RangeError);
  });
});
