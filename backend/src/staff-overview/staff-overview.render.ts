import type { StaffStatusAction, SubmissionType } from '@stichting/contracts';
import { fill, siteCopy } from '../common/site-copy';
import type { CalendarDay } from '../common/dutch-business-days';
import { escapeHtml, htmlDocument } from '../mail/templates/html';

/** Staff read the overview in Dutch, as every staff email (docs/product.md §7.8). */
const STAFF_LANGUAGE = 'nl';

/** One waiting request as the overview shows it: what it is, whose, since when, and its action links. */
export interface OverviewEntry {
  id: string;
  type: SubmissionType;
  firstName: string;
  createdAt: Date;
  promisedBy: CalendarDay;
  actions: Array<{ action: StaffStatusAction; url: string }>;
}

export interface OverviewContent {
  day: CalendarDay;
  entries: OverviewEntry[];
  /** Every overdue request, including those past the email's list. */
  total: number;
  /** The "download as a spreadsheet" link of the open requests. */
  downloadUrl: string;
}

const LONG_DATE = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' });
const LONG_DATE_TIME = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
});
/** A calendar day in words ("9 april 2026"): noon UTC is that day in Amsterdam, whatever the season. */
const dayInWords = (day: CalendarDay) => LONG_DATE.format(new Date(`${day}T12:00:00Z`));

/** The daily overview (docs/product.md §4.10.1): text and HTML, oldest request first, each with its action links. */
export function renderStaffOverview(content: OverviewContent): { subject: string; text: string; html: string } {
  const words = siteCopy('staffOverview', STAFF_LANGUAGE);
  const follow = siteCopy('staffAction', STAFF_LANGUAGE);
  const actionLabel = (action: StaffStatusAction) =>
    action.status === 'contacted'
      ? follow.statuses.contacted
      : fill(words.closedAs, { outcome: follow.outcomes[action.outcome] });
  const subject = fill(words.subject, { date: dayInWords(content.day), count: String(content.total) });
  const more = content.total - content.entries.length;

  const describe = (entry: OverviewEntry) => ({
    title: `${follow.types[entry.type]}: ${entry.firstName}`,
    when: `${fill(words.receivedOn, { date: LONG_DATE_TIME.format(entry.createdAt) })}, ${fill(words.promisedBy, {
      date: dayInWords(entry.promisedBy),
    })}`,
    reference: `${words.reference}: ${entry.id}`,
    links: entry.actions.map(({ action, url }) => ({ label: actionLabel(action), url })),
  });
  const described = content.entries.map(describe);

  const text = [
    words.heading,
    '',
    words.intro,
    '',
    ...described.flatMap((entry, i) => [
      `${i + 1}. ${entry.title}`,
      `   ${entry.when}`,
      `   ${entry.reference}`,
      ...entry.links.map((link) => `   ${words.mark} ‘${link.label}’: ${link.url}`),
      '',
    ]),
    ...(more > 0 ? [fill(words.more, { count: String(more) }), ''] : []),
    `${words.download}: ${content.downloadUrl}`,
    words.downloadHint,
    '',
    words.footer,
  ].join('\n');

  const items = described
    .map(
      (entry) =>
        `<li style="margin-bottom:16px"><strong>${escapeHtml(entry.title)}</strong><br>${escapeHtml(entry.when)}<br>` +
        `<span style="color:#52606d">${escapeHtml(entry.reference)}</span><br>${escapeHtml(words.mark)}: ` +
        entry.links.map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`).join(' · ') +
        '</li>',
    )
    .join('\n');
  const html = htmlDocument(
    STAFF_LANGUAGE,
    subject,
    `<h1 style="font-size:20px">${escapeHtml(words.heading)}</h1>\n<p>${escapeHtml(words.intro)}</p>\n` +
      `<ol style="padding-left:20px">\n${items}\n</ol>\n` +
      (more > 0 ? `<p>${escapeHtml(fill(words.more, { count: String(more) }))}</p>\n` : '') +
      `<p><a href="${escapeHtml(content.downloadUrl)}">${escapeHtml(words.download)}</a><br>` +
      `<span style="color:#52606d">${escapeHtml(words.downloadHint)}</span></p>\n` +
      `<p style="color:#52606d">${escapeHtml(words.footer)}</p>`,
  );
  return { subject, text, html };
}
