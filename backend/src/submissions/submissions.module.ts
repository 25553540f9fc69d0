import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { SubmissionsController } from './submissions.controller';
import { SubmissionsService } from './submissions.service';

/** Volunteer applications, contact messages and help requests (docs/product.md §3, §7). */
@Module({ imports: [MailModule], controllers: [SubmissionsController], providers: [SubmissionsService] })
export class SubmissionsModule {}
