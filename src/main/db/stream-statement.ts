import type { Connection as CoreConnection, FieldPacket, ResultSetHeader } from 'mysql2';
import type { Connection } from 'mysql2/promise';
import { isBinaryColumn } from '../../shared/query/column-type';

/** A value as kept by the backend: exact text, bytes, or NULL. */
export type RawCell = string | Buffer | null;

/** What a running statement reports, in order: columns (if any), rows, then the end. */
export interface StatementSink {
  columns(fields: FieldPacket[]): void;
  row(values: RawCell[]): void;
  /** The statement finished; `header` is set for statements without a result set. */
  end(header: ResultSetHeader | null): void;
  error(err: unknown): void;
}

/** How to turn the bytes of one column into its value: keep them, or decode them as text. */
function decoderFor(field: FieldPacket): ((b: Buffer) => RawCell) | null {
  const code = Number(field.columnType ?? field.type ?? -1);
  if (isBinaryColumn(code, Number(field.characterSet ?? 0))) return null;
  // JSON always arrives with the binary character set but is UTF-8 text.
  const encoding = code === 245 ? 'utf8' : ((field as { encoding?: string }).encoding ?? 'utf8');
  const nodeEncoding = Buffer.isEncoding(encoding) ? encoding : 'utf8';
  return (b) => b.toString(nodeEncoding);
}

/**
 * Values arrive as the raw bytes the server sent (mysql2's `typeCast: false`, also its fastest
 * path) and are decoded per column once the column definitions are known: numbers, decimals and
 * dates stay the server's exact text (BIGINT and DECIMAL keep every digit, DATETIME is never
 * shifted to a time zone), text is decoded, bytes stay bytes.
 *
 * Runs one statement on the session's connection and streams what it returns to `sink`, row
 * by row, so the first rows reach the screen while the rest arrive. Only the first result set
 * is streamed; later ones (a CALL's trailing status) end the statement.
 */
export function streamStatement(conn: Connection, sql: string, sink: StatementSink): void {
  const core = (conn as unknown as { connection: CoreConnection }).connection;
  let sawFields = false;
  let ended = false;
  let decoders: Array<((b: Buffer) => RawCell) | null> = [];
  const query = core.query({
    sql,
    rowsAsArray: true,
    typeCast: false,
  });
  query.on('fields', (fields: FieldPacket[] | undefined, index?: number) => {
    // mysql2 also emits 'fields' (with nothing) before the OK packet of a statement without rows.
    if (!Array.isArray(fields) || (index ?? 0) > 0 || sawFields) return;
    sawFields = true;
    decoders = fields.map(decoderFor);
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
