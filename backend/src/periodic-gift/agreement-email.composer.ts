import { Inject, Injectable } from '@nestjs/common';
import { FOUNDATION, isLanguage, LOCALE_TAGS, PERIODIC_STOP_REASONS, type Language } from '@stichting/contracts';
import { loadSiteCopy } from '../common/site-copy';
import { formatCentsForReader } from '../common/money';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { PrismaService } from '../database/prisma.service';
import { asHtml, asText, type Block } from '../donor-email/donor-email.render';
import type { AgreementEmail, PeriodicAgreement } from '../generated/prisma/client';
import { messageIdFor } from '../mail/email-delivery';
import type { OutgoingMail } from '../mail/mail.transport';
import { htmlDocument } from '../mail/templates/html';
import { AGREEMENT_LINK_LIFETIME_DAYS, AgreementLinks } from './agreement-links';
import { signerName } from './agreement-text';
import { periodicText } from './periodic-email.copy';
import { signPageUrl } from './sign-page';

/** Staff read their emails in Dutch, the foundation's language (docs/product.md §7.12). */
const STAFF_LANGUAGE: Language = 'nl';

/**
 * Turns a stored agreement email into a message when it is sent (docs/product.md §7.12): the agreement is read then,
 * and the email's single-use link is made then, so no token is ever stored. Donor and partner read their agreement's
 * language; staff Dutch.
 */
@Injectable()
export class AgreementEmailComposer {
  constructor(
    private readonly prisma: PrismaService,
    private readonly links: AgreementLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    loadSiteCopy();
  }

  /** The message, or null when there is no address to write to (the agreement is gone, or has no partner). */
  async compose(row: AgreementEmail): Promise<OutgoingMail | null> {
    const agreement = await this.prisma.periodicAgreement.findUnique({ where: { id: row.agreementId } });
    if (!agreement) return null;
    const to =
      row.recipient === 'staff'
        ? this.config.mail.staffEmail
        : row.recipient === 'partner'
          ? agreement.partnerEmail
          : agreement.email;
    if (!to) return null;
    const language: Language =
      row.recipient === 'staff' ? STAFF_LANGUAGE : isLanguage(agreement.language) ? agreement.language : 'nl';
    const { subject, blocks, attachment } = await this.content(row, agreement, language);
    const text = periodicText(language);
    const facts = { foundation: FOUNDATION.name, rsin: FOUNDATION.rsin, number: agreement.transactionNumber };
    const greetingName =
      row.recipient === 'staff'
        ? FOUNDATION.shortName
        : row.recipient === 'partner'
          ? signerName(agreement.partnerFirstNames ?? '', agreement.partnerSurname ?? '')
          : signerName(agreement.firstNames, agreement.surname);
    const all: Block[] = [
      { type: 'paragraph', text: text('common.greeting', { name: greetingName }) },
      ...blocks,
      { type: 'paragraph', text: `${text('common.signOff')}\n${FOUNDATION.name}` },
      { type: 'small', text: `${text('common.footer', facts)}\n${text('common.identity', facts)}` },
    ];
    return {
      subject,
      text: all.map(asText).join('\n\n'),
      html: htmlDocument(language, subject, all.map(asHtml).join('\n')),
      to,
      replyTo: this.config.mail.staffEmail,
      messageId: messageIdFor(row.id, `agreement-${row.kind}`, this.config.mail.from),
      language,
      ...(attachment ? { attachments: [attachment] } : {}),
    };
  }

  private async content(row: AgreementEmail, agreement: PeriodicAgreement, language: Language) {
    const text = periodicText(language);
    const facts = {
      foundation: FOUNDATION.name,
      rsin: FOUNDATION.rsin,
      number: agreement.transactionNumber,
      amount: formatCentsForReader(agreement.yearlyAmountCents, language),
      monthly: formatCentsForReader(agreement.monthlyAmountCents, language),
      days: AGREEMENT_LINK_LIFETIME_DAYS,
    };
    const link = async (purpose: 'verify_email' | 'sign_partner' | 'countersign' | 'start_debits') =>
      signPageUrl(this.config.site.publicBaseUrl, language, await this.links.issue(this.prisma, agreement.id, purpose));
    switch (row.kind) {
      case 'verify_email':
        return {
          subject: text('verifyEmail.subject', facts),
          blocks: [
            { type: 'paragraph', text: text('verifyEmail.intro', facts) },
            { type: 'paragraph', text: text('verifyEmail.action', facts) },
            { type: 'link', label: text('verifyEmail.link'), url: await link('verify_email') },
            { type: 'paragraph', text: text('common.linkExpiry', facts) },
            { type: 'paragraph', text: text('verifyEmail.notYou') },
          ] satisfies Block[],
        };
      case 'partner_invitation':
        return {
          subject: text('partnerInvitation.subject', facts),
          blocks: [
            {
              type: 'paragraph',
              text: text('partnerInvitation.intro', {
                ...facts,
                donor: signerName(agreement.firstNames, agreement.surname),
              }),
            },
            { type: 'paragraph', text: text('partnerInvitation.action', facts) },
            { type: 'link', label: text('partnerInvitation.link'), url: await link('sign_partner') },
            { type: 'paragraph', text: text('common.linkExpiry', facts) },
          ] satisfies Block[],
        };
      case 'countersign_request': {
        const partner = agreement.partnerEmail ? text('countersignRequest.withPartner') : '';
        const method = text(
          agreement.signingMethod === 'paper' ? 'countersignRequest.paper' : 'countersignRequest.online',
        );
        return {
          subject: text('countersignRequest.subject', facts),
          blocks: [
            { type: 'paragraph', text: text('countersignRequest.intro', { ...facts, partner, method }) },
            { type: 'paragraph', text: text('countersignRequest.action', facts) },
            { type: 'link', label: text('countersignRequest.link'), url: await link('countersign') },
            { type: 'paragraph', text: text('common.linkExpiry', facts) },
          ] satisfies Block[],
        };
      }
      case 'completed': {
        const attachment = agreement.finalDocument
          ? {
              filename: `${text('document.finalFileName', facts)}.pdf`,
              content: Buffer.from(agreement.finalDocument),
              contentType: 'application/pdf',
            }
          : undefined;
        const blocks: Block[] =
          row.recipient === 'partner'
            ? [{ type: 'paragraph', text: text('completed.partner', facts) }]
            : [
                { type: 'paragraph', text: text('completed.intro', facts) },
                { type: 'heading', text: text('completed.startTitle') },
                { type: 'paragraph', text: text('completed.start', facts) },
                { type: 'link', label: text('completed.startLink'), url: await link('start_debits') },
                { type: 'paragraph', text: text('completed.startExpiry', facts) },
              ];
        return { subject: text('completed.subject', facts), blocks, attachment };
      }
      case 'stopped':
        return { subject: text('stopped.subject', facts), blocks: stoppedBlocks(agreement, language, facts) };
    }
  }
}

/**
 * docs/product.md §7.12: the staff email when the donor stopped the periodic gift on their page: when, the reason they
 * chose, and what it means (§4.9): a reason the agreement names ends it as agreed; any other ends it early, and the
 * earlier years' deduction may be corrected.
 */
function stoppedBlocks(
  agreement: PeriodicAgreement,
  language: Language,
  facts: Record<string, string | number>,
): Block[] {
  const text = periodicText(language);
  const time = new Intl.DateTimeFormat(LOCALE_TAGS[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Amsterdam',
  }).format(agreement.stoppedAt ?? agreement.updatedAt);
  const reason = PERIODIC_STOP_REASONS.find((known) => known === agreement.stopReason) ?? 'other';
  const clauses: Record<string, boolean> = {
    death: true,
    jobLoss: agreement.endsOnJobLoss,
    disability: agreement.endsOnDisability,
    anbiLoss: agreement.endsOnAnbiLoss,
  };
  return [
    { type: 'paragraph', text: text('stopped.intro', { ...facts, time }) },
    { type: 'paragraph', text: text('stopped.reason', { reason: text(`stopped.reasons.${reason}`) }) },
    { type: 'paragraph', text: text(clauses[reason] ? 'stopped.inAgreement' : 'stopped.early') },
  ];
}
