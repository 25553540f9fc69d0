import { VOLUNTEER_CATEGORIES, type Language } from '@stichting/contracts';
import { siteCopy } from '../common/site-copy';
import type { Dataset, ExportColumn, ExportLanguage } from './export-query';

/**
 * docs/staff-exports.md: a staff spreadsheet speaks staff's language (Dutch unless asked for English) in the words
 * staff already read in their emails: the request's fields as the staff notification labels them (email.json `staff`),
 * its type, status and outcome as the confirmation page names them (staffAction.json), the visitor's choices as the
 * form pages show them (volunteer.json, getHelp.json). What no email shows has its words in staffOverview.json
 * `spreadsheet`. A field without words keeps its name, a code without words stays as stored.
 */

type Words = Readonly<Record<string, string>>;

interface ExportWords {
  sheets: Words;
  headers: (dataset: string, field: string) => string;
  /** The words for a field's stored codes, by dataset and field. */
  labels: (dataset: string, field: string) => Words | undefined;
}

function merge(...maps: Array<Words | undefined>): Words {
  return Object.assign({}, ...maps) as Words;
}

function exportWords(language: Language): ExportWords {
  const email = siteCopy('email', language).staff;
  const action = siteCopy('staffAction', language);
  const spreadsheet = siteCopy('staffOverview', language).spreadsheet;
  const volunteer = siteCopy('volunteer', language);
  const getHelp = siteCopy('getHelp', language);
  const yesNo = { true: email.yes, false: email.no };
  const columns = spreadsheet.columns as Record<string, Words>;
  const values = spreadsheet.values;

  /** The staff notification's own labels (mail/templates/staff-notification.ts). */
  const requestHeaders: Words = {
    id: email.reference,
    created_at: email.receivedAt,
    language: email.senderLanguage,
    name: email.fields.name,
    email: email.fields.email,
    phone: email.fields.phone,
    location: email.fields.location,
    subject: email.fields.subject,
    message: email.fields.message,
    category: email.fields.category,
    speaks_dutch: email.fields.speaksDutch,
    availability: email.fields.availability,
    motivation: email.fields.motivation,
    experience: email.fields.experience,
    skills: email.fields.skills,
    spoken_languages: email.fields.spokenLanguages,
    preferred_contact: email.fields.preferredContact,
    family_size: email.fields.familySize,
    help_type: email.fields.helpType,
    description: email.fields.description,
  };
  const requestLabels: Record<string, Words> = {
    type: action.types,
    status: action.statuses,
    outcome: action.outcomes,
    language: email.languageNames,
    speaks_dutch: yesNo,
    overdue: yesNo,
    location: { remote: volunteer.steps.location.remote.title, local: volunteer.steps.location.local.title },
    category: Object.fromEntries(
      VOLUNTEER_CATEGORIES.map((category) => [category, volunteer.categories[category].title]),
    ),
    availability: volunteer.form.availabilityOptions,
    // One column for both forms: their codes do not clash, and where they agree so do their words.
    preferred_contact: merge(volunteer.form.contactOptions, getHelp.form.contactOptions),
    skills: volunteer.form.skillOptions,
    spoken_languages: volunteer.form.languageOptions,
    help_type: getHelp.form.helpTypes,
    email_status: values.emailStatuses,
    confirmation_skipped: values.confirmationSkipped,
  };
  const byDataset: Record<string, Record<string, Words>> = {
    submissions: requestLabels,
    'submission-history': {
      type: action.types,
      status: action.statuses,
      outcome: action.outcomes,
      via: values.via,
    },
    donations: {
      status: values.donationStatuses,
      frequency: values.frequencies,
      language: email.languageNames,
      cancel_at_period_end: yesNo,
      referral: yesNo,
    },
    'donation-payments': {
      status: values.paymentStatuses,
      frequency: values.frequencies,
      donor_language: email.languageNames,
    },
    'donor-emails': { status: values.emailStatuses, language: email.languageNames },
    'donor-yearly-totals': { statement_status: values.emailStatuses },
  };
  return {
    sheets: spreadsheet.sheets,
    headers: (dataset, field) =>
      columns[dataset]?.[field] ??
      (dataset === 'submissions' ? requestHeaders[field] : undefined) ??
      columns.common[field] ??
      field,
    labels: (dataset, field) => byDataset[dataset]?.[field],
  };
}

/** An Excel sheet name has at most 31 characters. */
const SHEET_NAME_MAX = 31;

/**
 * The dataset as a staff spreadsheet in `language` (CSV and XLSX): headers and codes in words, the sheet named in
 * words. JSON lines are for programs and keep the fields' names and codes (export-query.ts leaves them as they are).
 */
export function staffDataset(dataset: Dataset, language: ExportLanguage): Dataset {
  const words = exportWords(language);
  const columns = dataset.columns.map((col): ExportColumn => {
    const labels = words.labels(dataset.name, col.header);
    return { ...col, title: words.headers(dataset.name, col.header), ...(labels ? { labels } : {}) };
  });
  const sheetName = (words.sheets[dataset.name] ?? dataset.name).slice(0, SHEET_NAME_MAX);
  return { ...dataset, columns, language, sheetName };
}
