/** pg-cursor ships no types; this is the part the exports use. */
declare module 'pg-cursor' {
  import type { Connection, Submittable } from 'pg';

  interface CursorConfig {
    rowMode?: 'array';
  }

  export default class Cursor<Row = unknown[]> implements Submittable {
    constructor(text: string, values?: unknown[], config?: CursorConfig);
    submit(connection: Connection): void;
    read(rowCount: number): Promise<Row[]>;
    close(): Promise<void>;
  }
}
