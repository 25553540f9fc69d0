import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { LANGUAGES, LIMITS, SUBMISSION_TYPES, type Language, type SubmissionType } from '@stichting/contracts';
import { ContactFormDto } from './contact-form.dto';
import { HelpRequestFormDto } from './help-request-form.dto';
import { OneOf } from './form-fields';
import { VolunteerFormDto } from './volunteer-form.dto';

/** The DTO that validates `formData`, chosen by the envelope's `type` (a discriminated union). */
export const FORM_DTOS = {
  volunteer: VolunteerFormDto,
  contact: ContactFormDto,
  'help-request': HelpRequestFormDto,
} as const satisfies Record<SubmissionType, unknown>;

export type FormData = VolunteerFormDto | ContactFormDto | HelpRequestFormDto;

function isSubmissionType(value: unknown): value is SubmissionType {
  return typeof value === 'string' && (SUBMISSION_TYPES as readonly string[]).includes(value);
}

/**
 * docs/product.md §7: `POST /api/send-email` `{type, formData, language, turnstileToken}`. The envelope is checked first;
 * formData is then validated by its type's DTO (unknown fields refused, errors keyed "formData.<field>").
 */
export class SendEmailDto {
  @OneOf(SUBMISSION_TYPES)
  type!: SubmissionType;

  // With an unknown type there is no schema to check formData against: only `type` is reported.
  @ValidateIf((request: { type?: unknown }) => isSubmissionType(request.type))
  @IsDefined({ message: 'This field is required.' })
  @IsObject()
  @ValidateNested()
  @Type((options) => {
    const type: unknown = options?.object.type;
    return isSubmissionType(type) ? FORM_DTOS[type] : Object;
  })
  formData!: FormData;

  /** docs/product.md §7: Dutch when absent. */
  @IsOptional()
  @OneOf(LANGUAGES)
  language?: Language;

  /** Missing or wrong tokens are refused by the Turnstile check with 403, not here. */
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.turnstileToken)
  turnstileToken?: string;
}
