import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@stichting/contracts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../common/api-error';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../database/prisma.service';
import { SubmissionsRepository } from '../database/submissions.repository';
import { confirmationAddressKey, confirmationClientKey } from '../mail/confirmation-caps';
import { MetricsService } from '../metrics/metrics.service';
import { GroupCommit } from '../queue/group-commit';
import { QueueService } from '../queue/queue.service';
import { addressKey } from '../rate-limit/address-key';
import { TurnstileService } from '../turnstile/turnstile.service';
import { ContactFormDto } from './dto/contact-form.dto';
import { HelpRequestFormDto } from './dto/help-request-form.dto';
import type { SendEmailDto } from './dto/send-email.dto';
import { VolunteerFormDto } from './dto/volunteer-form.dto';

export interface SubmissionAccepted {
  success: true;
  id: string;
}

/** The row to store for a validated request: every field of its form, nothing else. */
export function toSubmissionRow(request: SendEmailDto): Omit<Prisma.SubmissionCreateManyInput, 'id'> {
  const common = {
    type: request.type,
    language: request.language ?? DEFAULT_LANGUAGE,
    name: request.formData.name,
    email: request.formData.email,
    confirmationAddressKey: confirmationAddressKey(request.formData.email),
  };
  const form = request.formData;
  if (form instanceof VolunteerFormDto) {
    return {
      ...common,
      phone: form.phone,
      location: form.location,
      speaksDutch: form.speaksDutch ?? null,
      category: form.category,
      availability: form.availability,
      motivation: form.motivation,
      experience: form.experience,
      preferredContact: form.preferredContact,
      skills: form.skills,
      spokenLanguages: form.languages,
    };
  }
  if (form instanceof ContactFormDto) {
    return { ...common, subject: form.subject, message: form.message };
  }
  if (form instanceof HelpRequestFormDto) {
    return {
      ...common,
      phone: form.phone,
      location: form.location,
      familySize: form.familySize,
      helpType: form.helpType,
      description: form.description,
      preferredContact: form.preferredContact,
    };
  }
  throw new Error(`formData of type ${request.type} was not validated`);
}

/** A new submission with the id it is known by from the start (the email job carries it). */
type SubmissionRow = Prisma.SubmissionCreateManyInput & { id: string };

/** Transactions storing forms at once, and forms per transaction at most (docs/architecture.md §4.1). */
const STORE_MAX_IN_FLIGHT = 4;
const STORE_MAX_BATCH = 100;

/**
 * A form is stored before any email is tried (docs/architecture.md §3.3, §4.1): the submission and its email job
 * are written in one transaction (the job by pg-boss itself, on that transaction), and the visitor hears "sent"
 * only after the commit. Email trouble never loses a submission; without the job there is no row either.
 * Forms that arrive together share one transaction (GroupCommit), each still hearing its own outcome.
 */
@Injectable()
export class SubmissionsService {
  private readonly store = new GroupCommit<SubmissionRow>(
    (rows) => this.storeWithJobs(rows),
    STORE_MAX_IN_FLIGHT,
    STORE_MAX_BATCH,
  );

  constructor(
    private readonly turnstile: TurnstileService,
    private readonly prisma: PrismaService,
    private readonly submissions: SubmissionsRepository,
    private readonly queue: QueueService,
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async submit(request: SendEmailDto, remoteIp: string | undefined): Promise<SubmissionAccepted> {
    await this.turnstile.verifyOrThrow(request.turnstileToken, remoteIp, request.type);
    const id = randomUUID();
    try {
      // The client's share of the confirmation cap (docs/product.md §9.5) counts by a keyed hash of its address.
      const clientKey =
        remoteIp === undefined ? null : confirmationClientKey(addressKey(remoteIp), this.config.donorLinks.secret);
      await this.store.add({ ...toSubmissionRow(request), clientKey, id });
      this.metrics.formAccepted(request.type);
      return { success: true, id };
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw new DatabaseUnavailableError();
      throw error;
    }
  }

  /** The rows and one email job each, in one transaction: all of them are stored, or none. */
  private async storeWithJobs(rows: SubmissionRow[]): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await this.submissions.insertMany(rows, tx);
      const jobs = rows.map((row) => ({ submissionId: row.id }));
      await this.queue.insertInTransaction(tx, 'submission-email', jobs);
    });
  }
}
