import { HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from './api-error';

/**
 * The deepest nesting a JSON body may have. A form is three levels deep (envelope, formData, a list of skills);
 * far deeper input is not a form, and would overflow the stack of the DTO transformation.
 */
export const MAX_JSON_DEPTH = 32;

const NOT_ALLOWED = 'Contains a character that is not allowed.';

/** GET and HEAD have no meaningful body: `parser` leaves theirs unread, so a page answers as without one. */
export function withBody(parser: RequestHandler): RequestHandler {
  return (request, response, next) =>
    request.method === 'GET' || request.method === 'HEAD' ? next() : parser(request, response, next);
}

/** A lone surrogate (half of a UTF-16 pair; with the u flag a whole pair is one character). */
const LONE_SURROGATE = /\p{Cs}/u;

/** Text PostgreSQL can store in text and JSON columns: no NUL character, no lone surrogate. */
function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The first problem in a parsed body: a string or key that cannot be stored (with the field it is in), or nesting
 * deeper than MAX_JSON_DEPTH. Walks the body with its own stack, so no input can overflow the call stack.
 */
function findProblem(body: object): ApiError | undefined {
  const pending: Array<{ value: unknown; field: string; depth: number }> = [{ value: body, field: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, field, depth } = next;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return textProblem(field);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return new ApiError(HttpStatus.BAD_REQUEST, 'The request body is nested too deeply.');
    for (const [key, child] of Object.entries(value)) {
      if (!isStorableText(key)) return textProblem(field);
      pending.push({ value: child, field: field ? `${field}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}

function textProblem(field: string): ApiError {
  return new ApiError(
    HttpStatus.BAD_REQUEST,
    'Some fields are missing or invalid.',
    field ? { fields: { [field]: NOT_ALLOWED }, codes: { [field]: 'control_characters' } } : undefined,
  );
}

/**
 * After the JSON parsers: refuses with 400 a body that could never be stored or validated (NUL characters and lone
 * surrogates, which PostgreSQL rejects; nesting deeper than MAX_JSON_DEPTH), before any DTO sees it.
 */
export function refuseUnusableJson(request: Request, _response: Response, next: NextFunction): void {
  const body: unknown = request.body;
  const problem = body !== null && typeof body === 'object' && !Buffer.isBuffer(body) ? findProblem(body) : undefined;
  next(problem);
}
