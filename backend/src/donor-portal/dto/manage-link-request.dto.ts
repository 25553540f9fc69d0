import { IsOptional, IsString, MaxLength } from 'class-validator';
import { LANGUAGES, LIMITS, type Language } from '@stichting/contracts';
import { EmailAddress, OneOf } from '../../submissions/dto/form-fields';

/** docs/product.md §7.11: `POST /api/donations/manage-link` `{email, language, turnstileToken}`. */
export class ManageLinkRequestDto {
  @EmailAddress()
  email!: string;

  /** The page's language, for the answer; the email itself is in each donation's own language. */
  @IsOptional()
  @OneOf(LANGUAGES)
  language?: Language;

  /** Missing or wrong tokens are refused by the Turnstile check with 403, not here. */
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.turnstileToken)
  turnstileToken?: string;
}
