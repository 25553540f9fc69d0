import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FOUNDATION, LANGUAGES, SUBMISSION_TYPES, type Language, type SubmissionType } from '@stichting/contracts';
import { LOCALES_DIR } from '../../common/site-copy';
import type { Submission } from '../../generated/prisma/client';
import { renderConfirmation } from './confirmation';
import { escapeHtml } from './html';
import { renderStaffNotification } from './staff-notification';

/** A locale file as the site has it, read here on its own: the emails must say what these files say. */
type Tree = { [key: string]: string | string[] | Tree };
const locale = (language: Language, namespace: string): Tree =>
  JSON.parse(readFileSync(join(LOCALES_DIR, language, `${namespace}.json`), 'utf8')) as Tree;
const at = (tree: Tree, path: string): string => {
  const value = path.split('.').reduce<unknown>((node, key) => (node as Tree)[key], tree);
  if (typeof value !== 'string') throw new Error(`no string at ${path}`);
  return value;
};

const ID = '3f0c2a4e-7b1d-4c5e-9a8f-112233445566';

function submission(fields: Partial<Submission>): Submission {
  return {
    id: ID,
    type: 'volunteer',
    language: 'nl',
    name: 'Eva de Vries',
    email: 'eva@example.org',
    phone: null,
    location: null,
    subject: null,
    message: null,
    category: null,
    speaksDutch: null,
    availability: null,
    motivation: null,
    experience: null,
    skills: [],
    spokenLanguages: [],
    preferredContact: null,
    familySize: null,
    helpType: null,
    description: null,
    createdAt: new Date('2026-03-01T09:30:00Z'),
    emailStatus: 'queued',
    emailAttempts: 0,
    emailLastError: null,
    emailSentAt: null,
    confirmationSentAt: null,
    confirmationAllowedAt: null,
    confirmationSkipped: null,
    confirmationAddressKey: null,
    clientKey: null,
    erasedAt: null,
    status: 'new',
    outcome: null,
    firstContactAt: null,
    closedAt: null,
    ...fields,
  };
}

describe('confirmation email, from email.json', () => {
  const cases = LANGUAGES.flatMap((language) => SUBMISSION_TYPES.map((type) => [language, type] as const));

  it.each(cases)(
    '%s %s: subject, paragraphs, sign-off and reference in the words of the locale file',
    (language, type) => {
      const copy = locale(language, 'email');
      const mail = renderConfirmation(submission({ type, language }));
      const section = `confirmation.${type satisfies SubmissionType}`;
      expect(mail.subject).toBe(at(copy, `${section}.subject`));
      expect(mail.language).toBe(language);
      const paragraphs = ((copy.confirmation as Tree)[type] as Tree).paragraphs as string[];
      expect(paragraphs.length).toBeGreaterThan(1);
      const expected = [
        at(copy, 'confirmation.greeting'),
        ...paragraphs.map((paragraph) => paragraph.replaceAll('{{foundation}}', FOUNDATION.name)),
        at(copy, 'confirmation.signOff').replace('{{foundation}}', FOUNDATION.name),
        at(copy, 'confirmation.reference').replace('{{id}}', ID),
        at(copy, 'confirmation.footer'),
      ];
      for (const block of expected) {
        expect(mail.text).toContain(block);
        expect(mail.html).toContain(escapeHtml(block).replace(/\n/g, '<br>'));
      }
      expect(mail.text).not.toMatch(/\{\{/);
    },
  );

  it('falls back to Dutch for a language the site does not have', () => {
    expect(renderConfirmation(submission({ type: 'contact', language: 'de' })).subject).toBe(
      at(locale('nl', 'email'), 'confirmation.contact.subject'),
    );
  });
});

describe('staff notification, in Dutch, with the words the form pages show', () => {
  const email = locale('nl', 'email');
  const volunteer = locale('nl', 'volunteer');
  const getHelp = locale('nl', 'getHelp');
  const line = (label: string, value: string) => `${at(email, `staff.fields.${label}`)}: ${value}`;

  it('labels a volunteer application with the volunteer page’s own choices', () => {
    const { text } = renderStaffNotification(
      submission({
        location: 'local',
        speaksDutch: true,
        category: 'practical-help',
        availability: '2-5-hours',
        preferredContact: 'both',
        skills: ['construction', 'events'],
        spokenLanguages: ['dutch', 'other'],
        motivation: 'Ik help graag.',
      }),
    );
    expect(text).toContain(line('location', at(volunteer, 'steps.location.local.title')));
    expect(text).toContain(line('speaksDutch', at(email, 'staff.yes')));
    expect(text).toContain(line('category', at(volunteer, 'categories.practical-help.title')));
    expect(text).toContain(line('availability', at(volunteer, 'form.availabilityOptions.2-5-hours')));
    expect(text).toContain(line('preferredContact', at(volunteer, 'form.contactOptions.both')));
    const skills = ['construction', 'events'].map((skill) => at(volunteer, `form.skillOptions.${skill}`));
    expect(text).toContain(line('skills', skills.join(', ')));
    const languages = ['dutch', 'other'].map((language) => at(volunteer, `form.languageOptions.${language}`));
    expect(text).toContain(line('spokenLanguages', languages.join(', ')));
    expect(text).toContain(line('phone', at(email, 'staff.notFilledIn')));
    expect(text).toContain(`${at(email, 'staff.senderLanguage')}: ${at(email, 'staff.languageNames.nl')}`);
    expect(text).toContain(at(email, 'staff.replyHint'));
  });

  it('labels a help request with the help page’s own choices, and its place as the place of residence', () => {
    const { text, html } = renderStaffNotification(
      submission({
        type: 'help-request',
        language: 'es',
        location: 'Den Helder',
        familySize: 4,
        helpType: 'medical',
        preferredContact: 'phone',
        description: 'Hulp nodig.',
      }),
    );
    expect(text).toContain(line('residence', 'Den Helder'));
    expect(text).toContain(line('helpType', at(getHelp, 'form.helpTypes.medical')));
    expect(text).toContain(line('preferredContact', at(getHelp, 'form.contactOptions.phone')));
    expect(text).toContain(`${at(email, 'staff.senderLanguage')}: ${at(email, 'staff.languageNames.es')}`);
    expect(html).toContain(`<html lang="nl">`);
  });
});
