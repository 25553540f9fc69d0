import { Module } from '@nestjs/common';
import { StaffActionsController } from './staff-actions.controller';
import { StaffActionsService } from './staff-actions.service';
import { StaffLinksModule } from './staff-links.module';

/**
 * Staff follow-up of requests (docs/product.md §4.10): the confirmation page's API for the status links in staff
 * emails, and the service the `requests` command shares. Signing links lives in StaffLinksModule (the worker needs it).
 */
@Module({
  imports: [StaffLinksModule],
  controllers: [StaffActionsController],
  providers: [StaffActionsService],
  exports: [StaffActionsService, StaffLinksModule],
})
export class StaffActionsModule {}
