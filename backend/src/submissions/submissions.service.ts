import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE } from '@stichting/contracts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../common/api-error';
import type { Prisma } from '../generated/prisma/client';
import { SUBMISSION_EMAIL_QUEUE, type SubmissionEmailJobData } from '../mail/submission-email.job';
import { QueueService, type OutboxTarget } from '../queue/queue.service';
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

/** Columns of `submissions` written for a new form, by field of the row. */
const COLUMNS = {
  id: 'id',
  type: 'type',
  language: 'language',
  name: 'name',
  email: 'email',
  phone: 'phone',
  location: 'location',
  subject: 'subject',
  message: 'message',
  category: 'category',
  speaksDutch: 'speaks_dutch',
  availability: 'availability',
  motivation: 'motivation',
  experience: 'experience',
  skills: 'skills',
  spokenLanguages: 'spoken_languages',
  preferredContact: 'preferred_contact',
  familySize: 'family_size',
  helpType: 'help_type',
  description: 'description',
} as const satisfies Partial<Record<keyof Prisma.SubmissionCreateInput, string>>;
const FIELDS = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
/** Lists the form does not have get the column default (an empty list), as Prisma's create gives them. */
const LIST_FIELDS = new Set<string>(['skills', 'spokenLanguages']);
const SUBMISSIONS: OutboxTarget = { table: 'submissions', columns: FIELDS.map((field) => COLUMNS[field]) };

/**
 * Issue 5: a form is stored before any email is tried. The submission and its email job commit in one
 * statement (QueueService.insertWithJob: atomic, shared with the forms that arrive at the same moment), and the
 * visitor hears "sent" only after that commit; email trouble never loses a submission.
 */
@Injectable()
export class SubmissionsService {
  constructor(
    private readonly turnstile: TurnstileService,
    private readonly queue: QueueService,
  ) {}

  async submit(request: SendEmailDto, remoteIp: string | undefined): Promise<SubmissionAccepted> {
    await this.turnstile.verifyOrThrow(request.turnstileToken, remoteIp);
    const id = randomUUID();
    const fields: Record<string, unknown> = { ...toSubmissionRow(request), id };
    for (const field in fields) if (!(field in COLUMNS)) throw new Error(`no column for the submission field ${field}`);
    const row: Record<string, unknown> = {};
    for (const field of FIELDS) row[COLUMNS[field]] = fields[field] ?? (LIST_FIELDS.has(field) ? [] : null);
    try {
      const job: SubmissionEmailJobData = { submissionId: id };
      await this.queue.insertWithJob(SUBMISSIONS, row, SUBMISSION_EMAIL_QUEUE, job);
      return { success: true, id };
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw new DatabaseUnavailableError();
      throw error;
    }
  }
}
