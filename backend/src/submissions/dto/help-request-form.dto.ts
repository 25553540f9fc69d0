import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { HELP_TYPES, LANGUAGES, LIMITS, PREFERRED_CONTACT, type Language } from '@stichting/contracts';
import { BaseFormDto } from './base-form.dto';
import { EmailAddress, OneOf, OptionalText, PhoneNumber, RequiredText } from './form-fields';

/** docs/product.md §3/§5: help request, all eight visible fields required. */
export class HelpRequestFormDto extends BaseFormDto {
  @RequiredText(LIMITS.name, 'line')
  name!: string;

  @EmailAddress()
  email!: string;

  @PhoneNumber({ optional: false })
  phone!: string;

  @RequiredText(LIMITS.location, 'line')
  location!: string;

  /** docs/product.md §5: at least 1. A number input's value may arrive as a string of digits. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value,
  )
  @IsInt({ message: 'Enter the number of people in the family.' })
  @Min(1)
  @Max(LIMITS.familySizeMax)
  familySize!: number;

  @OneOf(HELP_TYPES)
  helpType!: string;

  @RequiredText(LIMITS.description, 'text')
  description!: string;

  @OneOf(PREFERRED_CONTACT)
  preferredContact!: string;

  /** Hidden field of the form (docs/product.md §3): accepted and ignored, the staff subject is fixed server-side. */
  @OptionalText(LIMITS.subject, 'line')
  subject?: string;

  /** Hidden field of the form (docs/product.md §3): accepted; the envelope's `language` is the one used. */
  @OptionalText(2, 'line')
  @OneOf(LANGUAGES)
  language?: Language;
}
