import { AGREEMENT_STATUSES } from '@stichting/contracts';
import type { Dataset, ExportColumn } from './export-query';

const column = (header: string, kind: ExportColumn['kind'], sql: string): ExportColumn => ({ header, kind, sql });

/** When the signer of `role` signed the agreement (null until then). */
const signedAt = (role: 'donor' | 'partner' | 'foundation') =>
  `(SELECT s.signed_at FROM agreement_signatures s WHERE s.agreement_id = a.id AND s.role = '${role}')`;

/**
 * Periodieke giften (docs/product.md §4.9), one row per agreement, for staff who keep the paper files: where each
 * stands, its amounts and term, when each party signed and how, the monthly gift that pays it and how it ended.
 * `--since/--until` filter on created_at, `--status` on the agreement's status.
 */
export const AGREEMENTS: Dataset = {
  name: 'agreements',
  description: 'periodic gift agreements (periodieke giften): status, amounts, term, signatures, linked gift',
  from: 'periodic_agreements a LEFT JOIN donations d ON d.periodic_agreement_id = a.id',
  columns: [
    column('transaction_number', 'text', 'a.transaction_number'),
    column('status', 'text', 'a.status'),
    column('created_at', 'timestamp', 'a.created_at'),
    column('language', 'text', 'a.language'),
    column('first_names', 'text', 'a.first_names'),
    column('surname', 'text', 'a.surname'),
    column('email', 'text', 'a.email'),
    column('monthly_amount_eur', 'euro', 'a.monthly_amount_cents'),
    column('yearly_amount_eur', 'euro', 'a.yearly_amount_cents'),
    // Empty: until the donor's death.
    column('term_years', 'integer', 'a.term_years'),
    column('first_year', 'integer', 'a.first_year'),
    column('last_year', 'integer', 'a.first_year + a.term_years - 1'),
    column('ends_on_job_loss', 'boolean', 'a.ends_on_job_loss'),
    column('ends_on_disability', 'boolean', 'a.ends_on_disability'),
    column('ends_on_anbi_loss', 'boolean', 'a.ends_on_anbi_loss'),
    column('has_partner', 'boolean', '(a.partner_email IS NOT NULL)'),
    column('signing_method', 'text', 'a.signing_method'),
    column('donor_signed_at', 'timestamp', signedAt('donor')),
    column('partner_signed_at', 'timestamp', signedAt('partner')),
    column('foundation_signed_at', 'timestamp', signedAt('foundation')),
    column('completed_at', 'timestamp', 'a.completed_at'),
    column('gift_id', 'text', 'd.id'),
    column('gift_status', 'text', 'd.status'),
    column('replaces_gift_id', 'text', 'a.replaces_donation_id'),
    column('stop_reason', 'text', 'a.stop_reason'),
    column('stopped_at', 'timestamp', 'a.stopped_at'),
    column('ended_at', 'timestamp', 'a.ended_at'),
  ],
  dateColumn: 'a.created_at',
  status: { column: 'a.status', values: AGREEMENT_STATUSES, meaning: 'agreement status' },
  orderBy: 'a.created_at, a.id',
};
