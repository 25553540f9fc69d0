import { IsOptional, IsString, MaxLength } from 'class-validator';
import { DONOR_LINK_TOKEN_MAX_LENGTH, LANGUAGES, type Language } from '@stichting/contracts';
import { OneOf } from '../../submissions/dto/form-fields';

/** docs/product.md §7.10: `POST /api/donations/portal-session` `{token, language}`, from the donor's button. */
export class PortalSessionDto {
  /** The manage link's token; a wrong one is answered with the "invalid link" page, not a field error. */
  @IsString()
  @MaxLength(DONOR_LINK_TOKEN_MAX_LENGTH)
  token!: string;

  /** The page's language, for the problem page while the donation's own language is not known. */
  @IsOptional()
  @OneOf(LANGUAGES)
  language?: Language;
}
