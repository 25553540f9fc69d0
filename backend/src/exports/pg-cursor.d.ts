/** pg-cursor ships no types; this is the part the exports use. */
declare module 'pg-cursor' {
  import type { Connection, Submittable } from 'pg';

  interface CursorConfig {
    rowMode?: 'array';
    types?: { getTypeParser: (oid: number, format?: string) => (value: string) => unknown };
  }

  export default class Cursor<Row = unknown[]> implements Submittable {
    constructor(text: string, values?: unknown[], config?: CursorConfig);
    submit(connection: Connection): void;
    read(rowCount: number): Promise<Row[]>;
    close(): Promise<void>;
  }
}
