import {
  FOUNDATION,
  STAFF_SUBJECTS,
  VOLUNTEER_CATEGORIES,
  type Language,
  type StaffStatusAction,
  type SubmissionOutcome,
  type SubmissionType,
} from '@stichting/contracts';
import { fill, siteCopy, type SiteCopy } from '../../common/site-copy';
import type { Submission } from '../../generated/prisma/client';
import { escapeHtml, htmlDocument, htmlLines } from './html';

/** Staff read the notification in Dutch whatever the visitor's language (docs/product.md §7.8). */
const STAFF_LANGUAGE = 'nl';

type Field = keyof Submission;
type LabelKey = keyof SiteCopy['email']['staff']['fields'];

/** Which fields each form has, in the order staff read them, with the key of their label in email.json. */
const FIELDS: Record<SubmissionType, Array<[Field, LabelKey]>> = {
  volunteer: [
    ['name', 'name'],
    ['email', 'email'],
    ['phone', 'phone'],
    ['location', 'location'],
    ['speaksDutch', 'speaksDutch'],
    ['category', 'category'],
    ['availability', 'availability'],
    ['preferredContact', 'preferredContact'],
    ['skills', 'skills'],
    ['spokenLanguages', 'spokenLanguages'],
    ['motivation', 'motivation'],
    ['experience', 'experience'],
  ],
  contact: [
    ['name', 'name'],
    ['email', 'email'],
    ['subject', 'subject'],
    ['message', 'message'],
  ],
  'help-request': [
    ['name', 'name'],
    ['email', 'email'],
    ['phone', 'phone'],
    ['location', 'residence'],
    ['familySize', 'familySize'],
    ['helpType', 'helpType'],
    ['preferredContact', 'preferredContact'],
    ['description', 'description'],
  ],
};

/**
 * The words for the stored values of each form's choices: the labels its page shows, in Dutch (volunteer.json,
 * getHelp.json), so staff read what the visitor chose, not a code. A field without labels shows its value.
 */
function choiceLabels(type: SubmissionType): Partial<Record<Field, Record<string, string>>> {
  if (type === 'volunteer') {
    const { steps, form, categories } = siteCopy('volunteer', STAFF_LANGUAGE);
    return {
      location: { remote: steps.location.remote.title, local: steps.location.local.title },
      category: Object.fromEntries(VOLUNTEER_CATEGORIES.map((category) => [category, categories[category].title])),
      availability: form.availabilityOptions,
      preferredContact: form.contactOptions,
      skills: form.skillOptions,
      spokenLanguages: form.languageOptions,
    };
  }
  if (type === 'help-request') {
    const { form } = siteCopy('getHelp', STAFF_LANGUAGE);
    return { helpType: form.helpTypes, preferredContact: form.contactOptions };
  }
  return {};
}

/** Long free text is shown as its own block under the other fields. */
const LONG_TEXT = new Set<Field>(['message', 'motivation', 'experience', 'description']);

/** Built once: constructing an Intl.DateTimeFormat costs more than rendering the rest of the message. */
const RECEIVED_AT = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
});

interface Row {
  label: string;
  value: string;
  isLong: boolean;
}

/**
 * docs/product.md §4.10: what the email says about following the request up: a link per action (signed by
 * staff-actions/, each opening a confirmation page) and the same address's earlier request of the same type.
 */
export interface StaffFollowUpView {
  actions: Array<{ action: StaffStatusAction; url: string }>;
  earlier?: Pick<Submission, 'createdAt' | 'status' | 'outcome'>;
  /** docs/product.md §4.10.2: the link to this type's requests of the month as a spreadsheet. */
  spreadsheet?: { type: SubmissionType; month: string; url: string };
}

/** "Download alle aanmeldingen als vrijwilliger van maart 2026 als spreadsheet" and its hint, in Dutch. */
function spreadsheetLine(spreadsheet: NonNullable<StaffFollowUpView['spreadsheet']>) {
  const words = siteCopy('staffOverview', STAFF_LANGUAGE);
  const month = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${spreadsheet.month}-15T00:00:00Z`),
  );
  const type = siteCopy('email', STAFF_LANGUAGE).staff.followUp.typeNames[spreadsheet.type];
  return {
    label: fill(words.spreadsheet.downloadMonth, { type, month }),
    hint: words.downloadHint,
    url: spreadsheet.url,
  };
}

const DAY = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' });

/**
 * A `mailto:` link to the sender with a subject and a short first answer in the sender's language (email.json
 * `reply`), encoded as RFC 6068 asks: each part percent-encoded, line breaks as CRLF, the `@` left as it is.
 */
export function replyLink(submission: Pick<Submission, 'type' | 'language' | 'name' | 'email'>): string {
  const template = siteCopy('email', submission.language as Language).reply[submission.type as SubmissionType];
  const values = { foundation: FOUNDATION.name, firstName: submission.name.trim().split(/\s+/)[0] ?? '' };
  const encode = (value: string) => encodeURIComponent(value.replace(/\r?\n/g, '\r\n'));
  const address = encodeURIComponent(submission.email).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encode(fill(template.subject, values))}&body=${encode(fill(template.body, values))}`;
}

/** The follow-up lines in Dutch: what each link does, the duplicate note and the reply line. */
function followUpLines(submission: Submission, followUp: StaffFollowUpView) {
  const staff = siteCopy('email', STAFF_LANGUAGE).staff;
  const words = siteCopy('staffAction', STAFF_LANGUAGE);
  const outcomeWord = (outcome: string | null) => (outcome ? words.outcomes[outcome as SubmissionOutcome] : '');
  const actions = followUp.actions.map(({ action, url }) => ({
    label:
      action.status === 'contacted'
        ? staff.followUp.contacted
        : fill(staff.followUp.closed, { outcome: outcomeWord(action.outcome) }),
    url,
  }));
  const earlier = followUp.earlier;
  const duplicate =
    earlier &&
    fill(staff.followUp.duplicate, {
      date: DAY.format(earlier.createdAt),
      type: staff.followUp.typeNames[submission.type as SubmissionType],
      status: earlier.outcome
        ? `${words.statuses[earlier.status]} (${outcomeWord(earlier.outcome)})`
        : words.statuses[earlier.status],
    });
  const reply = fill(staff.followUp.reply, {
    language: staff.languageNames[submission.language as Language] ?? submission.language,
  });
  return {
    title: staff.followUp.title,
    intro: staff.followUp.intro,
    actions,
    duplicate,
    reply,
    replyLabel: staff.followUp.replyLink,
    spreadsheet: followUp.spreadsheet && spreadsheetLine(followUp.spreadsheet),
  };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The notification to staff: docs/product.md §7.8 Dutch subject, every field with its Dutch label, text and HTML.
 * The words are `staff` in `frontend/src/locales/nl/email.json`, the choices the form pages' own labels; the subject
 * is the form's hidden `_subject` value (STAFF_SUBJECTS, shared with the site through contracts).
 */
export function renderStaffNotification(submission: Submission, followUp?: StaffFollowUpView): RenderedMail {
  const type = submission.type as SubmissionType;
  const subject = STAFF_SUBJECTS[type];
  const staff = siteCopy('email', STAFF_LANGUAGE).staff;
  const labels = choiceLabels(type);
  const readable = (field: Field | 'language', value: unknown): string => {
    if (value === null || value === undefined || value === '') return staff.notFilledIn;
    if (typeof value === 'boolean') return value ? staff.yes : staff.no;
    const words: Record<string, string> | undefined = field === 'language' ? staff.languageNames : labels[field];
    const label = (item: unknown) => {
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
      return words?.[text] ?? text;
    };
    if (Array.isArray(value)) return value.length ? value.map(label).join(', ') : staff.notFilledIn;
    return label(value);
  };
  const rows: Row[] = FIELDS[type]
    .filter(([field]) => !(field === 'speaksDutch' && submission.speaksDutch === null))
    .map(([field, labelKey]) => ({
      label: staff.fields[labelKey],
      value: readable(field, submission[field]),
      isLong: LONG_TEXT.has(field),
    }));
  rows.push(
    { label: staff.senderLanguage, value: readable('language', submission.language), isLong: false },
    { label: staff.receivedAt, value: RECEIVED_AT.format(submission.createdAt), isLong: false },
    { label: staff.reference, value: submission.id, isLong: false },
  );

  const next = followUp && followUpLines(submission, followUp);
  const mailto = replyLink(submission);
  const text = [
    subject,
    '',
    ...(next?.duplicate ? [next.duplicate, ''] : []),
    ...rows.map(({ label, value, isLong }) => (isLong ? `${label}:\n${value}\n` : `${label}: ${value}`)),
    '',
    staff.replyHint,
    ...(next
      ? [
          '',
          next.title,
          next.intro,
          ...next.actions.map(({ label, url }) => `- ${label}: ${url}`),
          '',
          next.reply,
          mailto,
          ...(next.spreadsheet
            ? ['', `${next.spreadsheet.label}: ${next.spreadsheet.url}`, next.spreadsheet.hint]
            : []),
        ]
      : []),
  ].join('\n');

  const tableRows = rows
    .map(
      ({ label, value }) =>
        `<tr><th style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;white-space:nowrap">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0">${htmlLines(value)}</td></tr>`,
    )
    .join('\n');
  const html = htmlDocument(
    STAFF_LANGUAGE,
    subject,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>\n` +
      (next?.duplicate
        ? `<p style="background:#fff4e5;padding:8px 12px;border-left:4px solid #b45309">${escapeHtml(next.duplicate)}</p>\n`
        : '') +
      `<table style="border-collapse:collapse">\n${tableRows}\n</table>\n` +
      `<p style="color:#52606d">${escapeHtml(staff.replyHint)}</p>` +
      (next
        ? `\n<h2 style="font-size:17px">${escapeHtml(next.title)}</h2>\n<p>${escapeHtml(next.intro)}</p>\n<ul>\n` +
          next.actions
            .map(({ label, url }) => `<li><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></li>`)
            .join('\n') +
          `\n</ul>\n<p>${escapeHtml(next.reply)} <a href="${escapeHtml(mailto)}">${escapeHtml(next.replyLabel)}</a></p>` +
          (next.spreadsheet
            ? `\n<p><a href="${escapeHtml(next.spreadsheet.url)}">${escapeHtml(next.spreadsheet.label)}</a><br>` +
              `<span style="color:#52606d">${escapeHtml(next.spreadsheet.hint)}</span></p>`
            : '')
        : ''),
  );
  return { subject, text, html };
}
