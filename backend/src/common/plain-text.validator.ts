import { ValidateBy } from 'class-validator';
import { hasControlCharacters, type TextKind } from '@stichting/contracts';

/** Constraint names, also the keys of their error codes (common/validation.ts). */
export const PLAIN_TEXT_CONSTRAINTS: Record<TextKind, string> = { line: 'singleLine', text: 'noControlCharacters' };

/**
 * A string of its kind of field: one line without control characters, or a text whose only control characters
 * are line breaks and tabs (contracts `hasControlCharacters`, the one rule for every form). Non-strings pass:
 * the type is checked elsewhere.
 */
export function PlainText(kind: TextKind) {
  return ValidateBy({
    name: PLAIN_TEXT_CONSTRAINTS[kind],
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !hasControlCharacters(value, kind),
      defaultMessage: () =>
        kind === 'line'
          ? 'Use a single line without tabs or other control characters.'
          : 'Remove the control characters; only line breaks and tabs are allowed.',
    },
  });
}
