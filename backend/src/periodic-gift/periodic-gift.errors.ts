import { HttpException, HttpStatus } from '@nestjs/common';
import type { AgreementLinkProblem, Language } from '@stichting/contracts';
import { periodicText } from './periodic-email.copy';

/** Why a step is refused; each has a sentence in periodicEmail.json `api` (docs/product.md §4.9). */
export type RefusalReason =
  AgreementLinkProblem | 'wrongPurpose' | 'notYetSigned' | 'alreadySigned' | 'notCountersigned' | 'alreadyStarted';

const STATUS: Record<RefusalReason, HttpStatus> = {
  invalid: HttpStatus.FORBIDDEN,
  expired: HttpStatus.FORBIDDEN,
  wrongPurpose: HttpStatus.FORBIDDEN,
  used: HttpStatus.CONFLICT,
  alreadySigned: HttpStatus.CONFLICT,
  notYetSigned: HttpStatus.CONFLICT,
  notCountersigned: HttpStatus.CONFLICT,
  alreadyStarted: HttpStatus.CONFLICT,
};

/** The link problem a page shows for a refusal (its notice), where one fits. */
const PROBLEM: Partial<Record<RefusalReason, AgreementLinkProblem>> = {
  invalid: 'invalid',
  expired: 'expired',
  used: 'used',
  wrongPurpose: 'invalid',
  alreadySigned: 'used',
};

/** A step the agreement cannot take now, said in the caller's language (the CLI: English). */
export class AgreementRefusedError extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly extra: Record<string, string> = {},
  ) {
    super(periodicText('en')(`api.${reason}`));
  }

  /** `{success:false, error, problem?}` with its status, in `language`. */
  toHttp(language: Language): HttpException {
    const problem = PROBLEM[this.reason];
    const body = {
      success: false as const,
      error: periodicText(language)(`api.${this.reason}`),
      ...(problem ? { problem } : {}),
      ...this.extra,
    };
    return new HttpException(body, STATUS[this.reason]);
  }
}
