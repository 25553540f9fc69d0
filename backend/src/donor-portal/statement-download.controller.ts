import { Body, Controller, HttpCode, HttpStatus, Ip, Post, Res, StreamableFile } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DONOR_STATEMENT_PATHS, type DonorStatementYears } from '@stichting/contracts';
import type { Response } from 'express';
import { TooManyRequestsError } from '../common/api-error';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { StatementDownloadDto, StatementYearsDto } from './dto/statement-download.dto';
import { StatementDownloadService } from './statement-download.service';

/** docs/product.md §9.5: per client address and minute; each download renders a PDF. */
export const STATEMENT_DOWNLOADS_PER_ADDRESS_PER_MINUTE = 10;
export const STATEMENT_YEAR_READS_PER_ADDRESS_PER_MINUTE = 30;

/**
 * The donor's yearly statement from their own page (docs/product.md §7.9): POSTs with the manage link's token, from
 * the site's own pages only (the same-site middleware refuses others, as for every POST under /api).
 */
@Controller()
export class StatementDownloadController {
  constructor(
    private readonly statements: StatementDownloadService,
    private readonly limits: RateLimiter,
  ) {}

  @Post(DONOR_STATEMENT_PATHS.years.slice(1))
  @HttpCode(HttpStatus.OK)
  async years(@Body() body: StatementYearsDto, @Ip() ip: string): Promise<DonorStatementYears> {
    await this.limit(DONOR_STATEMENT_PATHS.years, ip, STATEMENT_YEAR_READS_PER_ADDRESS_PER_MINUTE);
    return { success: true, years: await this.statements.years(body.token) };
  }

  /** The PDF as a download; it is personal, so no cache keeps it. */
  @Post(DONOR_STATEMENT_PATHS.download.slice(1))
  @HttpCode(HttpStatus.OK)
  async download(
    @Body() body: StatementDownloadDto,
    @Ip() ip: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    await this.limit(DONOR_STATEMENT_PATHS.download, ip, STATEMENT_DOWNLOADS_PER_ADDRESS_PER_MINUTE);
    const pdf = await this.statements.download(body.token, body.year, body.language);
    response.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(pdf.content, {
      type: 'application/pdf',
      disposition: `attachment; filename="${pdf.fileName}"`,
      length: pdf.content.length,
    });
  }

  private async limit(path: string, ip: string, limit: number): Promise<void> {
    const client = createHash('sha256').update(ip).digest('hex');
    if ((await this.limits.hit('portal_session', path, client, limit)).isBlocked) throw new TooManyRequestsError();
  }
}
