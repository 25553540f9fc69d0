import { Module } from '@nestjs/common';
import { DonorEmailModule } from '../donor-email/donor-email.module';
import { PeriodicAgreementsModule } from '../periodic-gift/periodic-gift.module';
import { StripePortalClient } from '../stripe/stripe-portal.client';
import { DonorGiftController } from './donor-gift.controller';
import { DonorGiftService } from './donor-gift.service';
import { DonorPortalController } from './donor-portal.controller';
import { DonorPortalService } from './donor-portal.service';
import { ManageLinkRequestService } from './manage-link-request.service';
import { StatementDownloadModule } from './statement-download.module';

/**
 * Managing a monthly gift without an account (docs/product.md §7.10): the manage link opens the donor's own page,
 * whose calls read and change the gift (through Stripe), and the "send me a link" request mails a fresh one.
 */
@Module({
  // PeriodicAgreementsModule: the agreement email outbox, for the staff email when a donor stops a periodic gift.
  imports: [DonorEmailModule, StatementDownloadModule, PeriodicAgreementsModule],
  controllers: [DonorPortalController, DonorGiftController],
  providers: [DonorGiftService, DonorPortalService, ManageLinkRequestService, StripePortalClient],
})
export class DonorPortalModule {}
