import { STAFF_SUBJECTS, VOLUNTEER_CATEGORIES, type SubmissionType } from '@stichting/contracts';
import { siteCopy, type SiteCopy } from '../../common/site-copy';
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
export function renderStaffNotification(submission: Submission): RenderedMail {
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

  const text = [
    subject,
    '',
    ...rows.map(({ label, value, isLong }) => (isLong ? `${label}:\n${value}\n` : `${label}: ${value}`)),
    '',
    staff.replyHint,
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
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>\n<table style="border-collapse:collapse">\n${tableRows}\n</table>\n` +
      `<p style="color:#52606d">${escapeHtml(staff.replyHint)}</p>`,
  );
  return { subject, text, html };
}
