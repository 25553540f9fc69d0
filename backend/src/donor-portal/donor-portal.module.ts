import { Module } from '@nestjs/common';
import { DonorEmailModule } from '../donor-email/donor-email.module';
import { StripePortalClient } from '../stripe/stripe-portal.client';
import { DonorPortalController } from './donor-portal.controller';
import { DonorPortalService } from './donor-portal.service';
import { ManageLinkRequestService } from './manage-link-request.service';
import { StatementDownloadModule } from './statement-download.module';

/**
 * Managing a monthly gift without an account (docs/product.md §7.10): the manage link opens Stripe's customer portal,
 * and the "send me a link" request mails a fresh one.
 */
@Module({
  imports: [DonorEmailModule, StatementDownloadModule],
  controllers: [DonorPortalController],
  providers: [DonorPortalService, ManageLinkRequestService, StripePortalClient],
})
export class DonorPortalModule {}
