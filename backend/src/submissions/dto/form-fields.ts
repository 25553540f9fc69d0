import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { LIMITS } from '@stichting/contracts';

/** Every string is trimmed before it is checked and stored. */
const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
/** Optional fields arrive as "" from the old client when left empty: the same as absent. */
const trimToUndefined = Transform(({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
});

/** A required line or text block of at most `max` characters. */
export function RequiredText(max: number) {
  return applyDecorators(trim, IsString(), IsNotEmpty({ message: 'This field is required.' }), MaxLength(max));
}

/** An optional text of at most `max` characters; empty counts as absent. */
export function OptionalText(max: number) {
  return applyDecorators(trimToUndefined, IsOptional(), IsString(), MaxLength(max));
}

export function EmailAddress() {
  return applyDecorators(
    trim,
    IsString(),
    IsNotEmpty({ message: 'This field is required.' }),
    MaxLength(LIMITS.email),
    IsEmail({}, { message: 'Enter a valid email address.' }),
  );
}

/** spec §5: a phone-type input: digits with the usual separators, at least six digits. */
const PHONE = /^(?=(?:\D*\d){6})[+0-9 ()./-]+$/;

export function PhoneNumber(options: { optional: boolean }) {
  return applyDecorators(
    options.optional ? trimToUndefined : trim,
    ...(options.optional ? [IsOptional()] : [IsNotEmpty({ message: 'This field is required.' })]),
    IsString(),
    MaxLength(LIMITS.phone),
    Matches(PHONE, { message: 'Enter a valid phone number.' }),
  );
}

/** One value of a shared vocabulary (contracts/src/forms.ts). */
export function OneOf(values: readonly string[]) {
  return applyDecorators(IsIn(values, { message: `Choose one of: ${values.join(', ')}.` }));
}

/** A non-empty list of distinct values from a shared vocabulary. */
export function SomeOf(values: readonly string[], emptyMessage: string) {
  return applyDecorators(
    IsArray(),
    ArrayNotEmpty({ message: emptyMessage }),
    ArrayMaxSize(values.length),
    ArrayUnique({ message: 'Each value may appear only once.' }),
    IsIn(values, { each: true, message: `Choose from: ${values.join(', ')}.` }),
  );
}
