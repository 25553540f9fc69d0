import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Writable } from 'node:stream';
import { Client } from 'pg';
import { DEFAULT_LANGUAGE, type Language, type StaffSpreadsheetReadAnswer } from '@stichting/contracts';
import { siteCopy } from '../common/site-copy';
import type { DatabaseConfig } from '../config/app-config';
import { DATABASE_CONFIG } from '../config/config.module';
import { findDataset } from '../exports/export-datasets';
import type { ExportFilters, ExportLanguage } from '../exports/export-query';
import { streamExport } from '../exports/export-runner';
import { staffDataset } from '../exports/export-words';
import { StaffActionRefusedError } from '../staff-actions/staff-actions.service';
import type { SpreadsheetSelection } from './spreadsheet-link';
import { SpreadsheetLinks } from './spreadsheet-links';

/**
 * At most this many requests in one downloaded file: far more than a month or the open requests of a small
 * foundation hold, and a bound on what one POST can make the server write (docs/product.md §4.10.2).
 */
export const SPREADSHEET_DOWNLOAD_MAX_ROWS = 20_000;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file a download answers: its name, and a writer that streams it into the response. */
export interface SpreadsheetFile {
  fileName: string;
  write(output: Writable): Promise<void>;
}

/** The last day of a month `YYYY-MM`, `YYYY-MM-DD`. */
function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}

/**
 * docs/product.md §4.10.2: the "download as a spreadsheet" link's file: the submissions export (exports/), in staff's
 * words, of the link's selection. The link is checked before anything is read; the file is streamed from one
 * read-only snapshot, bounded by SPREADSHEET_DOWNLOAD_MAX_ROWS.
 */
@Injectable()
export class SpreadsheetDownloadService {
  constructor(
    private readonly links: SpreadsheetLinks,
    @Inject(DATABASE_CONFIG) private readonly database: DatabaseConfig,
  ) {}

  read(token: string, language: Language = DEFAULT_LANGUAGE): StaffSpreadsheetReadAnswer {
    return { success: true, selection: this.selection(token, language) };
  }

  /** The checked link's file (throws the refusal in `language` before any byte is written). */
  file(token: string, language: Language = DEFAULT_LANGUAGE, now = new Date()): SpreadsheetFile {
    const selection = this.selection(token, language, now);
    const fileLanguage: ExportLanguage = language === 'en' ? 'en' : 'nl';
    const filters: ExportFilters =
      selection.kind === 'open'
        ? { open: true }
        : { type: selection.type, since: `${selection.month}-01`, until: lastDayOf(selection.month) };
    filters.maxRows = SPREADSHEET_DOWNLOAD_MAX_ROWS;
    const dataset = staffDataset(findDataset('submissions')!, fileLanguage);
    const fileName =
      selection.kind === 'open'
        ? `requests-open-${now.toISOString().slice(0, 10)}.xlsx`
        : `requests-${selection.type}-${selection.month}.xlsx`;
    return {
      fileName,
      write: async (output) => {
        const client = new Client({ connectionString: this.database.url, connectionTimeoutMillis: 10_000 });
        client.on('error', () => undefined);
        try {
          await client.connect();
          await streamExport(client, { dataset, format: 'xlsx', filters }, output);
        } finally {
          await client.end().catch(() => undefined);
        }
      },
    };
  }

  private selection(token: string, language: Language, now = new Date()): SpreadsheetSelection {
    const check = this.links.verify(token, now);
    if (!('problem' in check)) return check;
    const words = siteCopy('staffAction', language);
    return check.problem === 'expired'
      ? this.refuse(HttpStatus.GONE, words.download.expired, 'expired')
      : this.refuse(HttpStatus.FORBIDDEN, words.problems.invalid, 'invalid');
  }

  private refuse(status: HttpStatus, error: string, problem: 'invalid' | 'expired'): never {
    throw new StaffActionRefusedError(status, error, problem);
  }
}
