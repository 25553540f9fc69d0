import { LIMITS } from '@stichting/contracts';
import { OptionalText } from './form-fields';

/** What every form may carry besides its own fields. */
export abstract class BaseFormDto {
  /**
   * docs/product.md §7: the old client sends a hidden Dutch `_subject`. Accepted and ignored: the staff subject always comes
   * from STAFF_SUBJECTS, so a visitor cannot choose what staff see as the subject.
   */
  @OptionalText(LIMITS.subject, 'line')
  _subject?: string;
}
