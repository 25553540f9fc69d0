import { Writable } from 'node:stream';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { FORMULA_START, PLAIN_SIGNED_NUMBER, spreadsheetCells } from '../../test/support/spreadsheet-cells';
import type { ColumnKind, ExportColumn } from './export-query';
import { createFormatter, csvText, neutraliseFormula, pgArrayToList, pgTimestampToIso } from './export-formats';

/** A file in memory: what staff would get on disk. */
function memoryOutput(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

const column = (header: string, kind: ColumnKind): ExportColumn => ({ header, kind, sql: header });

/** Rows as PostgreSQL hands them to a CSV export (every value its text form, NULL as null), batch by batch. */
async function csvFile(columns: ExportColumn[], batches: Array<Array<Array<string | null>>>): Promise<string> {
  const output = memoryOutput();
  const formatter = await createFormatter('csv', output.stream, columns, 'sheet');
  for (const rows of batches) {
    formatter.writeRows(rows);
    await formatter.drained();
  }
  await formatter.end();
  return output.text();
}

/** One value in a CSV line after an id column, as the datasets have it: the line as a spreadsheet would get it. */
async function csvLineWith(value: string): Promise<string> {
  const file = await csvFile([column('id', 'text'), column('value', 'longText')], [[['00000000-0001', value]]]);
  return file.slice(file.indexOf('\r\n') + 2);
}

describe('CSV export formatting', () => {
  describe('a whole file', () => {
    const COLUMNS = [
      column('name', 'text'),
      column('created_at', 'timestamp'),
      column('amount_eur', 'euro'),
      column('speaks_dutch', 'boolean'),
      column('family_size', 'integer'),
      column('skills', 'list'),
      column('message', 'longText'),
    ];

    it('starts with a byte order mark and the header once, and ends every row with CRLF', async () => {
      const file = await csvFile(COLUMNS, [
        [['José Müller', '2026-03-01 08:00:00+00', '1250', 't', '4', '{design,events}', 'Hallo']],
        [['Zoë', '2026-03-02 09:30:00.5+00', '500', 'f', null, '{}', null]],
      ]);
      expect(file).toBe(
        '\uFEFFname,created_at,amount_eur,speaks_dutch,family_size,skills,message\r\n' +
          'José Müller,2026-03-01T08:00:00.000Z,12.50,true,4,design; events,Hallo\r\n' +
          'Zoë,2026-03-02T09:30:00.500Z,5.00,false,,,\r\n',
      );
    });

    it('is the header alone when nothing matches', async () => {
      expect(await csvFile(COLUMNS, [])).toBe(
        '\uFEFFname,created_at,amount_eur,speaks_dutch,family_size,skills,message\r\n',
      );
      expect(await csvFile(COLUMNS, [[]])).toBe(
        '\uFEFFname,created_at,amount_eur,speaks_dutch,family_size,skills,message\r\n',
      );
    });

    it('reads back value for value in a CSV reader, accents, quotes, commas and line breaks included', async () => {
      const message = 'Hallo, ik heet "José".\r\nTot ziens;\nécht';
      const file = await csvFile(COLUMNS, [
        [['Łukasz "Luke" Nowak', '2025-12-31 23:30:00+00', '2500', 'f', '1', '{"a, b","c \\"d\\""}', message]],
      ]);
      expect(parse(file, { bom: true, columns: true })).toEqual([
        {
          name: 'Łukasz "Luke" Nowak',
          created_at: '2025-12-31T23:30:00.000Z',
          amount_eur: '25.00',
          speaks_dutch: 'false',
          family_size: '1',
          skills: 'a, b; c "d"',
          message,
        },
      ]);
    });
  });

  describe('cells', () => {
    it.each([
      ['José Müller', 'José Müller'],
      ['Ik help graag; écht waar', 'Ik help graag; écht waar'],
      ['a,b', '"a,b"'],
      ['zeg "hoi"', '"zeg ""hoi"""'],
      ['regel 1\nregel 2', '"regel 1\nregel 2"'],
      ['regel 1\r\nregel 2', '"regel 1\r\nregel 2"'],
      ['', ''],
    ])('writes %j as %j (quoted only when needed, quotes doubled)', (value, cell) => {
      expect(csvText(value)).toBe(cell);
    });

    it.each([
      [0, '0.00'],
      [5, '0.05'],
      [750, '7.50'],
      [1250, '12.50'],
      [100_000_00, '100000.00'],
    ])('writes %p cents as %p euro', async (cents, euro) => {
      const file = await csvFile([column('amount_eur', 'euro')], [[[String(cents)]]]);
      expect(file.split('\r\n')[1]).toBe(euro);
    });

    it('writes any whole number of cents as euro with exactly two decimals, never a rounding error', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 1_000_000_000_00 }), async (cents) => {
          const file = await csvFile([column('amount_eur', 'euro')], [[[String(cents)]]]);
          expect(file.split('\r\n')[1]).toBe(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
        }),
        { numRuns: 200 },
      );
    });

    it.each([
      ['2026-03-01 08:00:00+00', '2026-03-01T08:00:00.000Z'],
      ['2026-03-01 08:00:00.12+00', '2026-03-01T08:00:00.120Z'],
      ['2026-03-01 08:00:00.1+00', '2026-03-01T08:00:00.100Z'],
      ['2026-12-31 23:59:59.999+00', '2026-12-31T23:59:59.999Z'],
    ])('writes the stored time %p as %p (ISO 8601 in UTC, always three decimals like JSON lines)', (text, iso) => {
      expect(pgTimestampToIso(text)).toBe(iso);
    });

    it.each([
      ['{}', ''],
      ['{design,events}', 'design; events'],
      ['{dutch}', 'dutch'],
      ['{"a b","c,d",plain}', 'a b; c,d; plain'],
      ['{"say \\"hi\\"","back\\\\slash"}', 'say "hi"; back\\slash'],
      ['{"{braces}",x}', '{braces}; x'],
    ])('writes the list %p as %p', (literal, list) => {
      expect(pgArrayToList(literal)).toBe(list);
    });
  });

  describe('formulas (public form text opened in Excel)', () => {
    it.each([
      ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
      ['@SUM(1+1)', "'@SUM(1+1)"],
      ['+cmd|x', "'+cmd|x"],
      ['-2+cmd|x', "'-2+cmd|x"],
      ['  =cmd|x', "'  =cmd|x"],
      ['\t=1', "\t'=1"],
      [`x;=cmd|' /C calc'!A0;y`, `x;'=cmd|' /C calc'!A0;y`],
      ['Den Haag; @SUM(1+1)', "Den Haag;' @SUM(1+1)"],
      ['a,=1', "a,'=1"],
      ['a;"=HYPERLINK()', `a;'"=HYPERLINK()`],
      ['Eerste regel\n  - een opsomming', "Eerste regel\n'  - een opsomming"],
      ['x\r\n=1', "x\r\n'=1"],
    ])('defuses %j as %j', (value, defused) => {
      expect(neutraliseFormula(value)).toBe(defused);
    });

    it.each(['+31 6 1234 5678', '-12.50', '+(31) 070-123/45', 'e-mail', 'a-b=c', 'Jan@home', '1+1'])(
      'leaves %p as it is (nothing a spreadsheet runs)',
      (value) => {
        expect(neutraliseFormula(value)).toBe(value);
      },
    );

    /** Text a visitor could type, rich in what spreadsheets split on and start formulas with. */
    const hostileText = fc.string({
      unit: fc.constantFrom(
        ...['=', '+', '-', '@', ',', ';', '\t', '\r', '\n', '\r\n', ' ', '\u00a0', '"', "'", 'a', 'Z', '1', '(', '|'],
        ...['\u2003', '\u3000', '\v', '\f', '\ufeff'],
      ),
      maxLength: 12,
    });

    it('leaves no cell that starts a formula, in the comma or the semicolon reading, for any text', async () => {
      await fc.assert(
        fc.asyncProperty(hostileText, async (value) => {
          const line = await csvLineWith(value);
          const semicolon = spreadsheetCells(line, ';').filter((cell) => FORMULA_START.test(cell));
          const comma = spreadsheetCells(line, ',').filter(
            (cell) => FORMULA_START.test(cell) && !PLAIN_SIGNED_NUMBER.test(cell),
          );
          expect({ semicolon, comma }).toEqual({ semicolon: [], comma: [] });
        }),
        { numRuns: 3000 },
      );
    });

    it('changes text only by apostrophes, which a CSV reader gives back with the rest of the value', async () => {
      await fc.assert(
        fc.asyncProperty(hostileText, async (value) => {
          const [row] = parse(await csvLineWith(value), { relax_quotes: false });
          expect(row).toHaveLength(2);
          expect(withoutAddedApostrophes(row[1], value)).toBe(value);
        }),
        { numRuns: 1000 },
      );
    });
  });
});

describe('JSON lines export formatting', () => {
  it('writes each object PostgreSQL built on a line of its own: no header, no byte order mark', async () => {
    const output = memoryOutput();
    const formatter = await createFormatter('jsonl', output.stream, [column('name', 'text')], 'sheet');
    formatter.writeRows([['{"name":"José","skills":["a, b"]}'], ['{"name":"=1\\nx"}']]);
    formatter.writeRows([]);
    formatter.writeRows([['{"name":null}']]);
    await formatter.end();
    const text = output.text();
    expect(text).toBe('{"name":"José","skills":["a, b"]}\n{"name":"=1\\nx"}\n{"name":null}\n');
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([{ name: 'José', skills: ['a, b'] }, { name: '=1\nx' }, { name: null }]);
  });

  it('is empty when nothing matches', async () => {
    const output = memoryOutput();
    const formatter = await createFormatter('jsonl', output.stream, [column('name', 'text')], 'sheet');
    await formatter.end();
    expect(output.text()).toBe('');
  });
});

/** `written` with apostrophes skipped where `original` has none; anything else differing is left for the test to see. */
function withoutAddedApostrophes(written: string, original: string): string {
  let kept = '';
  let i = 0;
  for (const char of written) {
    if (char === original[i]) {
      kept += char;
      i++;
    } else if (char !== "'") {
      kept += char;
    }
  }
  return kept;
}
