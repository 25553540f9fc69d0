import { Module } from '@nestjs/common';
import { DonorEmailModule } from '../donor-email/donor-email.module';
import { StatementDownloadController } from './statement-download.controller';
import { StatementDownloadService } from './statement-download.service';

/** The yearly statement from the donor's own page (docs/product.md §7.9): the years with gifts and the PDF. */
@Module({
  imports: [DonorEmailModule],
  controllers: [StatementDownloadController],
  providers: [StatementDownloadService],
})
export class StatementDownloadModule {}
