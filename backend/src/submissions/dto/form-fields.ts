import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { hasControlCharacters, LIMITS, type TextKind } from '@stichting/contracts';
import { PlainText } from '../../common/plain-text.validator';

/** Every string is trimmed before it is checked and stored. */
const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
/** Optional fields arrive as "" from the old client when left empty: the same as absent. */
const trimToUndefined = Transform(({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
});

/** A required line or text block (`kind`, contracts TextKind) of at most `max` characters. */
export function RequiredText(max: number, kind: TextKind) {
  return applyDecorators(
    trim,
    IsString(),
    IsNotEmpty({ message: 'This field is required.' }),
    MaxLength(max),
    PlainText(kind),
  );
}

/** An optional line or text block of at most `max` characters; empty counts as absent. */
export function OptionalText(max: number, kind: TextKind) {
  return applyDecorators(trimToUndefined, IsOptional(), IsString(), MaxLength(max), PlainText(kind));
}

const INVALID_EMAIL = 'Enter a valid email address.';

export function EmailAddress() {
  return applyDecorators(
    trim,
    IsString(),
    IsNotEmpty({ message: 'This field is required.' }),
    MaxLength(LIMITS.email),
    IsEmail({}, { message: INVALID_EMAIL }),
    // A quoted local part lets the email check accept control characters and line separators (`"a\r\nb"@x.nl`): no
    // mailbox needs them, and they break a mail header or a log line. Refused as one line is (contracts TextKind),
    // under the email check's name, so the visitor sees that field's error (invalid_email) in the page's language.
    ValidateBy({
      name: 'isEmail',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !hasControlCharacters(value, 'line'),
        defaultMessage: () => INVALID_EMAIL,
      },
    }),
  );
}

/** docs/product.md §5: a phone-type input: digits with the usual separators, at least six digits. */
const PHONE = /^(?=(?:\D*\d){6})[+0-9 ()./-]+$/;

export function PhoneNumber(options: { optional: boolean }) {
  return applyDecorators(
    options.optional ? trimToUndefined : trim,
    ...(options.optional ? [IsOptional()] : [IsNotEmpty({ message: 'This field is required.' })]),
    IsString(),
    MaxLength(LIMITS.phone),
    ValidateBy({
      name: 'isPhoneNumber',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && PHONE.test(value),
        defaultMessage: () => 'Enter a valid phone number.',
      },
    }),
  );
}

/** One value of a shared vocabulary (contracts/src/forms.ts). */
export function OneOf(values: readonly string[]) {
  return applyDecorators(IsIn(values, { message: `Choose one of: ${values.join(', ')}.` }));
}

/** One value of a shared vocabulary, or absent ("" and null count as absent). */
export function OptionalOneOf(values: readonly string[]) {
  return applyDecorators(trimToUndefined, IsOptional(), OneOf(values));
}

/** A list of distinct values from a shared vocabulary, or absent (an empty list counts as absent). */
export function OptionalSomeOf(values: readonly string[]) {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (Array.isArray(value) && value.length === 0 ? undefined : value)),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(values.length),
    ArrayUnique({ message: 'Each value may appear only once.' }),
    IsIn(values, { each: true, message: `Choose from: ${values.join(', ')}.` }),
  );
}
