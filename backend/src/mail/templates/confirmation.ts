import { FOUNDATION, isLanguage, type Language, type SubmissionType } from '@stichting/contracts';
import { fill, siteCopy } from '../../common/site-copy';
import type { Submission } from '../../generated/prisma/client';
import { escapeHtml, htmlDocument, htmlLines } from './html';
import type { RenderedMail } from './staff-notification';

/**
 * The confirmation to the visitor in their own language (nl, en or es; Dutch if the stored value is unknown), in the
 * words of `confirmation` in `frontend/src/locales/<language>/email.json`; volunteers are promised contact in 3
 * business days (docs/product.md §4, §9). It sees only the type, language and id of the submission: nothing the
 * visitor typed can reach it.
 *
 * No name in the greeting. The confirmation goes to whatever address was typed, nobody has verified it, and it
 * comes from the foundation's own sender: any text a visitor chose (a "name" such as "Cheap pills at
 * https://…") would turn the form into a relay for their message. A first name "cleaned" of URLs still carries
 * words of their choosing, so the confirmation holds only the foundation's own text and the reference number.
 */
export function renderConfirmation(
  submission: Pick<Submission, 'id' | 'type' | 'language'>,
): RenderedMail & { language: Language } {
  const language: Language = isLanguage(submission.language) ? submission.language : 'nl';
  const copy = siteCopy('email', language).confirmation;
  const { subject, paragraphs } = copy[submission.type as SubmissionType];
  const foundation = FOUNDATION.name;
  const blocks = [copy.greeting, ...paragraphs.map((paragraph) => fill(paragraph, { foundation }))];
  blocks.push(fill(copy.signOff, { foundation }));
  const reference = fill(copy.reference, { id: submission.id });
  const text = [...blocks, '', reference, copy.footer].join('\n\n');
  const html = htmlDocument(
    language,
    subject,
    blocks.map((block) => `<p>${htmlLines(block)}</p>`).join('\n') +
      `\n<p style="color:#52606d;font-size:13px">${escapeHtml(reference)}<br>${escapeHtml(copy.footer)}</p>`,
  );
  return { subject, text, html, language };
}
