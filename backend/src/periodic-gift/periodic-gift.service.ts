import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  FOUNDATION,
  PERIODIC_GIFT_TURNSTILE_ACTION,
  type AgreementLinkAnswer,
  type AgreementLinkPurpose,
  type AgreementStatus,
  type AgreementView,
  type Language,
  type PeriodicGiftCreated,
} from '@stichting/contracts';
import { ApiError, DatabaseUnavailableError, isDatabaseUnavailable, type FieldErrors } from '../common/api-error';
import { dutchEuroWords } from '../common/dutch-amount-words';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { PrismaService, type Db } from '../database/prisma.service';
import { DonationsRepository } from '../database/donations.repository';
import { CheckoutService } from '../donations/checkout/checkout.service';
import { DonationStatus } from '../donations/donation-state';
import type { PeriodicAgreement } from '../generated/prisma/client';
import { TurnstileService } from '../turnstile/turnstile.service';
import { AgreementEmailOutbox } from './agreement-email.outbox';
import { AgreementLinks } from './agreement-links';
import { renderAgreementPdf } from './agreement-pdf';
import { agreementParagraphs, isSameName, signerName } from './agreement-text';
import type {
  PeriodicGiftRequestDto,
  SignAgreementDto,
  StartDebitsDto,
  AgreementLinkDto,
} from './dto/periodic-gift.dto';
import { periodicText } from './periodic-email.copy';
import { PeriodicAgreements, sha256, signerRoles } from './periodic-agreements.service';
import { AgreementRefusedError } from './periodic-gift.errors';
import { nextTransactionNumber } from './transaction-number';

/** A monthly gift that still collects (or will): the donor "already gives monthly" (docs/product.md §4.9). */
const RUNNING_GIFT: DonationStatus[] = ['pending', 'active', 'past_due', 'paused'];

/** The calendar year it is now in the Netherlands. */
function amsterdamYear(now: Date): number {
  return Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(now));
}
/** Today's date in the Netherlands, YYYY-MM-DD. */
function amsterdamDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(now);
}

/** A real calendar day (2026-02-30 is not), as a DATE column holds it; null otherwise. */
function calendarDay(value: string): Date | null {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

/** At least 18 on `today` (YYYY-MM-DD): born on or before the same day eighteen years earlier. */
function isAdult(birthDate: string, today: string): boolean {
  const [year, rest] = [Number(today.slice(0, 4)), today.slice(4)];
  return birthDate <= `${year - 18}${rest}`;
}

/**
 * The periodieke gift over HTTP (docs/product.md §4.9): the form stores the agreement and its document; every further
 * step is a POST with a link's token, refused with a sentence in the page's language when the link or the agreement's
 * status does not allow it. Reading changes nothing.
 */
@Injectable()
export class PeriodicGiftService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly links: AgreementLinks,
    private readonly agreements: PeriodicAgreements,
    private readonly outbox: AgreementEmailOutbox,
    private readonly turnstile: TurnstileService,
    private readonly checkout: CheckoutService,
    private readonly donations: DonationsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Checks the facts the DTO cannot, stores the agreement with its PDF and queues the verification email. */
  async create(dto: PeriodicGiftRequestDto, remoteIp: string, now = new Date()): Promise<PeriodicGiftCreated> {
    const text = periodicText(dto.language);
    const errors: FieldErrors = { fields: {}, codes: {} };
    const refuse = (field: string, key: string, code: 'invalid' | 'too_small' | 'invalid_choice' = 'invalid') => {
      errors.fields[field] = text(`api.${key}`);
      errors.codes[field] = code;
    };
    const today = amsterdamDay(now);
    const birthDate = calendarDay(dto.birthDate);
    if (!birthDate) refuse('birthDate', 'notADate');
    else if (!isAdult(dto.birthDate, today)) refuse('birthDate', 'notAdult', 'too_small');
    const partnerBirthDate = dto.partner ? calendarDay(dto.partner.birthDate) : null;
    if (dto.partner) {
      if (!partnerBirthDate) refuse('partner.birthDate', 'notADate');
      else if (!isAdult(dto.partner.birthDate, today)) refuse('partner.birthDate', 'notAdult', 'too_small');
      if (dto.partner.email.toLowerCase() === dto.email.toLowerCase()) refuse('partner.email', 'samePartnerEmail');
    }
    const year = amsterdamYear(now);
    if (dto.firstYear !== year && dto.firstYear !== year + 1) refuse('firstYear', 'firstYear', 'invalid_choice');
    if (Object.keys(errors.fields).length > 0) {
      throw new ApiError(HttpStatus.BAD_REQUEST, periodicText(dto.language)('api.invalidFields'), errors);
    }
    await this.turnstile.verifyOrThrow(dto.turnstileToken, remoteIp, PERIODIC_GIFT_TURNSTILE_ACTION);

    try {
      return await this.prisma.$transaction(async (tx) => {
        const transactionNumber = await nextTransactionNumber(tx, year);
        const facts = {
          transactionNumber,
          language: dto.language,
          email: dto.email,
          firstNames: dto.firstNames,
          surname: dto.surname,
          birthDate: birthDate!,
          birthPlace: dto.birthPlace,
          street: dto.street,
          postalCode: dto.postalCode,
          city: dto.city,
          country: dto.country,
          phone: dto.phone ?? null,
          partnerFirstNames: dto.partner?.firstNames ?? null,
          partnerSurname: dto.partner?.surname ?? null,
          partnerBirthDate,
          partnerBirthPlace: dto.partner?.birthPlace ?? null,
          partnerEmail: dto.partner?.email ?? null,
          monthlyAmountCents: dto.monthlyAmountCents,
          yearlyAmountCents: dto.monthlyAmountCents * 12,
          termYears: dto.termYears,
          firstYear: dto.firstYear,
          endsOnJobLoss: dto.endClauses.includes('jobLoss'),
          endsOnDisability: dto.endClauses.includes('disability'),
          endsOnAnbiLoss: dto.endClauses.includes('anbiLoss'),
        };
        const createdAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
        const document = await renderAgreementPdf(facts, { language: dto.language, createdAt });
        const id = randomUUID();
        await tx.periodicAgreement.create({
          data: { ...facts, id, createdAt, document: new Uint8Array(document), documentSha256: sha256(document) },
        });
        await this.outbox.queueInTransaction(tx, id, 'verify_email', 'donor');
        return { success: true as const, transactionNumber };
      });
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw new DatabaseUnavailableError();
      throw error;
    }
  }

  /** What the link is for and the agreement to read; changes nothing. */
  async read(dto: AgreementLinkDto): Promise<AgreementLinkAnswer> {
    const { link, agreement } = await this.usable(dto);
    const signatures = await this.prisma.agreementSignature.findMany({ where: { agreementId: agreement.id } });
    const expectedSignerName =
      link.purpose === 'sign_donor'
        ? signerName(agreement.firstNames, agreement.surname)
        : link.purpose === 'sign_partner'
          ? signerName(agreement.partnerFirstNames ?? '', agreement.partnerSurname ?? '')
          : null;
    return {
      success: true,
      purpose: link.purpose,
      agreement: {
        ...this.view(agreement, dto.language),
        signatures: signatures.map((signature) => ({
          role: signature.role,
          method: signature.method,
          signerName: signature.signerName,
          signerFunction: signature.signerFunction,
          signedAt: signature.signedAt.toISOString(),
          documentSha256: signature.documentSha256,
        })),
      },
      expectedSignerName,
      hasMonthlyGift: link.purpose === 'start_debits' && (await this.runningMonthlyGift(agreement)) !== null,
    };
  }

  /** The verification link's POST: the address is verified, and the donor gets a fresh link to sign with. */
  async verify(dto: AgreementLinkDto, now = new Date()): Promise<{ success: true; signToken: string }> {
    const { link, agreement } = await this.usable(dto, ['verify_email']);
    const signToken = await this.inTransaction(dto.language, async (tx) => {
      if (!(await this.links.use(tx, link, now))) throw new AgreementRefusedError('used');
      await tx.periodicAgreement.update({
        where: { id: agreement.id },
        data: {
          emailVerifiedAt: now,
          ...(agreement.status === 'awaiting_verification' ? { status: 'awaiting_signatures' } : {}),
        },
      });
      return this.links.issue(tx, agreement.id, 'sign_donor', now);
    });
    return { success: true, signToken };
  }

  /** The agreement's PDF (the exact bytes whose SHA-256 is stored), for any link but the debits'. */
  async document(dto: AgreementLinkDto): Promise<{ fileName: string; content: Buffer }> {
    const { agreement } = await this.usable(dto, ['verify_email', 'sign_donor', 'sign_partner', 'countersign']);
    const row = await this.prisma.periodicAgreement.findUniqueOrThrow({
      where: { id: agreement.id },
      select: { document: true },
    });
    const name = periodicText(dto.language)('document.fileName', { number: agreement.transactionNumber });
    return { fileName: `${name}.pdf`, content: Buffer.from(row.document!) };
  }

  /** A signature: the typed name must be the agreement's (ignoring letter case and extra spaces), consent given. */
  async sign(dto: SignAgreementDto, now = new Date()): Promise<{ success: true; status: AgreementStatus }> {
    const { link, agreement } = await this.usable(dto, ['sign_donor', 'sign_partner']);
    const role = link.purpose === 'sign_partner' ? 'partner' : 'donor';
    const expected =
      role === 'donor'
        ? signerName(agreement.firstNames, agreement.surname)
        : signerName(agreement.partnerFirstNames ?? '', agreement.partnerSurname ?? '');
    if (!isSameName(dto.name, expected)) {
      const message = periodicText(dto.language)('api.nameMismatch');
      throw new ApiError(HttpStatus.BAD_REQUEST, message, { fields: { name: message }, codes: { name: 'invalid' } });
    }
    const status = await this.inTransaction(dto.language, async (tx) => {
      if (!(await this.links.use(tx, link, now))) throw new AgreementRefusedError('used');
      const email = role === 'donor' ? agreement.email : agreement.partnerEmail;
      return this.agreements.recordSignature(tx, agreement, { role, method: 'online', name: dto.name, email }, now);
    });
    return { success: true, status };
  }

  /** The foundation's signature through the staff email's link; the signatory comes from the configuration. */
  async countersign(dto: AgreementLinkDto, now = new Date()): Promise<{ success: true; status: AgreementStatus }> {
    const { link, agreement } = await this.usable(dto, ['countersign']);
    const signatory = {
      name: this.config.periodicGift.signatoryName ?? FOUNDATION.name,
      function: this.config.periodicGift.signatoryFunction,
    };
    try {
      const status = await this.agreements.countersign(
        agreement.id,
        signatory,
        async (tx) => {
          if (!(await this.links.use(tx, link, now))) throw new AgreementRefusedError('used');
        },
        now,
      );
      return { success: true, status };
    } catch (error) {
      throw this.translated(error, dto.language);
    }
  }

  /**
   * The donor starts the monthly debits (docs/product.md §4.9): only once the agreement is countersigned, once. A
   * Checkout in subscription mode for exactly the agreed monthly amount, its metadata naming the agreement; the
   * donor's running monthly gift, if they chose so, is noted to stop when the first periodic debit is paid.
   */
  async startDebits(dto: StartDebitsDto): Promise<{ success: true; url: string }> {
    const { agreement } = await this.usable(dto, ['start_debits']);
    if (['awaiting_verification', 'awaiting_signatures', 'awaiting_countersignature'].includes(agreement.status)) {
      throw new AgreementRefusedError('notCountersigned').toHttp(dto.language);
    }
    if (agreement.status !== 'signed') throw new AgreementRefusedError('alreadyStarted').toHttp(dto.language);
    const existing = await this.donations.findByAgreement(agreement.id);
    if (existing && existing.status !== DonationStatus.open && existing.status !== DonationStatus.failed) {
      throw new AgreementRefusedError('alreadyStarted', { giftStatus: existing.status }).toHttp(dto.language);
    }
    const replaced = dto.replaceGift ? await this.runningMonthlyGift(agreement) : null;
    await this.prisma.periodicAgreement.update({
      where: { id: agreement.id },
      data: { replacesDonationId: replaced?.id ?? null },
    });
    const fields = {
      frequency: 'monthly',
      amountCents: agreement.monthlyAmountCents,
      currency: 'eur',
      email: agreement.email,
      name: signerName(agreement.firstNames, agreement.surname),
      language: agreement.language,
      status: DonationStatus.open,
      failedAt: null,
      lastError: null,
    } as const;
    // A Checkout left unused (open) is started again on the same gift. A first debit that failed leaves the agreement
    // signed, and the new start is a new gift: the failed one keeps its subscription, payment and Stripe ids for the
    // books, no longer linked (one gift per agreement), so late events of its subscription cannot touch the new one.
    const donation = await this.prisma.$transaction(async (tx) => {
      if (existing?.status === DonationStatus.open) return this.donations.update(existing.id, fields, tx);
      if (existing) await this.donations.update(existing.id, { periodicAgreement: { disconnect: true } }, tx);
      return this.donations.create({ ...fields, periodicAgreement: { connect: { id: agreement.id } } }, tx);
    });
    const { url } = await this.checkout.createAgreementSession(
      donation,
      dto.language,
      { periodic_agreement_id: agreement.id, transaction_number: agreement.transactionNumber },
      `${donation.id}:${randomUUID()}`,
    );
    return { success: true, url };
  }

  /** The link of `dto` if it is usable for one of `purposes`; otherwise the refusal in the page's language. */
  private async usable(dto: AgreementLinkDto, purposes?: AgreementLinkPurpose[]) {
    const check = await this.links.check(dto.token).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) throw new DatabaseUnavailableError();
      throw error;
    });
    if (check.problem) throw new AgreementRefusedError(check.problem).toHttp(dto.language);
    if (purposes && !purposes.includes(check.link.purpose)) {
      throw new AgreementRefusedError('wrongPurpose').toHttp(dto.language);
    }
    return check;
  }

  private async inTransaction<T>(language: Language, work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.prisma.$transaction((tx) => work(tx));
    } catch (error) {
      throw this.translated(error, language);
    }
  }

  private translated(error: unknown, language: Language): unknown {
    if (error instanceof AgreementRefusedError) return error.toHttp(language);
    if (isDatabaseUnavailable(error)) return new DatabaseUnavailableError();
    return error;
  }

  /** The donor's monthly gift that still collects, not one paying an agreement (same address, any letter case). */
  private runningMonthlyGift(agreement: PeriodicAgreement) {
    return this.donations.findMonthlyGiftOf(agreement.email, RUNNING_GIFT);
  }

  private view(agreement: PeriodicAgreement, language: Language): Omit<AgreementView, 'signatures'> {
    return {
      transactionNumber: agreement.transactionNumber,
      status: agreement.status,
      dutchText: agreementParagraphs(agreement, 'nl'),
      readingTranslation: language === 'nl' ? null : agreementParagraphs(agreement, language),
      monthlyAmountCents: agreement.monthlyAmountCents,
      yearlyAmountCents: agreement.yearlyAmountCents,
      yearlyAmountInDutchWords: dutchEuroWords(agreement.yearlyAmountCents),
      termYears: agreement.termYears,
      firstYear: agreement.firstYear,
      documentSha256: agreement.documentSha256 ?? '',
      hasPartner: signerRoles(agreement).includes('partner'),
    };
  }
}
