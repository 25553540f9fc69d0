import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { StaffLinksModule } from '../staff-actions/staff-links.module';
import { SpreadsheetLinks } from './spreadsheet-links';
import { StaffOverviewJob } from './staff-overview.job';
import { StaffOverviewService } from './staff-overview.service';

/** Nothing waits unseen (docs/product.md §4.10.1): the daily overview to staff and its spreadsheet links. */
@Module({
  imports: [MailModule, StaffLinksModule],
  providers: [StaffOverviewService, StaffOverviewJob, SpreadsheetLinks],
  exports: [StaffOverviewService, SpreadsheetLinks],
})
export class StaffOverviewModule {}
