import type { Connection as CoreConnection, FieldPacket, ResultSetHeader } from 'mysql2';
import type { Connection } from 'mysql2/promise';
import { columnDecoder, type ColumnDecoder } from './column-decoder';
import { boundLargeRows, largeRowOf, type LargeRow } from './large-rows';

/** A value as kept by the backend: exact text, bytes, or NULL. */
export type RawCell = string | Buffer | null;

/**
 * What a running statement reports, in order: columns (if any), rows, then the end. Rows come
 * decoded to `row` (text as strings, bytes as Buffers), or, when the sink has `packedRow`, as
 * the server encoded them, unparsed.
 */
export interface StatementSink {
  columns(fields: FieldPacket[]): void;
  row?(values: RawCell[]): void;
  /**
   * One row exactly as the text protocol carries it: `packet[start ..< end]` holds each value as
   * a length-prefixed string (0xFB for NULL). The bytes never change afterwards: each read of
   * the stream is a buffer of its own (mysql2 itself keeps views on earlier reads while a packet
   * is incomplete, so a stream that reused its buffers would already break it). The sink may
   * keep `packet`, or copy the rows of one read together once they all arrived.
   * `large` is set for a row too large for one packet (see `largeRowRoom`): its buffer is then
   * a new one the sink may keep, and it lists the values of which only the start was kept.
   */
  packedRow?(packet: Buffer, start: number, end: number, large: LargeRow | null): void;
  /**
   * With `packedRow`: the bytes of values a row too large for one packet (16 MB) may keep; such
   * a row is read value by value as it arrives and what does not fit is cut (see large-rows.ts).
   * Without it such rows are read whole.
   */
  largeRowRoom?(): number;
  /**
   * The statement finished; `header` is set for statements without a result set. `serverStatus`
   * is the server's status flags after it (see server-status.ts), null if it sent none.
   * `warnings` is the most warnings any of its end packets counted (0: SHOW WARNINGS would
   * list nothing), null if it sent none.
   */
  end(header: ResultSetHeader | null, serverStatus: number | null, warnings: number | null): void;
  error(err: unknown): void;
}

/** The parts of a mysql2 packet and Query command that streaming rows needs. */
interface WirePacket {
  buffer: Buffer;
  offset: number;
  end: number;
  numPackets: number;
  isEOF(): boolean;
  eofStatusFlags(): number;
  eofWarningCount(): number;
}
type QueryState = (packet: WirePacket, connection: unknown) => QueryState | null;
interface QueryCommand {
  row: QueryState;
  _resultIndex: number;
  on(event: string, listener: (...args: never[]) => void): void;
}

/**
 * Runs one statement on the session's connection and streams what it returns to `sink`, row
 * by row, so the first rows reach the screen while the rest arrive. Only the first result set
 * is streamed; later ones (a CALL's trailing status) end the statement.
 */
export function streamStatement(conn: Connection, sql: string, sink: StatementSink): void {
  const core = (conn as unknown as { connection: CoreConnection }).connection;
  let sawFields = false;
  let ended = false;
  let serverStatus: number | null = null;
  let warnings: number | null = null;
  const noteWarnings = (count: unknown) => {
    if (typeof count === 'number') warnings = Math.max(warnings ?? 0, count);
  };
  let decoders: ColumnDecoder[] = [];
  const query = core.query({
    sql,
    rowsAsArray: true,
    typeCast: false,
  }) as unknown as QueryCommand;

  // mysql2 reads each row packet with its row state; ours sees the packet first. It notes the
  // status flags of the EOF that ends a result set (mysql2 drops them), and for packed sinks
  // hands the row bytes over as they are: no Buffer per value, no array per row.
  const standardRow = Object.getPrototypeOf(query).row as QueryState;
  const packed = sink.packedRow?.bind(sink);
  const rowState: QueryState = function (this: QueryCommand, packet, connection) {
    if (packet.isEOF()) {
      serverStatus = packet.eofStatusFlags() & 0xffff;
      noteWarnings(packet.eofWarningCount() & 0xffff);
    } else if (packed) {
      if (this._resultIndex === 0) {
        // Only rows of several packet parts are put together apart.
        const large = packet.numPackets > 1 ? largeRowOf(packet) : null;
        packed(packet.buffer, packet.offset, packet.end, large);
      }
      return rowState;
    }
    const next = standardRow.call(this, packet, connection);
    return next === standardRow ? rowState : next;
  };
  query.row = rowState;

  const room = sink.largeRowRoom?.bind(sink);
  const unbind =
    packed && room
      ? boundLargeRows(core, {
          active: () => sawFields && !ended && query._resultIndex === 0,
          room,
        })
      : null;
  const settle = () => {
    ended = true;
    unbind?.();
  };

  query.on('fields', (fields: FieldPacket[] | undefined, index?: number) => {
    // mysql2 also emits 'fields' (with nothing) before the OK packet of a statement without rows.
    if (!Array.isArray(fields) || (index ?? 0) > 0 || sawFields) return;
    sawFields = true;
    decoders = fields.map(columnDecoder);
    sink.columns(fields);
  });
  query.on('result', (row: unknown, index?: number) => {
    if (Array.isArray(row)) {
      if ((index ?? 0) > 0) return;
      const values = row as RawCell[];
      for (let i = 0; i < values.length; i++) {
        const v = values[i];
        const decode = decoders[i];
        if (decode && Buffer.isBuffer(v)) values[i] = decode(v);
      }
      sink.row?.(values);
      return;
    }
    const header = row as ResultSetHeader;
    if (typeof header.serverStatus === 'number') serverStatus = header.serverStatus;
    noteWarnings(header.warningStatus);
    if ((index ?? 0) === 0 && !sawFields && !ended) {
      settle();
      sink.end(header, serverStatus, warnings);
    }
  });
  query.on('error', (err: unknown) => {
    if (ended) return;
    settle();
    sink.error(err);
  });
  query.on('end', () => {
    if (ended) return;
    settle();
    sink.end(null, serverStatus, warnings);
  });
}
