/**
 * Dutch business days, for the answer times the site promises (a volunteer application answered within three business
 * days, a help request within one). A business day is a weekday that is not one of the general holidays of the
 * Algemene termijnenwet: New Year's Day, Easter Monday, Ascension Day, Whit Monday, King's Day (27 April, or 26 April
 * when the 27th is a Sunday), Liberation Day (5 May) and Christmas and Boxing Day. Easter Sunday and Whit Sunday fall
 * on Sundays anyway; Good Friday is not among them. The Easter-based days are computed for any year, not typed in.
 *
 * Days are calendar days in the Netherlands, written `YYYY-MM-DD`; `dutchDay` turns an instant into one.
 */

/** A calendar day, `YYYY-MM-DD`. */
export type CalendarDay = string;

const DAY_MS = 86_400_000;
const DUTCH_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day an instant falls on in the Netherlands. */
export function dutchDay(instant: Date): CalendarDay {
  return DUTCH_DAY.format(instant);
}

const utc = (day: CalendarDay): Date => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a calendar day: ${day}`);
  return new Date(`${day}T00:00:00Z`);
};
const format = (date: Date): CalendarDay => date.toISOString().slice(0, 10);
const plusDays = (day: CalendarDay, days: number): CalendarDay => format(new Date(utc(day).getTime() + days * DAY_MS));

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): CalendarDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The general holidays of a year that can fall on a weekday, with their Dutch names, in date order. */
export function dutchHolidays(year: number): Array<{ day: CalendarDay; name: string }> {
  const easter = easterSunday(year);
  const kingsDay = new Date(Date.UTC(year, 3, 27)).getUTCDay() === 0 ? `${year}-04-26` : `${year}-04-27`;
  return [
    { day: `${year}-01-01`, name: 'Nieuwjaarsdag' },
    { day: plusDays(easter, 1), name: 'Tweede Paasdag' },
    { day: kingsDay, name: 'Koningsdag' },
    { day: `${year}-05-05`, name: 'Bevrijdingsdag' },
    { day: plusDays(easter, 39), name: 'Hemelvaartsdag' },
    { day: plusDays(easter, 50), name: 'Tweede Pinksterdag' },
    { day: `${year}-12-25`, name: 'Eerste Kerstdag' },
    { day: `${year}-12-26`, name: 'Tweede Kerstdag' },
  ].sort((x, y) => x.day.localeCompare(y.day));
}

export function isDutchBusinessDay(day: CalendarDay): boolean {
  const weekday = utc(day).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !dutchHolidays(Number(day.slice(0, 4))).some((holiday) => holiday.day === day);
}

/**
 * The `count`th business day after `day` (the day a promise of `count` business days runs out, for a request that
 * arrived on `day`, whatever kind of day that was); `day` itself for a count of 0.
 */
export function addDutchBusinessDays(day: CalendarDay, count: number): CalendarDay {
  if (!Number.isInteger(count) || count < 0 || count > 366)
    throw new RangeError(`not a count of business days: ${count}`);
  let current = day;
  for (let left = count; left > 0; left--) {
    current = plusDays(current, 1);
    while (!isDutchBusinessDay(current)) current = plusDays(current, 1);
  }
  return current;
}
