/**
 * A signed event is Stripe's word, but not a promise that every field the ledger reads is there and sensible. Before
 * an event changes anything, its family checks the fields it reads (ledger-book.ts `check`): a missing field leaves
 * the event out (`left out: missing <field>`), an amount below zero or a currency other than euro refuses it. Either
 * way the event is recorded as processed with that line, so it changes nothing and is not retried forever.
 */
type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The only currency of the foundation's gifts (docs/product.md §9.2). */
const CURRENCY = 'eur';

/** Checks the fields of one object of an event, in order, and keeps the first problem found. */
export class FieldCheck {
  private problem: string | null = null;

  constructor(
    private readonly label: string,
    private readonly object: unknown,
  ) {}

  /** The value at `path` (dot-separated), or undefined when some step of it is missing. */
  private at(path: string, from: unknown = this.object): unknown {
    return path.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), from);
  }

  private note(problem: string): this {
    this.problem ??= `${this.label}: ${problem}`;
    return this;
  }

  /** Fields that must be present (an object, a string, a number, a boolean; null only where the ledger takes it). */
  present(...paths: string[]): this {
    for (const path of paths) if (this.at(path) === undefined) this.note(`left out: missing ${path}`);
    return this;
  }

  /** A list the ledger reads item by item: it must be there, and each item must have `itemPaths`. */
  list(path: string, ...itemPaths: string[]): this {
    const items = this.at(path);
    if (!Array.isArray(items)) return this.note(`left out: missing ${path}`);
    for (const item of items) {
      for (const itemPath of itemPaths) {
        if (this.at(itemPath, item) === undefined) this.note(`left out: missing ${path}[].${itemPath}`);
      }
    }
    return this;
  }

  /** Amounts in cents: a number of at least zero (null allowed when `nullable`). */
  amounts(paths: string[], options: { nullable?: boolean } = {}): this {
    for (const path of paths) {
      const value = this.at(path);
      if (value === undefined) this.note(`left out: missing ${path}`);
      else if (value === null && options.nullable) continue;
      else if (typeof value !== 'number' || !Number.isFinite(value)) this.note(`refused: ${path} is not a number`);
      else if (value < 0) this.note(`refused: ${path} below zero`);
    }
    return this;
  }

  /** A currency field: euro only. */
  euro(path: string): this {
    const value = this.at(path);
    if (value === undefined) return this.note(`left out: missing ${path}`);
    if (value !== CURRENCY) this.note(`refused: currency ${JSON.stringify(value)}, not ${CURRENCY}`);
    return this;
  }

  /** Each item of the list at `path` passes `check` (the list itself was checked with `list`). */
  each(path: string, check: (item: FieldCheck) => FieldCheck): this {
    const items = this.at(path);
    if (!Array.isArray(items)) return this;
    items.forEach((item, index) => {
      const problem = check(new FieldCheck(`${path}[${index}]`, item)).result();
      if (problem) this.note(problem);
    });
    return this;
  }

  /** The first problem found, or null when the object has what the ledger reads. */
  result(): string | null {
    return this.problem;
  }
}
