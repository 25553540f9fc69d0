import {
  DONATION_FREQUENCIES,
  DONATION_PLATFORMS,
  DONATION_SOURCES,
  type DonationFrequency,
  LANGUAGES,
  LIMITS,
  MAX_DONATION_EUR,
  MIN_DONATION_EUR,
  parseEuroNumber,
  type Language,
} from '@stichting/contracts';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { PlainText } from '../../../common/plain-text.validator';

type DonationSource = (typeof DONATION_SOURCES)[number];
type DonationPlatform = (typeof DONATION_PLATFORMS)[number];

/** docs/product.md §7: the form sends empty strings for fields left blank; they mean "absent". */
const emptyToUndefined = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** A number, or a numeric string with "." or "," as decimal mark (docs/product.md §4: both 7,50 and 7.50). Else left as is. */
const toAmount = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? (parseEuroNumber(value) ?? value) : value;

/** The new donate page sends referral as "yes"/"no" (radio) or a boolean. */
const toReferral = ({ value }: { value: unknown }): unknown => {
  if (value === '' || value === null) return undefined;
  if (value === 'yes' || value === 'true') return true;
  if (value === 'no' || value === 'false') return false;
  return value;
};

/** Body of POST /api/create-checkout-session (docs/product.md §7.3, docs/architecture.md §7.3). */
export class CreateCheckoutSessionDto {
  /** Euro per month, or once. docs/product.md §5/§9: at least €5; two decimals at most; a sane ceiling. */
  @Transform(toAmount)
  @IsDefined({ message: 'amount is required' })
  @IsNumber(
    { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false },
    { message: `amount must be a number of euro with at most two decimals` },
  )
  @Min(MIN_DONATION_EUR, { message: `amount must be at least €${MIN_DONATION_EUR}` })
  @Max(MAX_DONATION_EUR, { message: `amount must be at most €${MAX_DONATION_EUR}` })
  amount: number;

  /** docs/product.md §4.1: monthly (a subscription, the default) or once (one payment); same amount rules. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(DONATION_FREQUENCIES, { message: `frequency must be one of ${DONATION_FREQUENCIES.join(', ')}` })
  frequency?: DonationFrequency;

  @Transform(emptyToUndefined)
  @IsDefined({ message: 'email is required' })
  @IsString()
  @MaxLength(LIMITS.email)
  @IsEmail({}, { message: 'email must be a valid email address' })
  email: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.name)
  @PlainText('line')
  name?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.message)
  @PlainText('text')
  message?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(DONATION_SOURCES, { message: `source must be one of ${DONATION_SOURCES.join(', ')}` })
  source?: DonationSource;

  /** docs/product.md §4: only meaningful when source is social_media; ignored otherwise. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(DONATION_PLATFORMS, { message: `platform must be one of ${DONATION_PLATFORMS.join(', ')}` })
  platform?: DonationPlatform;

  @Transform(toReferral)
  @IsOptional()
  @IsBoolean({ message: 'referral must be yes or no' })
  referral?: boolean;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.name)
  @PlainText('line')
  referrerName?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.email)
  @IsEmail({}, { message: 'referrerEmail must be a valid email address' })
  referrerEmail?: string;

  /** Defaults to nl (docs/product.md §9). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(LANGUAGES, { message: `language must be one of ${LANGUAGES.join(', ')}` })
  language?: Language;

  /** Checked by TurnstileService after validation: a missing token is a 403, not a 400. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MaxLength(LIMITS.turnstileToken)
  turnstileToken?: string;
}
