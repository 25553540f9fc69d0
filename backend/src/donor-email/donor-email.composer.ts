import { Inject, Injectable } from '@nestjs/common';
import { isLanguage, ROUTES, type Language } from '@stichting/contracts';
import type { AppConfig } from '../config/app-config';
import { loadSiteCopy } from '../common/site-copy';
import { APP_CONFIG } from '../config/config.module';
import { DonationPaymentsRepository } from '../database/donation-payments.repository';
import { DonationsRepository } from '../database/donations.repository';
import type { DonorEmail } from '../generated/prisma/client';
import { messageIdFor } from '../mail/email-delivery';
import type { OutgoingMail } from '../mail/mail.transport';
import { renderDonorEmail, type DonorEmailFacts } from './donor-email.render';
import { DonorLinks } from './donor-links';
import { statementAttachment } from './statement-pdf';
import { isStatementCorrection, statementLines } from './statement.query';

/**
 * Turns a stored donor email into a message at the moment it is sent: the facts are read then (amount, first payment,
 * the year's payments), and the only recipient is the address on record for the donation (docs/product.md §7.9).
 */
@Injectable()
export class DonorEmailComposer {
  constructor(
    private readonly donations: DonationsRepository,
    private readonly payments: DonationPaymentsRepository,
    private readonly links: DonorLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    loadSiteCopy(); // a missing or partial translation stops the process at start, not at its first email
  }

  /** The message, or null when the donation has no address on record any more (erased or gone). */
  async compose(row: DonorEmail): Promise<OutgoingMail | null> {
    const donation = await this.donations.findById(row.donationId);
    if (!donation || donation.erasedAt) return null;
    const language: Language = isLanguage(row.language) ? row.language : 'nl';
    const facts = await this.facts(row, donation);
    const rendered = renderDonorEmail(facts, language, {
      manage: this.links.manageUrl(donation.id, language),
      newLink: `${this.config.site.publicBaseUrl}${ROUTES.manageDonation[language]}`,
      // docs/product.md §4.9: the periodic gift page, where the agreement is filled in and signed online.
      periodicGift: `${this.config.site.publicBaseUrl}${ROUTES.periodicGift[language]}`,
    });
    return {
      ...rendered,
      to: donation.email,
      replyTo: this.config.mail.staffEmail,
      messageId: messageIdFor(row.id, `donor-${row.kind}`, this.config.mail.from),
      language,
      // docs/product.md §7.9: the statement travels as a PDF too, the same facts as the email's table.
      ...(facts.kind === 'statement' ? { attachments: [await statementAttachment(facts, language)] } : {}),
    };
  }

  private async facts(
    row: DonorEmail,
    donation: { id: string; email: string; amountCents: number; createdAt: Date; startedAt: Date | null },
  ): Promise<DonorEmailFacts> {
    switch (row.kind) {
      case 'welcome':
        // The start date is the first successful payment's, which the ledger keeps on the donation.
        return {
          kind: 'welcome',
          amountCents: donation.amountCents,
          startedAt: donation.startedAt ?? donation.createdAt,
        };
      case 'one_off_thanks':
        // The gift's one payment, dated as the ledger dates it (Checkout's completion).
        return {
          kind: 'one_off_thanks',
          amountCents: donation.amountCents,
          paidAt: donation.startedAt ?? donation.createdAt,
        };
      case 'payment_failed':
        return { kind: 'payment_failed', amountCents: donation.amountCents };
      case 'payment_action_required': {
        // The invoice's own amount and confirmation page (a payment confirmed meanwhile shows as paid there).
        const payment = row.invoiceId ? await this.payments.findByInvoice(row.invoiceId) : null;
        return {
          kind: 'payment_action_required',
          amountCents: payment?.amountCents ?? donation.amountCents,
          confirmationUrl: payment?.confirmationUrl ?? this.links.manageUrl(donation.id, row.language as Language),
        };
      }
      case 'amount_changed':
        // The amounts the donor asked for, stored with the email: the ledger learns the new one from Stripe later.
        return {
          kind: 'amount_changed',
          previousCents: row.previousAmountCents ?? donation.amountCents,
          newCents: row.newAmountCents ?? donation.amountCents,
        };
      case 'statement': {
        const year = row.statementYear ?? new Date().getFullYear() - 1;
        return {
          kind: 'statement',
          year,
          corrected: isStatementCorrection(row.onceKey),
          payments: statementLines(await this.payments.paidInYear(year, donation.email)),
        };
      }
      default:
        return { kind: row.kind };
    }
  }
}
