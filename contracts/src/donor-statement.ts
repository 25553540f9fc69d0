/**
 * docs/product.md §7.9: a donor's yearly statement from their own page. Both are POSTs carrying the manage link's
 * token: `download` `{token, language, year}` answers the PDF (`application/pdf`, as an attachment), `years`
 * `{token, language}` the calendar years with gifts, newest first. Both read the ledger as it is now.
 */
export const DONOR_STATEMENT_PATHS = {
  download: '/api/donations/statement',
  years: '/api/donations/statement-years',
} as const;

/** The years a statement can be asked for (a year outside is a field error, 400). */
export const STATEMENT_YEAR_RANGE = { min: 2000, max: 2999 } as const;

/** `POST /api/donations/statement-years`: the calendar years (Dutch time) in which the donor's address gave. */
export interface DonorStatementYears {
  success: true;
  years: number[];
}
