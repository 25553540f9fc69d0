import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Client } from 'pg';
import { findDataset } from '../src/exports/export-datasets';
import type { ExportFilters, ExportFormat, ExportLanguage } from '../src/exports/export-query';
import { staffDataset } from '../src/exports/export-words';
import { streamExport } from '../src/exports/export-runner';

/**
 * Helpers for the export and lifecycle tests: run an export in-process into a buffer, and run the built staff
 * commands as child processes (as staff do), from backend/dist or CLI_DIST_DIR. Build first:
 * `npm run build -w backend`.
 */
export const CLI_DIR = resolve(process.env.CLI_DIST_DIR ?? resolve(__dirname, '../dist'), 'cli');

export function assertCliBuilt(): void {
  if (!existsSync(resolve(CLI_DIR, 'export.js'))) {
    throw new Error(`The staff CLI is not built (${CLI_DIR}): run \`npm run build -w backend\` first.`);
  }
}

/**
 * One dataset in `format`, as a staff spreadsheet in `language` (what `npm run export` and the download write), or
 * in its plain form (field names, codes, ISO times in UTC) when `language` is left out.
 */
export async function exportToBuffer(
  db: Client,
  dataset: string,
  format: ExportFormat,
  filters: ExportFilters = {},
  language?: ExportLanguage,
): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const plain = findDataset(dataset)!;
  await streamExport(db, { dataset: language ? staffDataset(plain, language) : plain, format, filters }, output);
  if (!output.writableEnded) output.end();
  if (!output.readableEnded) await once(output, 'end');
  return Buffer.concat(chunks);
}

export interface CliRun {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export function runCommand(command: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [resolve(CLI_DIR, `${command}.js`), ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout, stderr: stderr.toString('utf8') });
      },
    );
  });
}
