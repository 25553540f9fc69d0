import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { LIMITS } from '@stichting/contracts';

/** Crash reports are capped, not refused: an oversized stack is cut to the limit (issue 3). */
function truncate(max: number) {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.slice(0, max) : value));
}

/** spec §7: message, stack, componentStack, url, userAgent, timestamp (ISO string). */
export class ErrorReportDto {
  @truncate(LIMITS.errorMessage)
  @IsString()
  @IsNotEmpty()
  message!: string;

  @IsOptional()
  @truncate(LIMITS.errorStack)
  @IsString()
  stack?: string;

  @IsOptional()
  @truncate(LIMITS.errorStack)
  @IsString()
  componentStack?: string;

  @IsOptional()
  @truncate(LIMITS.errorUrl)
  @IsString()
  url?: string;

  @IsOptional()
  @truncate(LIMITS.userAgent)
  @IsString()
  userAgent?: string;

  @IsOptional()
  @truncate(40)
  @IsString()
  timestamp?: string;
}
