import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DONOR_LINK_TOKEN_MAX_LENGTH, LANGUAGES, STATEMENT_YEAR_RANGE, type Language } from '@stichting/contracts';
import { OneOf } from '../../submissions/dto/form-fields';

/** docs/product.md §7.9: `POST /api/donations/statement-years` `{token, language}`. */
export class StatementYearsDto {
  /** The manage link's token; a wrong or expired one is refused with 403, not as a field error. */
  @IsString()
  @MaxLength(DONOR_LINK_TOKEN_MAX_LENGTH)
  token!: string;

  /** The page's language: the PDF's language (the donation's own when absent). */
  @IsOptional()
  @OneOf(LANGUAGES)
  language?: Language;
}

/** docs/product.md §7.9: `POST /api/donations/statement` `{token, language, year}`. */
export class StatementDownloadDto extends StatementYearsDto {
  @IsInt()
  @Min(STATEMENT_YEAR_RANGE.min)
  @Max(STATEMENT_YEAR_RANGE.max)
  year!: number;
}
