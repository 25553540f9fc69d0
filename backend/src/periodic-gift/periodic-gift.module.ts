import { Module } from '@nestjs/common';
import { DonationsModule } from '../donations/donations.module';
import { MailModule } from '../mail/mail.module';
import { AgreementEmailComposer } from './agreement-email.composer';
import { AgreementEmailJob } from './agreement-email.job';
import { AgreementEmailOutbox } from './agreement-email.outbox';
import { AgreementLinks } from './agreement-links';
import { PeriodicAgreements } from './periodic-agreements.service';
import { PeriodicGiftController } from './periodic-gift.controller';
import { PeriodicGiftService } from './periodic-gift.service';

/**
 * The signing steps alone (docs/product.md §4.9): recording signatures, the countersignature, the emails they decide.
 * What the staff command (`npm run periodic`) needs, without the web settings.
 */
@Module({
  providers: [PeriodicAgreements, AgreementEmailOutbox],
  exports: [PeriodicAgreements, AgreementEmailOutbox],
})
export class PeriodicAgreementsModule {}

/** The periodieke gift on the site: its API, its links and its email worker (queue/jobs.ts `agreement-email`). */
@Module({
  imports: [PeriodicAgreementsModule, DonationsModule, MailModule],
  controllers: [PeriodicGiftController],
  providers: [PeriodicGiftService, AgreementLinks, AgreementEmailComposer, AgreementEmailJob],
})
export class PeriodicGiftModule {}

/** The agreement email worker alone, for `npm run worker`. */
@Module({
  imports: [PeriodicAgreementsModule, MailModule],
  providers: [AgreementLinks, AgreementEmailComposer, AgreementEmailJob],
})
export class AgreementEmailWorkerModule {}
