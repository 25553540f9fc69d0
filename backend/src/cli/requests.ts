import { Injectable, Module } from '@nestjs/common';
import {
  STAFF_NAME_MAX_LENGTH,
  STAFF_NOTE_MAX_LENGTH,
  SUBMISSION_TYPES,
  type SubmissionType,
} from '@stichting/contracts';
import { DatabaseModule } from '../database/database.module';
import { SubmissionStatusRepository } from '../database/submission-status.repository';
import { alreadyMessage } from '../staff-actions/staff-actions.service';
import { commandAction } from '../staff-actions/status-command';
import { OverdueListCommand } from '../staff-overview/overdue-command';
import { HELP, parseCommandLine, runCommand, textOption, UsageError, type Command } from './cli-runner';

const REQUESTS_USAGE = `Usage: npm run requests -- status <request id> contacted|closed [--outcome <outcome>] [--note <text>] [--by <name>]
       npm run requests -- overdue

Changes where staff stand with one request, as the links in the staff email do (docs/product.md §4.10), for when
a link is lost or expired. The change is kept in the request's history with "command" as its way in. A request
already contacted (or closed) is left as it is, and the command says since when.

  status <id> contacted            the applicant has been answered
  overdue                          list the requests still new past their promised answer time, oldest first
                                   (reference, type, received, promised by), as the daily overview does
  status <id> closed --outcome X   the request is done; X by type:
                                     volunteer:     matched, not_matched, withdrawn, spam
                                     help-request:  helped, referred, no_reply, spam
                                     contact:       answered, spam

Options:
  --outcome <outcome>   with closed: how it ended (required for closed)
  --note <text>         a short note for the history (at most ${STAFF_NOTE_MAX_LENGTH} characters)
  --by <name>           who did it, a first name (at most ${STAFF_NAME_MAX_LENGTH} characters)
  --help                show this text

The request id is the "Referentie" in the staff email (or the id column of \`npm run export -- submissions\`).

Examples:
  npm run requests -- overdue
  npm run requests -- status 0f8fad5b-d9cb-469f-a165-70867728950e contacted --by Anna
  npm run requests -- status 0f8fad5b-d9cb-469f-a165-70867728950e closed --outcome matched --note "starts in May"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each subcommand's arguments; a new subcommand adds its own shape here and a branch in `parse` and `context`. */
type RequestsArgs = { action: 'overdue' } | StatusArgs;
type StatusArgs = {
  action: 'status';
  submissionId: string;
  status: 'contacted' | 'closed';
  outcome?: string;
  note?: string;
  by?: string;
};

const isSubmissionType = (type: string): type is SubmissionType => SUBMISSION_TYPES.some((known) => known === type);
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '');

@Injectable()
class RequestStatusCommand implements Command<StatusArgs> {
  constructor(private readonly statuses: SubmissionStatusRepository) {}

  async run({ submissionId, status, outcome, note, by }: StatusArgs): Promise<void> {
    const standing = await this.statuses.standing(submissionId);
    if (!standing || !isSubmissionType(standing.type)) {
      throw new Error(`No request ${submissionId} (never stored, purged or erased); nothing changed.`);
    }
    const action = commandAction(standing.type, status, outcome);
    if ('problem' in action) throw new UsageError(action.problem);
    const result = await this.statuses.apply(submissionId, action, {
      via: 'command',
      note,
      changedBy: by,
    });
    if (!result) throw new Error(`No request ${submissionId} (never stored, purged or erased); nothing changed.`);
    const now = result.standing;
    if (!result.changed) {
      process.stdout.write(`${alreadyMessage(now, 'en')}\n`);
      return;
    }
    process.stdout.write(
      now.status === 'closed'
        ? `Closed ${submissionId} (${now.type}) as ${now.outcome ?? ''} on ${day(now.closedAt)}.\n`
        : `Marked ${submissionId} (${now.type}) as contacted on ${day(now.firstContactAt)}.\n`,
    );
  }
}

@Injectable()
class RequestsCommand implements Command<RequestsArgs> {
  constructor(
    private readonly statuses: RequestStatusCommand,
    private readonly overdue: OverdueListCommand,
  ) {}

  run(args: RequestsArgs): Promise<void> {
    return args.action === 'overdue' ? this.overdue.run() : this.statuses.run(args);
  }
}

@Module({
  imports: [DatabaseModule],
  providers: [RequestStatusCommand, OverdueListCommand, RequestsCommand],
})
class RequestsCliModule {}

/** `npm run requests -- status …`: staff follow-up of requests without a link (docs/product.md §4.10). */
runCommand<RequestsArgs>({
  invocation: 'npm run requests --',
  usage: REQUESTS_USAGE,
  parse(argv) {
    const { values, positionals } = parseCommandLine(
      argv,
      {
        outcome: { type: 'string' },
        note: { type: 'string' },
        by: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      true,
    );
    if (values.help) return HELP;
    const [action, submissionId, status, ...rest] = positionals;
    if (action === 'overdue') {
      if (positionals.length > 1) throw new UsageError(`Unexpected argument ${positionals[1]}.`);
      return { action };
    }
    if (action !== 'status') {
      throw new UsageError(
        action ? `Unknown subcommand "${action}": use status or overdue.` : 'Missing subcommand: status or overdue.',
      );
    }
    if (!submissionId || !UUID.test(submissionId)) {
      throw new UsageError(
        `Missing or malformed request id${submissionId ? ` "${submissionId}"` : ''}: use the id from the staff email.`,
      );
    }
    if (status !== 'contacted' && status !== 'closed') {
      throw new UsageError(`Say what happened: contacted or closed${status ? ` (got "${status}")` : ''}.`);
    }
    if (rest.length > 0) throw new UsageError(`Unexpected argument ${rest[0]}.`);
    return {
      action,
      submissionId: submissionId.toLowerCase(),
      status,
      outcome: values.outcome?.trim() || undefined,
      note: textOption('note', values.note, STAFF_NOTE_MAX_LENGTH, 'text'),
      by: textOption('by', values.by, STAFF_NAME_MAX_LENGTH, 'line'),
    };
  },
  context() {
    return { module: RequestsCliModule, command: RequestsCommand };
  },
});
