import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { StaffLinksModule } from '../staff-actions/staff-links.module';
import { SpreadsheetDownloadController } from './spreadsheet-download.controller';
import { SpreadsheetDownloadService } from './spreadsheet-download.service';
import { StaffOverviewJob } from './staff-overview.job';
import { StaffOverviewService } from './staff-overview.service';

/**
 * Nothing waits unseen (docs/product.md §4.10.1): the daily overview to staff, its spreadsheet links and the download
 * they lead to (§4.10.2; the worker, which serves no HTTP, leaves the controller unused).
 */
@Module({
  imports: [MailModule, StaffLinksModule],
  controllers: [SpreadsheetDownloadController],
  providers: [StaffOverviewService, StaffOverviewJob, SpreadsheetDownloadService],
  exports: [StaffOverviewService],
})
export class StaffOverviewModule {}
