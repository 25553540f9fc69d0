import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';
import { APP_LOG_GLOBAL } from './app-log';

/** At most this much of a test's app output is kept (the end of it). */
const KEEP_CHARS = 2_000_000;

/**
 * The Node test environment, plus: the apps a test runs (in this process, or as child processes) write their log
 * into a buffer here instead of the terminal, and the buffer is printed (to stderr) only when that test fails.
 * Each test's buffer holds what was written since the previous test finished, so the hooks that ran before it
 * (say, the beforeAll that started the app) count as its own; a failing hook prints what came before it.
 */
export default class AppLogEnvironment extends TestEnvironment {
  private kept = '';
  private dropped = 0;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.global[APP_LOG_GLOBAL] = (text: string) => this.keep(text);
  }

  private keep(text: string): void {
    this.kept += text;
    if (this.kept.length > KEEP_CHARS) {
      const cut = this.kept.length - KEEP_CHARS;
      this.dropped += cut;
      this.kept = this.kept.slice(cut);
    }
  }

  private clear(): void {
    this.kept = '';
    this.dropped = 0;
  }

  private print(what: string): void {
    if (this.kept.length > 0) {
      const lines = this.kept.endsWith('\n') ? this.kept : `${this.kept}\n`;
      const cut = this.dropped > 0 ? ` (its first ${this.dropped} characters left out)` : '';
      process.stderr.write(`\n--- app log of ${what}${cut} ---\n${lines}--- end of the app log of ${what} ---\n`);
    }
    this.clear();
  }

  handleTestEvent(event: Circus.Event): void {
    if (event.name === 'test_done') {
      if (event.test.errors.length > 0) this.print(`the failing test "${fullName(event.test)}"`);
      else this.clear();
    } else if (event.name === 'hook_failure') {
      this.print(`the failing ${event.hook.type} hook`);
    }
  }
}

function fullName(test: Circus.TestEntry): string {
  const names = [test.name];
  let block: Circus.DescribeBlock | undefined = test.parent;
  while (block && block.name !== 'ROOT_DESCRIBE_BLOCK') {
    names.unshift(block.name);
    block = block.parent;
  }
  return names.join(' › ');
}
