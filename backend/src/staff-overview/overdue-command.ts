import { Injectable } from '@nestjs/common';
import type { SubmissionType } from '@stichting/contracts';
import { dutchDay } from '../common/dutch-business-days';
import { OverdueRequestsRepository, type OverdueRequest } from '../database/overdue-requests.repository';
import { promisedBy } from './overdue-rule';
import { overdueCutoffInstants } from './staff-overview.service';

/** More than a screen holds; the spreadsheet (`npm run export -- submissions --open`) has them all. */
export const OVERDUE_LIST_LIMIT = 500;

const RECEIVED = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The lines of `npm run requests -- overdue` (docs/product.md §4.10.1): the requests still new past their promised
 * answer time on `today`, oldest first, as the daily overview lists them: reference, type, when it arrived (Amsterdam
 * time) and the last day it was promised by. Nobody's name or message: the lines may end up in a terminal log.
 */
export function overdueLines(requests: OverdueRequest[], today: string, isCut: boolean): string[] {
  if (requests.length === 0) return [`No request waits past its promised answer time (${today}).`];
  const rows = requests.map((request) => [
    request.id,
    request.type,
    RECEIVED.format(request.createdAt),
    promisedBy(request.type as SubmissionType, dutchDay(request.createdAt)),
  ]);
  const header = ['reference', 'type', 'received', 'promised by'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [
    `${requests.length}${isCut ? '+' : ''} request(s) wait past their promised answer time (${today}), oldest first:`,
    line(header),
    ...rows.map(line),
    ...(isCut
      ? [`Only the oldest ${OVERDUE_LIST_LIMIT}: npm run export -- submissions --open has every open request.`]
      : []),
  ];
}

/** `npm run requests -- overdue`: the overdue requests, from the same indexed query as the daily overview. */
@Injectable()
export class OverdueListCommand {
  constructor(private readonly overdue: OverdueRequestsRepository) {}

  async run(now = new Date()): Promise<void> {
    const today = dutchDay(now);
    const requests = await this.overdue.list(overdueCutoffInstants(today), OVERDUE_LIST_LIMIT + 1);
    const isCut = requests.length > OVERDUE_LIST_LIMIT;
    process.stdout.write(`${overdueLines(requests.slice(0, OVERDUE_LIST_LIMIT), today, isCut).join('\n')}\n`);
  }
}
