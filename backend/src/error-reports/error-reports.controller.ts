import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { PostRateLimit } from '../rate-limit/rate-limit.guard';
import { ErrorReportDto } from './dto/error-report.dto';
import { ErrorReportsService } from './error-reports.service';

/** Per IP: a crashing page in a loop must not fill the logs (the table has its own caps: ErrorReportsService). */
export const ERROR_REPORT_LIMIT_PER_MINUTE = 10;

@Controller('api')
export class ErrorReportsController {
  constructor(private readonly errorReports: ErrorReportsService) {}

  @Post('report-error')
  @HttpCode(HttpStatus.ACCEPTED)
  @PostRateLimit(ERROR_REPORT_LIMIT_PER_MINUTE)
  /** 202 whether the report was stored, counted as a repeat, or left out by a cap: the browser has nothing to do. */
  async report(@Body() report: ErrorReportDto, @Ip() ip: string): Promise<{ success: true }> {
    await this.errorReports.record(report, ip);
    return { success: true };
  }
}
