import { dutchEuroWords, dutchNumberWords } from './dutch-amount-words';

describe('amounts in Dutch words (a written agreement states the yearly amount in figures and in words)', () => {
  it.each([
    [1, 'een'],
    [12, 'twaalf'],
    [21, 'eenentwintig'],
    [22, 'tweeëntwintig'],
    [23, 'drieëntwintig'],
    [45, 'vijfenveertig'],
    [83, 'drieëntachtig'],
    [99, 'negenennegentig'],
    [100, 'honderd'],
    [105, 'honderdvijf'],
    [250, 'tweehonderdvijftig'],
    [999, 'negenhonderdnegenennegentig'],
    [1000, 'duizend'],
    [1001, 'duizend een'],
    [1200, 'duizend tweehonderd'],
    [3000, 'drieduizend'],
    [12_345, 'twaalfduizend driehonderdvijfenveertig'],
    [60_000, 'zestigduizend'],
    [100_000, 'honderdduizend'],
    [120_000, 'honderdtwintigduizend'],
    [222_222, 'tweehonderdtweeëntwintigduizend tweehonderdtweeëntwintig'],
    [1_000_000, 'een miljoen'],
    [2_500_300, 'twee miljoen vijfhonderdduizend driehonderd'],
  ])('%d is %s', (n, words) => {
    expect(dutchNumberWords(n)).toBe(words);
  });

  it('writes euros, and cents only when there are any', () => {
    expect(dutchEuroWords(120_000)).toBe('duizend tweehonderd euro');
    expect(dutchEuroWords(300_000)).toBe('drieduizend euro');
    expect(dutchEuroWords(1_234_500)).toBe('twaalfduizend driehonderdvijfenveertig euro');
    expect(dutchEuroWords(10_000_000)).toBe('honderdduizend euro');
    expect(dutchEuroWords(123_450)).toBe('duizend tweehonderdvierendertig euro en vijftig cent');
    expect(dutchEuroWords(1)).toBe('nul euro en een cent');
  });

  it('every amount a periodic gift can have (twelve monthly debits of €5 to €10,000) reads back to its figure', () => {
    // A reader of the words, independent of the writer: sums the number words' values.
    const values: Array<[string, number]> = [
      ...['nul', 'een', 'twee', 'drie', 'vier', 'vijf', 'zes', 'zeven', 'acht', 'negen', 'tien', 'elf', 'twaalf'].map(
        (word, value) => [word, value] as [string, number],
      ),
    ];
    const read = (words: string): number => {
      let total = 0;
      for (const group of words.split(' ')) {
        if (group === 'miljoen') {
          total *= 1_000_000;
          continue;
        }
        total += readGroup(group);
      }
      return total;
    };
    const readGroup = (word: string): number => {
      const [beforeThousand, afterThousand] = word.includes('duizend') ? word.split('duizend') : [null, word];
      const high = beforeThousand === null ? 0 : (beforeThousand === '' ? 1 : readHundreds(beforeThousand)) * 1000;
      return high + (afterThousand ? readHundreds(afterThousand) : 0);
    };
    const readHundreds = (word: string): number => {
      const [head, tail] = word.includes('honderd') ? word.split('honderd') : [null, word];
      const high = head === null ? 0 : (head === '' ? 1 : readSmall(head)) * 100;
      return high + (tail ? readSmall(tail) : 0);
    };
    const TEENS = ['dertien', 'veertien', 'vijftien', 'zestien', 'zeventien', 'achttien', 'negentien'];
    const TENS = ['twintig', 'dertig', 'veertig', 'vijftig', 'zestig', 'zeventig', 'tachtig', 'negentig'];
    const readSmall = (word: string): number => {
      const exact = values.find(([w]) => w === word);
      if (exact) return exact[1];
      if (TEENS.includes(word)) return 13 + TEENS.indexOf(word);
      if (TENS.includes(word)) return 20 + 10 * TENS.indexOf(word);
      const tens = TENS.find((ten) => word.endsWith(ten));
      const unit = tens ? word.slice(0, -tens.length).replace(/(ën|en)$/, '') : '';
      if (!tens || !unit) throw new Error(`cannot read ${word}`);
      return readSmall(unit) + readSmall(tens);
    };
    for (let monthly = 5; monthly <= 10_000; monthly += 1) {
      const yearly = monthly * 12;
      expect([yearly, read(dutchNumberWords(yearly))]).toEqual([yearly, yearly]);
    }
  });

  it('refuses what is not a whole amount in range', () => {
    expect(() => dutchNumberWords(-1)).toThrow(RangeError);
    expect(() => dutchNumberWords(1.5)).toThrow(RangeError);
    expect(() => dutchNumberWords(1_000_000_000)).toThrow(RangeError);
    expect(() => dutchEuroWords(12.5)).toThrow(RangeError);
  });
});
