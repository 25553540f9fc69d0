import { Module } from '@nestjs/common';
import { SpreadsheetLinks } from '../staff-overview/spreadsheet-links';
import { StaffFollowUp } from './staff-follow-up';
import { StaffLinks } from './staff-links';

/**
 * Signed staff links and what a staff email says about a request's follow-up (links, duplicate note): no controller,
 * so the worker that renders the emails imports it as well as the web process (docs/product.md §4.10).
 */
@Module({
  providers: [StaffLinks, StaffFollowUp, SpreadsheetLinks],
  exports: [StaffLinks, StaffFollowUp, SpreadsheetLinks],
})
export class StaffLinksModule {}
