import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { LIMITS } from '@stichting/contracts';

/**
 * What is kept of a report's stacks. The top frames identify an error; the rest only costs space in a table that
 * anonymous visitors can write to (a row stays under about 11 KB).
 */
export const STORED_STACK_CHARS = 4096;
export const STORED_COMPONENT_STACK_CHARS = 2048;

/**
 * Crash reports are capped, not refused: each text is trimmed (leading spaces must not hide an `=` from the export's
 * formula check) and an oversized one is cut to its limit.
 */
function trimmedTo(max: number) {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().slice(0, max) : value));
}

/** docs/product.md §7: message, stack, componentStack, url, userAgent, timestamp (ISO string). */
export class ErrorReportDto {
  @trimmedTo(LIMITS.errorMessage)
  @IsString()
  @IsNotEmpty()
  message!: string;

  @IsOptional()
  @trimmedTo(STORED_STACK_CHARS)
  @IsString()
  stack?: string;

  @IsOptional()
  @trimmedTo(STORED_COMPONENT_STACK_CHARS)
  @IsString()
  componentStack?: string;

  @IsOptional()
  @trimmedTo(LIMITS.errorUrl)
  @IsString()
  url?: string;

  @IsOptional()
  @trimmedTo(LIMITS.userAgent)
  @IsString()
  userAgent?: string;

  @IsOptional()
  @trimmedTo(40)
  @IsString()
  timestamp?: string;
}
