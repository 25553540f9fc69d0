import { IsIn, IsInt, Max, Min } from 'class-validator';
import {
  GIFT_PAUSE_MONTHS,
  GIFT_STOP_REASONS,
  MAX_DONATION_EUR,
  MIN_DONATION_EUR,
  PERIODIC_STOP_REASONS,
  type GiftPauseMonths,
  type GiftStopReason,
  type PeriodicStopReason,
} from '@stichting/contracts';
import { OptionalOneOf } from '../../submissions/dto/form-fields';
import { PortalSessionDto } from './portal-session.dto';

/**
 * docs/product.md §7.10: every call of the donor's page carries the manage link's token and the page's language, as the
 * portal button's does; a wrong or expired token is answered 403 with the problem, not as a field error.
 */
export class DonorGiftDto extends PortalSessionDto {}

/** docs/product.md §7.10, §9.2: a new monthly amount in cents, within the site's monthly limits. */
export class ChangeGiftAmountDto extends DonorGiftDto {
  @IsInt({ message: 'amountCents must be a whole number of cents' })
  @Min(MIN_DONATION_EUR * 100, { message: `amount must be at least €${MIN_DONATION_EUR}` })
  @Max(MAX_DONATION_EUR * 100, { message: `amount must be at most €${MAX_DONATION_EUR}` })
  amountCents!: number;
}

export class PauseGiftDto extends DonorGiftDto {
  @IsIn(GIFT_PAUSE_MONTHS, { message: `Choose one of: ${GIFT_PAUSE_MONTHS.join(', ')}.` })
  months!: GiftPauseMonths;
}

export class StopGiftDto extends DonorGiftDto {
  /**
   * The donor may say why, from a short fixed list (kept for staff); for a periodic gift one of its own reasons is
   * required (the service checks which list applies, docs/product.md §7.10).
   */
  @OptionalOneOf([...GIFT_STOP_REASONS, ...PERIODIC_STOP_REASONS])
  reason?: GiftStopReason | PeriodicStopReason;
}
