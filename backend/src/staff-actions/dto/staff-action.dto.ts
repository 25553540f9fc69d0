import { IsOptional, IsString, MaxLength } from 'class-validator';
import {
  LANGUAGES,
  STAFF_LINK_TOKEN_MAX_LENGTH,
  STAFF_NAME_MAX_LENGTH,
  STAFF_NOTE_MAX_LENGTH,
  type Language,
} from '@stichting/contracts';
import { OptionalText, OneOf } from '../../submissions/dto/form-fields';

/** docs/product.md §4.10: `POST /api/staff/action/read` `{token, language}`, from the confirmation page. */
export class StaffActionReadDto {
  /** The link's token; a wrong or expired one is refused with its problem, not as a field error. */
  @IsString()
  @MaxLength(STAFF_LINK_TOKEN_MAX_LENGTH)
  token!: string;

  /** The page's language, for the answer's words. */
  @IsOptional()
  @OneOf(LANGUAGES)
  language?: Language;
}

/** docs/product.md §4.10: `POST /api/staff/action` `{token, language, note?, by?}`: the confirmation page's button. */
export class StaffActionApplyDto extends StaffActionReadDto {
  /** An optional short note, kept in the request's history. */
  @OptionalText(STAFF_NOTE_MAX_LENGTH, 'text')
  note?: string;

  /** The staff member's first name, as typed (the page remembers it in the browser; there are no accounts). */
  @OptionalText(STAFF_NAME_MAX_LENGTH, 'line')
  by?: string;
}
