import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiErrorBody } from './api-error';
import { isDatabaseUnavailable } from './api-error';
import { isApiPath } from './api-path';
import { describeError, loggedPath } from './logging';

const GENERIC: Record<number, string> = {
  400: 'The request is invalid.',
  403: 'Access denied.',
  404: 'Not found.',
  405: 'Method not allowed.',
  413: 'The request is too large.',
  414: 'The address is too long.',
  415: 'Unsupported content type; send JSON.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Something went wrong on our side. Please try again later.',
  503: 'The service is temporarily unavailable. Please try again in a few minutes.',
};

/**
 * One global filter: API paths get `{success:false, error, fields?}` with an honest status; page requests get the
 * prerendered error page (SiteService.sendErrorPage: the 403 page, the 404 page for any other client error with its
 * own status, the 500 page for the rest). Unexpected errors become a generic 500 and one log line
 * carrying the request id; a stack trace never reaches the client.
 */
/** Sends the prerendered error page for a status (SiteService does; common/ knows only this shape). */
export interface ErrorPageSender {
  sendErrorPage(request: Request, response: Response, status: number): void;
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly site: ErrorPageSender) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request & { id?: unknown }>();
    const response = context.getResponse<Response>();
    if (response.headersSent) return;

    const { status, body } = this.describe(exception);
    if (status >= 500) {
      this.logger.error(
        { reqId: request.id, path: loggedPath(request.path), err: describeError(exception) },
        'request failed',
      );
    }

    const wantsHtml = !isApiPath(request.path) && (request.method === 'GET' || request.method === 'HEAD');
    if (wantsHtml) {
      this.site.sendErrorPage(request, response, status);
      return;
    }
    if (status === 429) response.setHeader('Retry-After', '60');
    response.status(status).json(body);
  }

  private describe(exception: unknown): { status: number; body: ApiErrorBody } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const payload = exception.getResponse();
      if (typeof payload === 'object' && payload !== null && (payload as ApiErrorBody).success === false) {
        return { status, body: payload as ApiErrorBody };
      }
      return {
        status,
        body: { success: false, error: GENERIC[status] ?? (status >= 500 ? GENERIC[500] : GENERIC[400]) },
      };
    }
    // body-parser errors arrive as plain errors with a status and a type.
    const parserError = exception as { status?: number; type?: string };
    if (parserError?.type === 'entity.too.large') return { status: 413, body: { success: false, error: GENERIC[413] } };
    if (parserError?.type === 'entity.parse.failed') {
      return { status: 400, body: { success: false, error: 'The request body is not valid JSON.' } };
    }
    if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
      return {
        status: parserError.status,
        body: { success: false, error: GENERIC[parserError.status] ?? GENERIC[400] },
      };
    }
    if (isDatabaseUnavailable(exception)) {
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { success: false, error: GENERIC[503] } };
    }
    return { status: 500, body: { success: false, error: GENERIC[500] } };
  }
}
