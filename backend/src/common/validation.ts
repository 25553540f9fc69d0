import { HttpStatus, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldErrorCode } from '@stichting/contracts';
import { ApiError, type FieldErrors } from './api-error';

/**
 * The code of each class-validator constraint (its name) and of the project's own validators; anything else is
 * `invalid`. With stopAtFirstError a field carries one constraint, so one code. An empty value is `required`.
 */
const CODES: Record<string, FieldErrorCode> = {
  isDefined: 'required',
  isNotEmpty: 'required',
  isEmail: 'invalid_email',
  isPhoneNumber: 'invalid_phone',
  maxLength: 'too_long',
  arrayMaxSize: 'too_long',
  singleLine: 'single_line',
  noControlCharacters: 'control_characters',
  isIn: 'invalid_choice',
  isBoolean: 'invalid_choice',
  categoryForLocation: 'category_local_only',
  categoryForDutch: 'category_requires_dutch',
  isInt: 'invalid_number',
  isNumber: 'invalid_number',
  min: 'too_small',
  max: 'too_large',
  arrayUnique: 'duplicate',
  whitelistValidation: 'not_allowed',
};

/**
 * Flattens class-validator errors to a message and a code per field, keyed by path:
 * `{ fields: { "formData.email": "Enter a valid email address." }, codes: { "formData.email": "invalid_email" } }`.
 */
export function fieldErrors(errors: ValidationError[], prefix = '', into: FieldErrors = { fields: {}, codes: {} }) {
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      const [constraint, message] = Object.entries(error.constraints)[0];
      // An unknown field is reported once, plainly.
      const isUnknown = 'whitelistValidation' in error.constraints;
      into.fields[path] = isUnknown ? 'This field is not allowed.' : message;
      // A field refused while empty lacks a required value, whichever check noticed first.
      const isMissing = !isUnknown && (error.value === undefined || error.value === null || error.value === '');
      into.codes[path] = isMissing ? 'required' : (CODES[isUnknown ? 'whitelistValidation' : constraint] ?? 'invalid');
    }
    if (error.children?.length) fieldErrors(error.children, path, into);
  }
  return into;
}

/** Global pipe: DTOs are whitelisted (unknown fields refused) and every failure is a 400 with field errors. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) =>
      new ApiError(HttpStatus.BAD_REQUEST, 'Some fields are missing or invalid.', fieldErrors(errors)),
  });
}
