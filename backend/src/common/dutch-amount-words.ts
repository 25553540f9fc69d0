/**
 * An amount in euros written out in Dutch words, as a written agreement states it beside the figures (the yearly
 * amount of a periodic gift). Spelling after the Taalunie: numbers below a thousand are one word
 * (`tweehonderdvijfenveertig`), units join tens with `en`, or `ën` after a final e (`tweeëntwintig`), a hundred and a
 * thousand take no `een` (`honderd`, `duizend`), and a space follows `duizend` and `miljoen` (`duizend tweehonderd`,
 * `twaalfduizend driehonderdvijfenveertig`).
 */

const UNITS = [
  'nul',
  'een',
  'twee',
  'drie',
  'vier',
  'vijf',
  'zes',
  'zeven',
  'acht',
  'negen',
  'tien',
  'elf',
  'twaalf',
  'dertien',
  'veertien',
  'vijftien',
  'zestien',
  'zeventien',
  'achttien',
  'negentien',
];
const TENS = ['', '', 'twintig', 'dertig', 'veertig', 'vijftig', 'zestig', 'zeventig', 'tachtig', 'negentig'];

/** 1 to 99. */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n];
  const unit = n % 10;
  const tens = TENS[Math.floor(n / 10)];
  if (unit === 0) return tens;
  const word = UNITS[unit];
  return `${word}${word.endsWith('e') ? 'ën' : 'en'}${tens}`;
}

/** 1 to 999, one word. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const head = hundreds === 0 ? '' : hundreds === 1 ? 'honderd' : `${UNITS[hundreds]}honderd`;
  return rest === 0 ? head : `${head}${belowHundred(rest)}`;
}

/** A whole number from 0 to 999,999,999 in Dutch words. */
export function dutchNumberWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999_999) throw new RangeError(`not a whole number in range: ${n}`);
  if (n === 0) return UNITS[0];
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions > 0) parts.push(`${belowThousand(millions)} miljoen`);
  if (thousands > 0) parts.push(thousands === 1 ? 'duizend' : `${belowThousand(thousands)}duizend`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** An amount in cents in Dutch words: 123450 -> "duizend tweehonderdvierendertig euro en vijftig cent". */
export function dutchEuroWords(amountCents: number): string {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new RangeError(`not an amount in cents: ${amountCents}`);
  const euros = Math.floor(amountCents / 100);
  const cents = amountCents % 100;
  const whole = `${dutchNumberWords(euros)} euro`;
  return cents === 0 ? whole : `${whole} en ${dutchNumberWords(cents)} cent`;
}
