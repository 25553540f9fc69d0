import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { STAFF_ACTION_PATHS, type StaffActionApplyAnswer, type StaffActionReadAnswer } from '@stichting/contracts';
import { StaffActionApplyDto, StaffActionReadDto } from './dto/staff-action.dto';
import { StaffActionsService } from './staff-actions.service';

const route = (path: string) => path.slice(1);

/**
 * The confirmation page of a staff email's status link (docs/product.md §4.10): POSTs only, from the site's own pages
 * (the same-site middleware refuses others). A GET or HEAD of these addresses reaches no handler, so a mail scanner
 * that opens every link changes nothing. Each POST is under the global per-address limit (rate-limit/).
 */
@Controller()
export class StaffActionsController {
  constructor(private readonly actions: StaffActionsService) {}

  @Post(route(STAFF_ACTION_PATHS.read))
  @HttpCode(HttpStatus.OK)
  read(@Body() body: StaffActionReadDto): Promise<StaffActionReadAnswer> {
    return this.actions.read(body.token, body.language);
  }

  @Post(route(STAFF_ACTION_PATHS.apply))
  @HttpCode(HttpStatus.OK)
  apply(@Body() body: StaffActionApplyDto): Promise<StaffActionApplyAnswer> {
    return this.actions.apply(body.token, body.language, { note: body.note, changedBy: body.by });
  }
}
