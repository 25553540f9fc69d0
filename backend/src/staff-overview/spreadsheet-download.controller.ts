import { Body, Controller, HttpCode, HttpStatus, Logger, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { STAFF_SPREADSHEET_PATHS, type StaffSpreadsheetReadAnswer } from '@stichting/contracts';
import { PostRateLimit } from '../rate-limit/rate-limit.guard';
// The same body as a status link's read, `{token, language}`: the token checked, the language one of the site's.
import { StaffActionReadDto as StaffSpreadsheetDto } from '../staff-actions/dto/staff-action.dto';
import { SpreadsheetDownloadService, XLSX_CONTENT_TYPE } from './spreadsheet-download.service';

const route = (path: string) => path.slice(1);

/** Downloads per address and minute: a staff member clicks once or twice; each file is a database read. */
export const SPREADSHEET_DOWNLOADS_PER_MINUTE = 5;

/**
 * docs/product.md §4.10.2: the confirmation page of a "download as a spreadsheet" link. POSTs only, from the site's own
 * pages (the same-site middleware refuses others): a GET or HEAD of these addresses reaches no handler, so a mail
 * scanner that opens every link never fetches the file.
 */
@Controller()
export class SpreadsheetDownloadController {
  private readonly logger = new Logger(SpreadsheetDownloadController.name);

  constructor(private readonly downloads: SpreadsheetDownloadService) {}

  @Post(route(STAFF_SPREADSHEET_PATHS.read))
  @HttpCode(HttpStatus.OK)
  read(@Body() body: StaffSpreadsheetDto): StaffSpreadsheetReadAnswer {
    return this.downloads.read(body.token, body.language);
  }

  @Post(route(STAFF_SPREADSHEET_PATHS.download))
  @PostRateLimit(SPREADSHEET_DOWNLOADS_PER_MINUTE)
  async download(@Body() body: StaffSpreadsheetDto, @Res() response: Response): Promise<void> {
    const file = this.downloads.file(body.token, body.language);
    response.status(HttpStatus.OK);
    response.setHeader('Content-Type', XLSX_CONTENT_TYPE);
    response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    response.setHeader('Cache-Control', 'no-store');
    try {
      await file.write(response);
      response.end();
    } catch (error) {
      // The status line is gone: a cut-off response is all the browser can be told (it shows a failed download).
      this.logger.error(`spreadsheet download failed: ${error instanceof Error ? error.message : String(error)}`);
      response.destroy();
    }
  }
}
