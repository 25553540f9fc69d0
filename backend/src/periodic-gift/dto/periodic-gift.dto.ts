import { Type } from 'class-transformer';
import {
  Equals,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
  ArrayMaxSize,
  ArrayUnique,
} from 'class-validator';
import {
  LANGUAGES,
  LIMITS,
  MAX_DONATION_EUR,
  MIN_DONATION_EUR,
  PERIODIC_END_CLAUSES,
  PERIODIC_LIMITS,
  PERIODIC_TERM_YEARS,
  type Language,
  type PeriodicEndClause,
} from '@stichting/contracts';
import { EmailAddress, OneOf, PhoneNumber, RequiredText } from '../../submissions/dto/form-fields';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A signer's details as the agreement states them (docs/product.md §4.9); no BSN. */
export class PeriodicPersonDto {
  @RequiredText(PERIODIC_LIMITS.firstNames, 'line')
  firstNames!: string;

  @RequiredText(PERIODIC_LIMITS.surname, 'line')
  surname!: string;

  /** YYYY-MM-DD; a real calendar day and an adult signer are checked by the service (field errors too). */
  @IsString()
  @Matches(ISO_DATE, { message: 'Use the form YYYY-MM-DD.' })
  birthDate!: string;

  @RequiredText(PERIODIC_LIMITS.birthPlace, 'line')
  birthPlace!: string;
}

export class PeriodicPartnerDto extends PeriodicPersonDto {
  @EmailAddress()
  email!: string;
}

/** `POST /api/periodic-gift` (contracts PeriodicGiftRequest). */
export class PeriodicGiftRequestDto extends PeriodicPersonDto {
  @OneOf(LANGUAGES)
  language!: Language;

  @EmailAddress()
  email!: string;

  @PhoneNumber({ optional: true })
  phone?: string;

  @RequiredText(PERIODIC_LIMITS.street, 'line')
  street!: string;

  @RequiredText(PERIODIC_LIMITS.postalCode, 'line')
  postalCode!: string;

  @RequiredText(PERIODIC_LIMITS.city, 'line')
  city!: string;

  @RequiredText(PERIODIC_LIMITS.country, 'line')
  country!: string;

  /** docs/product.md §4.9, §9.2: the monthly debit, within the site's monthly limits; the year is twelve times it. */
  @IsInt({ message: 'monthlyAmountCents must be a whole number of cents' })
  @Min(MIN_DONATION_EUR * 100, { message: `The monthly amount must be at least €${MIN_DONATION_EUR}.` })
  @Max(MAX_DONATION_EUR * 100, { message: `The monthly amount must be at most €${MAX_DONATION_EUR}.` })
  monthlyAmountCents!: number;

  /** docs/product.md §4.9: at least five years (the law's minimum), or null: until the donor's death. */
  @ValidateIf((_, value) => value !== null)
  @IsInt({ message: 'termYears must be a whole number of years, or null' })
  @Min(PERIODIC_TERM_YEARS.min, { message: `A periodic gift runs at least ${PERIODIC_TERM_YEARS.min} years.` })
  @Max(PERIODIC_TERM_YEARS.max, { message: `A periodic gift runs at most ${PERIODIC_TERM_YEARS.max} years.` })
  termYears!: number | null;

  /** This year or the next (Amsterdam time), checked by the service. */
  @IsInt({ message: 'firstYear must be a year' })
  firstYear!: number;

  @IsArray()
  @ArrayMaxSize(PERIODIC_END_CLAUSES.length)
  @ArrayUnique({ message: 'Each value may appear only once.' })
  @IsIn(PERIODIC_END_CLAUSES, { each: true, message: `Choose from: ${PERIODIC_END_CLAUSES.join(', ')}.` })
  endClauses!: PeriodicEndClause[];

  @IsOptional()
  @ValidateNested()
  @Type(() => PeriodicPartnerDto)
  partner?: PeriodicPartnerDto;

  @IsString()
  @MaxLength(LIMITS.turnstileToken)
  turnstileToken!: string;
}

/** Every call with a link: its token and the page's language (the answer's language). */
export class AgreementLinkDto {
  /** A wrong token is answered with its problem (invalid, expired, used), not as a field error. */
  @IsString()
  @MaxLength(PERIODIC_LIMITS.token)
  token!: string;

  @OneOf(LANGUAGES)
  language!: Language;
}

/** `POST /api/periodic-gift/sign`: the name typed as in the agreement, and an explicit yes. */
export class SignAgreementDto extends AgreementLinkDto {
  @RequiredText(PERIODIC_LIMITS.signatureName, 'line')
  name!: string;

  @Equals(true, { message: 'Confirm that you agree to sign.' })
  consent!: true;
}

/** `POST /api/periodic-gift/start`: whether the periodic gift replaces the donor's monthly gift. */
export class StartDebitsDto extends AgreementLinkDto {
  @IsBoolean()
  replaceGift!: boolean;
}
