import { FOUNDATION, LOCALE_TAGS, type Language } from '@stichting/contracts';
import { formatCentsForReader } from '../common/money';
import { escapeHtml, htmlDocument, htmlLines } from '../mail/templates/html';
import type { RenderedMail } from '../mail/templates/staff-notification';
import { donorEmailText, type Text } from './donor-email.copy';
import { DONOR_LINK_LIFETIME_DAYS } from './donor-link.token';

/** What one donor email says, besides the foundation's own words: only amounts, dates and links, never visitor text. */
export type DonorEmailFacts =
  | { kind: 'welcome'; amountCents: number; startedAt: Date }
  | { kind: 'one_off_thanks'; amountCents: number; paidAt: Date }
  | { kind: 'payment_failed'; amountCents: number }
  | { kind: 'payment_action_required'; amountCents: number; confirmationUrl: string }
  | { kind: 'stop_check' }
  | { kind: 'cancelled' }
  | { kind: 'manage_link' }
  | { kind: 'amount_changed'; previousCents: number; newCents: number }
  | {
      kind: 'statement';
      year: number;
      payments: Array<{ paidAt: Date; amountCents: number }>;
      /** It replaces a statement of the year sent before (docs/product.md §7.9 "Corrected statements"). */
      corrected: boolean;
    };

export interface DonorEmailLinks {
  /** The signed manage link (Stripe's customer portal). */
  manage: string;
  /** The "send me a link" page, for when the manage link has expired. */
  newLink: string;
  /** The contact page pre-filled to arrange a periodic gift. */
  periodicGift: string;
}

/** A piece of an email, rendered once as plain text and once as HTML. */
export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'link'; label: string; url: string }
  | { type: 'table'; head: [string, string]; rows: Array<[string, string]>; total: [string, string] }
  | { type: 'small'; text: string };

const DATE_FORMATS = new Map<Language, Intl.DateTimeFormat>();

/** A calendar day as the donor writes it ("2 januari 2026", "2 January 2026", "2 de enero de 2026"), Dutch time. */
export function formatDay(date: Date, language: Language): string {
  let format = DATE_FORMATS.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'long', timeZone: 'Europe/Amsterdam' });
    DATE_FORMATS.set(language, format);
  }
  return format.format(date);
}

export const foundation = { foundation: FOUNDATION.name, rsin: FOUNDATION.rsin };

function manageBlocks(text: Text, links: DonorEmailLinks): Block[] {
  return [
    { type: 'heading', text: text('common.manageTitle') },
    { type: 'paragraph', text: text('common.manageText', { days: DONOR_LINK_LIFETIME_DAYS }) },
    { type: 'link', label: text('common.manageLink'), url: links.manage },
    { type: 'paragraph', text: text('common.newLinkText') },
    { type: 'link', label: text('common.newLink'), url: links.newLink },
  ];
}

/** docs/product.md §7.9: the body of each kind of donor email. */
function body(facts: DonorEmailFacts, language: Language, text: Text, links: DonorEmailLinks): Block[] {
  const euro = (cents: number) => formatCentsForReader(cents, language);
  switch (facts.kind) {
    case 'welcome':
      return [
        { type: 'paragraph', text: text('welcome.intro', foundation) },
        {
          type: 'paragraph',
          text: `${text('welcome.amount', { amount: euro(facts.amountCents) })}\n${text('welcome.start', { date: formatDay(facts.startedAt, language) })}`,
        },
        { type: 'heading', text: text('welcome.taxTitle') },
        { type: 'paragraph', text: text('welcome.tax', foundation) },
        { type: 'heading', text: text('welcome.periodicTitle') },
        { type: 'paragraph', text: text('welcome.periodic') },
        { type: 'link', label: text('welcome.periodicLink'), url: links.periodicGift },
        ...manageBlocks(text, links),
      ];
    case 'one_off_thanks':
      // docs/product.md §7.9: the ANBI facts of an ordinary gift, and no manage link (nothing is left to manage).
      return [
        { type: 'paragraph', text: text('oneOffThanks.intro', foundation) },
        {
          type: 'paragraph',
          text: `${text('oneOffThanks.amount', { amount: euro(facts.amountCents) })}\n${text('oneOffThanks.date', { date: formatDay(facts.paidAt, language) })}`,
        },
        { type: 'heading', text: text('welcome.taxTitle') },
        { type: 'paragraph', text: text('welcome.tax', foundation) },
      ];
    case 'payment_failed':
      return [
        { type: 'paragraph', text: text('paymentFailed.intro', { amount: euro(facts.amountCents) }) },
        { type: 'paragraph', text: text('paymentFailed.action') },
        ...manageBlocks(text, links),
      ];
    case 'payment_action_required':
      return [
        { type: 'paragraph', text: text('paymentActionRequired.intro', { amount: euro(facts.amountCents) }) },
        { type: 'paragraph', text: text('paymentActionRequired.action') },
        { type: 'link', label: text('paymentActionRequired.link'), url: facts.confirmationUrl },
        ...manageBlocks(text, links),
      ];
    case 'stop_check':
      return [
        { type: 'paragraph', text: text('stopCheck.intro', foundation) },
        { type: 'paragraph', text: text('stopCheck.question') },
        ...manageBlocks(text, links),
      ];
    case 'cancelled':
      return [
        { type: 'paragraph', text: text('cancelled.intro', foundation) },
        { type: 'paragraph', text: text('cancelled.thanks') },
        { type: 'paragraph', text: text('cancelled.invoices') },
        ...manageBlocks(text, links),
      ];
    case 'manage_link':
      return [
        { type: 'paragraph', text: text('manageLink.intro') },
        ...manageBlocks(text, links),
        { type: 'paragraph', text: text('manageLink.notYou') },
      ];
    case 'amount_changed': {
      // docs/product.md §7.10: thanks for an increase; a lower amount reads as the gift going on, never as a goodbye.
      const amounts = { amount: euro(facts.newCents), previous: euro(facts.previousCents) };
      const change = facts.newCents > facts.previousCents ? 'amountChanged.increased' : 'amountChanged.decreased';
      return [
        { type: 'paragraph', text: text(change, amounts) },
        { type: 'paragraph', text: text('amountChanged.noChargeToday') },
        { type: 'paragraph', text: text('amountChanged.notYou') },
        ...manageBlocks(text, links),
      ];
    }
    case 'statement': {
      const total = facts.payments.reduce((sum, payment) => sum + payment.amountCents, 0);
      const corrected: Block[] = facts.corrected
        ? [{ type: 'paragraph', text: text('statement.corrected', { year: facts.year }) }]
        : [];
      return [
        ...corrected,
        { type: 'paragraph', text: text('statement.intro', { ...foundation, year: facts.year }) },
        {
          type: 'table',
          head: [text('statement.date'), text('statement.amount')],
          rows: facts.payments.map((payment) => [formatDay(payment.paidAt, language), euro(payment.amountCents)]),
          total: [text('statement.total', { year: facts.year }), euro(total)],
        },
        { type: 'paragraph', text: text('statement.recipient', foundation) },
        { type: 'paragraph', text: text('statement.attachment') },
      ];
    }
  }
}

function subject(facts: DonorEmailFacts, text: Text): string {
  const keys = {
    welcome: 'welcome.subject',
    one_off_thanks: 'oneOffThanks.subject',
    payment_failed: 'paymentFailed.subject',
    payment_action_required: 'paymentActionRequired.subject',
    stop_check: 'stopCheck.subject',
    cancelled: 'cancelled.subject',
    manage_link: 'manageLink.subject',
    amount_changed: 'amountChanged.subject',
    statement: 'statement.subject',
  } as const;
  if (facts.kind === 'statement') {
    return text(facts.corrected ? 'statement.correctedSubject' : 'statement.subject', { year: facts.year });
  }
  return text(keys[facts.kind]);
}

export function asText(block: Block): string {
  switch (block.type) {
    case 'link':
      return `${block.label}:\n${block.url}`;
    case 'table': {
      const lines = [block.head, ...block.rows, block.total].map(([left, right]) => `${left.padEnd(24)} ${right}`);
      lines.splice(block.rows.length + 1, 0, '-'.repeat(36));
      return lines.join('\n');
    }
    case 'heading':
      return block.text.toUpperCase();
    default:
      return block.text;
  }
}

const CELL = 'padding:4px 24px 4px 0;text-align:left';

export function asHtml(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return `<p>${htmlLines(block.text)}</p>`;
    case 'heading':
      return `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(block.text)}</h2>`;
    case 'link':
      return `<p><a href="${escapeHtml(block.url)}" style="color:#0b6e4f;font-weight:bold">${escapeHtml(block.label)}</a></p>`;
    case 'small':
      return `<p style="color:#52606d;font-size:13px">${htmlLines(block.text)}</p>`;
    case 'table': {
      const row = ([left, right]: [string, string], tag = 'td') =>
        `<tr><${tag} style="${CELL}">${escapeHtml(left)}</${tag}><${tag} style="${CELL};text-align:right">${escapeHtml(right)}</${tag}></tr>`;
      return [
        '<table style="border-collapse:collapse;margin:8px 0 16px">',
        row(block.head, 'th'),
        ...block.rows.map((cells) => row(cells)),
        `<tr style="border-top:1px solid #1f2933;font-weight:bold">${row(block.total).slice(4, -5)}</tr>`,
        '</table>',
      ].join('\n');
    }
  }
}

/**
 * A donor email in the donor's language (docs/product.md §7.9): plain text and HTML with the same content; every
 * text is escaped in the HTML, links included.
 */
export function renderDonorEmail(facts: DonorEmailFacts, language: Language, links: DonorEmailLinks): RenderedMail {
  const text = donorEmailText(language);
  const title = subject(facts, text);
  const blocks: Block[] = [
    { type: 'paragraph', text: text('common.greeting') },
    ...body(facts, language, text, links),
    { type: 'paragraph', text: `${text('common.signOff')}\n${FOUNDATION.name}` },
    {
      type: 'small',
      // A one-off donor set up no monthly gift: their own footer says why they get this email.
      text: `${text(facts.kind === 'one_off_thanks' ? 'oneOffThanks.footer' : 'common.footer', foundation)}\n${text('common.identity', foundation)}`,
    },
  ];
  return {
    subject: title,
    text: blocks.map(asText).join('\n\n'),
    html: htmlDocument(language, title, blocks.map(asHtml).join('\n')),
  };
}
