import { Injectable } from '@nestjs/common';
import { StaffLinks } from '../staff-actions/staff-links';
import {
  SPREADSHEET_LINK_FRAGMENT,
  SPREADSHEET_LINK_LIFETIME_DAYS,
  decodeSpreadsheetLink,
  encodeSpreadsheetLink,
  type SpreadsheetSelection,
} from './spreadsheet-link';

/**
 * "Download as a spreadsheet" links (docs/product.md §4.10.2): signed staff links of kind `spreadsheet`, valid a day,
 * opening the staff confirmation page; only its button's POST answers the file, so a mail scanner that opens every
 * link never fetches personal data.
 */
@Injectable()
export class SpreadsheetLinks {
  constructor(private readonly links: StaffLinks) {}

  url(selection: SpreadsheetSelection, now = new Date()): string {
    const token = this.links.sign('spreadsheet', encodeSpreadsheetLink(selection), SPREADSHEET_LINK_LIFETIME_DAYS, now);
    return this.links.page(SPREADSHEET_LINK_FRAGMENT, token);
  }

  verify(token: unknown, now = new Date()): SpreadsheetSelection | { problem: 'invalid' | 'expired' } {
    const check = this.links.verify('spreadsheet', token, now);
    if ('problem' in check) return check;
    return decodeSpreadsheetLink(check.body) ?? { problem: 'invalid' };
  }
}
