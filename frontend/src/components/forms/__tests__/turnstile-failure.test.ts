import { LANGUAGES } from '@stichting/contracts';
import { TURNSTILE_REASONS, TurnstileError, type TurnstileReason } from '../../turnstile';
import { FORM_MESSAGES } from '../messages';
import { describeFailure } from '../useFormSubmission';

const REASONS = Object.keys(TURNSTILE_REASONS) as TurnstileReason[];

// docs/product.md §8.3: a failed bot check shows the security heading, the reason and the hint in the page's language.
describe('a failed bot check, as a form shows it', () => {
  it('shows the Dutch reason on a Dutch page when the Turnstile script cannot load', () => {
    expect(describeFailure(new TurnstileError('scriptFailed'), FORM_MESSAGES.nl)).toEqual({
      heading: 'Beveiligingsverificatie mislukt',
      message: 'Het script van de beveiligingscontrole kon niet worden geladen',
      detail: 'De beveiligingscontrole is mislukt. Vernieuw de pagina en probeer het opnieuw.',
    });
  });

  it('keeps the English reasons of docs/product.md §8.3 on English pages (and in the error message, for logs)', () => {
    for (const reason of REASONS) {
      const error = new TurnstileError(reason);
      expect(error.message).toBe(TURNSTILE_REASONS[reason]);
      expect(describeFailure(error, FORM_MESSAGES.en).message).toBe(TURNSTILE_REASONS[reason]);
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('has its own words for every reason in %s', (language) => {
    for (const reason of REASONS) {
      const shown = describeFailure(new TurnstileError(reason), FORM_MESSAGES[language]).message;
      expect(shown).not.toBe(TURNSTILE_REASONS[reason]);
      expect(shown).not.toMatch(/Turnstile|failed|expired/i);
    }
  });
});
