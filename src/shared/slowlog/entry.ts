/** One statement of a slow log, as pt-query-digest's SlowLogParser reads it. */
export interface SlowLogEntry {
  /** The statement (byte string: one char per byte), without its final `;`. */
  statement: string;
  /** `Query` or `Admin` (an administrator command such as `Quit` or `Ping`). */
  command: 'Query' | 'Admin';
  /**
   * The `# Time:` text as pt-query-digest captures it (`2026-11-25T10:00:00` or
   * `261125 10:00:00`), plus the UTC offset when the log writes one (`2026-11-25T05:00:00-05:00`),
   * if this entry had one. See timestamp.ts for what each form means.
   */
  time?: string;
  user?: string;
  host?: string;
  ip?: string;
  /** `use db;` of this entry, else its `Schema:` attribute. */
  db?: string;
  /**
   * Every `# Name: value` attribute (Query_time, Lock_time, Rows_sent, Thread_id, InnoDB_IO_r_ops,
   * QC_hit, ...) and the `SET name=value` ones (timestamp, last_insert_id), as written, in the
   * order first written: unknown ones are kept, never dropped (a reader told to skip some, see
   * SlowLogReaderOptions.skipAttributes, may leave those out). The reader gives a
   * SlowLogAttributes (see entry-attributes), which the digest reads without a string per value.
   */
  attributes: ReadonlyMap<string, string>;
  /** Byte offset of the entry's first line from the start of the stream. */
  offset: number;
  /** The MariaDB `# explain:` lines, without their prefix. */
  explain?: string[];
}

/** Something the reader could not use, with where it was; never fatal. */
export interface SlowLogProblem {
  kind: 'truncated' | 'no-statement' | 'oversized' | 'not-a-slow-log';
  /** Byte offset from the start of the stream. */
  offset: number;
  detail: string;
}
