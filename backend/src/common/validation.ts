import { HttpStatus, ValidationPipe, type ValidationError } from '@nestjs/common';
import { ApiError } from './api-error';

/** Flattens class-validator errors to `{ "formData.email": "email must be an email" }`. */
export function fieldErrors(errors: ValidationError[], prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      // An unknown field is reported once, plainly.
      fields[path] = error.constraints.whitelistValidation
        ? 'This field is not allowed.'
        : Object.values(error.constraints)[0];
    }
    if (error.children?.length) Object.assign(fields, fieldErrors(error.children, path));
  }
  return fields;
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
