import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { isLanguage, type Language } from '@stichting/contracts';
import { ApiError, DatabaseUnavailableError } from '../common/api-error';
import { DonationPaymentsRepository } from '../database/donation-payments.repository';
import { DonationsRepository } from '../database/donations.repository';
import { DonorLinks } from '../donor-email/donor-links';
import { GiftRefusedError } from './donor-gift.service';
import { renderStatementPdf, type StatementPdf } from '../donor-email/statement-pdf';
import { dutchYearOf, statementLines } from '../donor-email/statement.query';

/** What the donor's page is told about a token it cannot use (the same words as the manage link's notices). */
const REFUSED = {
  expired: 'This link has expired.',
  invalid: 'This link does not work.',
} as const;

/**
 * A donor's yearly statement from their own page (docs/product.md §7.9): the token names a donation, and the statement
 * lists the gifts of that donation's address (any letter case), exactly as the yearly statement email does, read from
 * the ledger as it is now. Nothing is stored and no one is called.
 */
@Injectable()
export class StatementDownloadService {
  private readonly logger = new Logger(StatementDownloadService.name);

  constructor(
    private readonly links: DonorLinks,
    private readonly donations: DonationsRepository,
    private readonly payments: DonationPaymentsRepository,
  ) {}

  /** The calendar years (Dutch time) with at least one gift, newest first. */
  async years(token: string): Promise<number[]> {
    const { email } = await this.donorOf(token);
    const dates = await this.readLedger(() => this.payments.paidDatesOf(email));
    return [...new Set(dates.map(dutchYearOf))].sort((a, b) => b - a);
  }

  /** The statement of `year` in `language` (the donation's own when absent); 404 when that year has no gift. */
  async download(token: string, year: number, language: Language | undefined): Promise<StatementPdf> {
    const donor = await this.donorOf(token);
    const payments = await this.readLedger(() => this.payments.paidInYear(year, donor.email));
    if (payments.length === 0) throw new ApiError(HttpStatus.NOT_FOUND, `There are no gifts in ${year} to list.`);
    return renderStatementPdf(
      { year, payments: statementLines(payments), corrected: false },
      language ?? donor.language,
    );
  }

  /** The donation a token names, with its address and language; 403 for a forged, expired or erased one. */
  private async donorOf(token: string): Promise<{ email: string; language: Language }> {
    const check = this.links.verify(token);
    if ('problem' in check) throw new GiftRefusedError(HttpStatus.FORBIDDEN, REFUSED[check.problem], check.problem);
    const donation = await this.readLedger(() => this.donations.findById(check.donationId));
    if (!donation?.stripeCustomerId || donation.erasedAt) {
      throw new GiftRefusedError(HttpStatus.FORBIDDEN, REFUSED.invalid, 'invalid');
    }
    return { email: donation.email, language: isLanguage(donation.language) ? donation.language : 'nl' };
  }

  private async readLedger<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      this.logger.warn({ error: (error as Error).name }, 'statement: the database could not be read');
      throw new DatabaseUnavailableError();
    }
  }
}
