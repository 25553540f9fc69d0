import { STAFF_SUBJECTS, VOLUNTEER_CATEGORY_TITLES, type SubmissionType } from '@stichting/contracts';
import type { Submission } from '../../generated/prisma/client';
import { escapeHtml, htmlDocument, htmlLines } from './html';

/** Dutch labels for stored values: staff read the notification in Dutch whatever the visitor's language. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  location: { remote: 'Op afstand', local: 'Lokaal (in Nederland)' },
  category: VOLUNTEER_CATEGORY_TITLES.nl,
  availability: {
    'less-than-2-hours': 'Minder dan 2 uur per week',
    '2-5-hours': '2 tot 5 uur per week',
    '5-10-hours': '5 tot 10 uur per week',
    '10-plus-hours': 'Meer dan 10 uur per week',
  },
  preferredContact: { email: 'E-mail', phone: 'Telefoon', both: 'E-mail en telefoon' },
  skills: {
    communication: 'Communicatie',
    technology: 'Technologie',
    design: 'Ontwerp',
    administration: 'Administratie',
    education: 'Onderwijs',
    fundraising: 'Fondsenwerving',
    events: 'Evenementen',
    translation: 'Vertalen',
    legal: 'Juridisch',
    childcare: 'Kinderopvang',
    construction: 'Bouw en klussen',
    other: 'Anders',
  },
  spokenLanguages: { dutch: 'Nederlands', english: 'Engels', spanish: 'Spaans', other: 'Anders' },
  helpType: {
    food: 'Voedsel',
    housing: 'Huisvesting',
    education: 'Onderwijs',
    medical: 'Medisch',
    legal: 'Juridisch',
    other: 'Anders',
  },
  language: { nl: 'Nederlands', en: 'Engels', es: 'Spaans' },
};

type Field = keyof Submission;

/** Which fields each form has, in the order staff read them, with their Dutch label. */
const FIELDS: Record<SubmissionType, Array<[Field, string]>> = {
  volunteer: [
    ['name', 'Naam'],
    ['email', 'E-mail'],
    ['phone', 'Telefoon'],
    ['location', 'Locatie'],
    ['speaksDutch', 'Spreekt Nederlands'],
    ['category', 'Categorie'],
    ['availability', 'Beschikbaarheid'],
    ['preferredContact', 'Voorkeur voor contact'],
    ['skills', 'Vaardigheden'],
    ['spokenLanguages', 'Talen'],
    ['motivation', 'Motivatie'],
    ['experience', 'Ervaring'],
  ],
  contact: [
    ['name', 'Naam'],
    ['email', 'E-mail'],
    ['subject', 'Onderwerp'],
    ['message', 'Bericht'],
  ],
  'help-request': [
    ['name', 'Naam'],
    ['email', 'E-mail'],
    ['phone', 'Telefoon'],
    ['location', 'Woonplaats'],
    ['familySize', 'Aantal gezinsleden'],
    ['helpType', 'Soort hulp'],
    ['preferredContact', 'Voorkeur voor contact'],
    ['description', 'Omschrijving'],
  ],
};

/** Long free text is shown as its own block under the other fields. */
const LONG_TEXT = new Set<Field>(['message', 'motivation', 'experience', 'description']);

function readable(field: Field, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(niet ingevuld)';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nee';
  const labels = VALUE_LABELS[field];
  const label = (item: unknown) => {
    const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
    return labels?.[text] ?? text;
  };
  if (Array.isArray(value)) return value.length ? value.map(label).join(', ') : '(niet ingevuld)';
  return label(value);
}

/** Built once: constructing an Intl.DateTimeFormat costs more than rendering the rest of the message. */
const RECEIVED_AT = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
});

function receivedAt(date: Date): string {
  return RECEIVED_AT.format(date);
}

interface Row {
  label: string;
  value: string;
  isLong: boolean;
}

const REPLY_HINT = 'Als je deze e-mail beantwoordt, gaat je antwoord rechtstreeks naar de afzender.';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The notification to staff: docs/product.md §7.8 Dutch subject, every field with a Dutch label, text and HTML. */
export function renderStaffNotification(submission: Submission): RenderedMail {
  const type = submission.type as SubmissionType;
  const subject = STAFF_SUBJECTS[type];
  const rows: Row[] = FIELDS[type]
    .filter(([field]) => !(field === 'speaksDutch' && submission.speaksDutch === null))
    .map(([field, label]) => ({ label, value: readable(field, submission[field]), isLong: LONG_TEXT.has(field) }));
  rows.push(
    { label: 'Taal van de afzender', value: readable('language', submission.language), isLong: false },
    { label: 'Ontvangen op', value: receivedAt(submission.createdAt), isLong: false },
    { label: 'Referentie', value: submission.id, isLong: false },
  );

  const text = [
    subject,
    '',
    ...rows.map(({ label, value, isLong }) => (isLong ? `${label}:\n${value}\n` : `${label}: ${value}`)),
    '',
    REPLY_HINT,
  ].join('\n');

  const tableRows = rows
    .map(
      ({ label, value }) =>
        `<tr><th style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;white-space:nowrap">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0">${htmlLines(value)}</td></tr>`,
    )
    .join('\n');
  const html = htmlDocument(
    'nl',
    subject,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>\n<table style="border-collapse:collapse">\n${tableRows}\n</table>\n` +
      `<p style="color:#52606d">${escapeHtml(REPLY_HINT)}</p>`,
  );
  return { subject, text, html };
}
