import { OVERDUE_LIST_LIMIT, overdueLines } from './overdue-command';

describe('npm run requests -- overdue', () => {
  it('lists each overdue request with its reference, type, arrival in Amsterdam time and promised day', () => {
    const lines = overdueLines(
      [
        // Friday before Easter 2026, 18:00 in Amsterdam: three business days end on Thursday 9 April (Easter Monday is none).
        {
          id: '00000000-0000-4000-8000-000000000001',
          type: 'volunteer',
          name: 'José',
          language: 'nl',
          createdAt: new Date('2026-04-03T16:00:00Z'),
        },
        // The Friday before King's Day 2026 (Monday 27 April): one business day ends on Tuesday 28 April.
        {
          id: '00000000-0000-4000-8000-000000000002',
          type: 'help-request',
          name: 'Zoë',
          language: 'es',
          createdAt: new Date('2026-04-24T21:30:00Z'),
        },
      ],
      '2026-04-30',
      false,
    );
    expect(lines).toEqual([
      '2 request(s) wait past their promised answer time (2026-04-30), oldest first:',
      'reference                             type          received          promised by',
      '00000000-0000-4000-8000-000000000001  volunteer     2026-04-03 18:00  2026-04-09',
      '00000000-0000-4000-8000-000000000002  help-request  2026-04-24 23:30  2026-04-28',
    ]);
    expect(lines.join('\n')).not.toMatch(/José|Zoë/);
  });

  it('says so when nothing waits, and where the rest are when the list is cut', () => {
    expect(overdueLines([], '2026-04-30', false)).toEqual([
      'No request waits past its promised answer time (2026-04-30).',
    ]);
    const cut = overdueLines(
      [{ id: 'x', type: 'contact', name: 'A', language: 'nl', createdAt: new Date('2026-04-01T10:00:00Z') }],
      '2026-04-30',
      true,
    );
    expect(cut[0]).toMatch(/^1\+ request/);
    expect(cut.at(-1)).toBe(
      `Only the oldest ${OVERDUE_LIST_LIMIT}: npm run export -- submissions --open has every open request.`,
    );
  });
});
