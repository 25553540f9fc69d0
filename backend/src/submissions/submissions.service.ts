import { Injectable } from '@nestjs/common';
import { DEFAULT_LANGUAGE } from '@stichting/contracts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../common/api-error';
import { PrismaService } from '../database/prisma.service';
import type { Prisma } from '../generated/prisma/client';
import { SubmissionEmailJob } from '../mail/submission-email.job';
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
export function toSubmissionRow(request: SendEmailDto): Prisma.SubmissionCreateInput {
  const common = {
    type: request.type,
    language: request.language ?? DEFAULT_LANGUAGE,
    name: request.formData.name,
    email: request.formData.email,
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

/**
 * Issue 5: a form is stored before any email is tried. The submission and its email job commit in one
 * transaction, and the visitor hears "sent" only after that commit; email trouble never loses a submission.
 */
@Injectable()
export class SubmissionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly turnstile: TurnstileService,
    private readonly emailJob: SubmissionEmailJob,
  ) {}

  async submit(request: SendEmailDto, remoteIp: string | undefined): Promise<SubmissionAccepted> {
    await this.turnstile.verifyOrThrow(request.turnstileToken, remoteIp);
    const row = toSubmissionRow(request);
    try {
      const id = await this.prisma.$transaction(async (tx) => {
        const { id } = await tx.submission.create({ data: row, select: { id: true } });
        await this.emailJob.enqueue(tx, id);
        return id;
      });
      return { success: true, id };
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw new DatabaseUnavailableError();
      throw error;
    }
  }
}
