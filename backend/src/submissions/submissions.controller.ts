import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { SendEmailDto } from './dto/send-email.dto';
import { SubmissionsService, type SubmissionAccepted } from './submissions.service';

/** Rate limited per IP by the global POST rate limit (RATE_LIMIT_POST_PER_MINUTE, rate-limit/rate-limit.guard.ts). */
@Controller('api')
export class SubmissionsController {
  constructor(private readonly submissions: SubmissionsService) {}

  @Post('send-email')
  @HttpCode(HttpStatus.CREATED)
  send(@Body() request: SendEmailDto, @Ip() ip: string): Promise<SubmissionAccepted> {
    return this.submissions.submit(request, ip);
  }
}
