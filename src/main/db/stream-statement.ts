import type { Connection as CoreConnection, FieldPacket, ResultSetHeader } from 'mysql2';
import type { Connection } from 'mysql2/promise';
import { columnDecoder, type ColumnDecoder } from './column-decoder';

/** A value as kept by the backend: exact text, bytes, or NULL. */
export type RawCell = string | Buffer | null;

/**
 * What a running statement reports, in order: columns (if any), rows, then the end. Row values
 * are decoded (text as strings, bytes as Buffers) unless the statement is streamed `raw`, when
 * every value is the server's bytes.
 */
export interface StatementSink {
  columns(fields: FieldPacket[]): void;
  row(values: RawCell[]): void;
  /** The statement finished; `header` is set for statements without a result set. */
  end(header: ResultSetHeader | null): void;
  error(err: unknown): void;
}

/**
 * Runs one statement on the session's connection and streams what it returns to `sink`, row
 * by row, so the first rows reach the screen while the rest arrive. Only the first result set
 * is streamed; later ones (a CALL's trailing status) end the statement.
 */
export function streamStatement(
  conn: Connection,
  sql: string,
  sink: StatementSink,
  options: { raw?: boolean } = {},
): void {
  const core = (conn as unknown as { connection: CoreConnection }).connection;
  let sawFields = false;
  let ended = false;
  let decoders: ColumnDecoder[] = [];
  const query = core.query({
    sql,
    rowsAsArray: true,
    typeCast: false,
  });
  query.on('fields', (fields: FieldPacket[] | undefined, index?: number) => {
    // mysql2 also emits 'fields' (with nothing) before the OK packet of a statement without rows.
    if (!Array.isArray(fields) || (index ?? 0) > 0 || sawFields) return;
    sawFields = true;
    // Raw rows keep the server's bytes: whoever stores them decodes later (see QueryResult).
    decoders = options.raw ? [] : fields.map(columnDecoder);
    sink.columns(fields);
  });
  query.on('result', (row: unknown, index?: number) => {
    if ((index ?? 0) > 0) return;
    if (Array.isArray(row)) {
      const values = row as RawCell[];
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        const decode = decoders[i];
        if (decode && Buffer.isBuffer(v)) values[i] = decode(v);
      }
      sink.row(values);
    } else if (!sawFields && !ended) {
      ended = true;
      sink.end(row as ResultSetHeader);
    }
  });
  query.on('error', (err: unknown) => {
    if (ended) return;
    ended = true;
    sink.error(err);
  });
  query.on('end', () => {
    if (ended) return;
    ended = true;
    sink.end(null);
  });
}
