import type { FieldPacket } from 'mysql2';
import {
  MAX_CELL_SLICE,
  type Cell,
  type CellSlice,
  type ResultColumn,
} from '../../shared/api/query';
import { columnTypeName, isBinaryColumn, isNumericColumn } from '../../shared/query/column-type';
import { columnEncoding } from '../db/column-decoder';
import type { LargeRow } from '../db/large-rows';
import { RowArena } from './row-arena';
import { textLength, textSlice } from './text-slice';

/** Limits that protect the app from a result too big to hold. */
export interface ResultLimits {
  maxRows: number;
  maxBytes: number;
}

export const DEFAULT_RESULT_LIMITS: ResultLimits = {
  maxRows: 1_000_000,
  maxBytes: 512 * 1024 * 1024,
};

/** Text longer than this travels as a preview; the cell viewer fetches the rest. */
export const CELL_PREVIEW_CHARS = 2000;
/** Bytes shown as hex in a grid cell. */
export const CELL_PREVIEW_BYTES = 256;
/** Values up to this many bytes are decoded whole for a page; longer ones only their start. */
const DECODE_WHOLE_BYTES = 64 * 1024;
/** Room left out of a large row's values for its length prefixes and the row index. */
const ROW_OVERHEAD_BYTES = 64 * 1024;

/** The server's column definitions in the model the screens use. */
export function resultColumnsOf(fields: FieldPacket[]): ResultColumn[] {
  return fields.map((f) => {
    const code = Number(f.columnType ?? f.type ?? -1);
    const charset = Number(f.characterSet ?? 0);
    const flags = Number(f.flags ?? 0);
    const extended = (f as { extendedTypeName?: string }).extendedTypeName;
    return {
      name: f.name,
      orgName: f.orgName ?? '',
      table: f.orgTable || f.table || '',
      schema: f.db ?? f.schema ?? '',
      typeName: columnTypeName(code, flags, charset, extended),
      typeCode: code,
      flags,
      charset,
      length: Number(f.columnLength ?? f.length ?? 0),
      decimals: Number(f.decimals ?? 0),
      binary: isBinaryColumn(code, charset),
      numeric: isNumericColumn(code),
    };
  });
}

/**
 * A value as a cell; `wholeBytes` is the size of the whole value when only its start was kept.
 */
export function encodeCell(
  value: Buffer | null,
  encoding: BufferEncoding | null,
  wholeBytes: number | undefined,
): Cell {
  if (value === null) return null;
  if (wholeBytes !== undefined) {
    const cell = encodeCell(value, encoding, undefined);
    if (cell !== null && typeof cell === 'object') return { ...cell, wholeBytes };
    return { t: 'long', text: cell ?? '', chars: cell?.length ?? 0, wholeBytes };
  }
  if (encoding === null) {
    const shown = value.subarray(0, CELL_PREVIEW_BYTES);
    return {
      t: 'bin',
      hex: shown.toString('hex'),
      bytes: value.length,
      partial: shown.length < value.length,
    };
  }
  if (value.length <= DECODE_WHOLE_BYTES) {
    const text = value.toString(encoding);
    return text.length > CELL_PREVIEW_CHARS
      ? { t: 'long', text: text.slice(0, CELL_PREVIEW_CHARS), chars: text.length }
      : text;
  }
  // A huge value: decode just its start, count the rest without building it.
  const start = value.subarray(0, CELL_PREVIEW_CHARS * 4).toString(encoding);
  return {
    t: 'long',
    text: start.slice(0, CELL_PREVIEW_CHARS),
    chars: textLength(value, encoding),
  };
}

/**
 * The rows of one statement's result as received, within limits: once a limit is reached no
 * more rows are kept and `truncated` says which limit it was. Rows are kept as the server's
 * bytes and decoded page by page as screens ask for them.
 */
export class QueryResult {
  columns: ResultColumn[] | null = null;
  truncated: 'rows' | 'bytes' | null = null;
  #encodings: Array<BufferEncoding | null> = [];
  readonly #arena = new RowArena();
  /** Values of which only the start was kept: row → column → the whole value's bytes. */
  readonly #cut = new Map<number, Map<number, number>>();
  /** The length in characters of the huge value last sliced (the viewer asks slice by slice). */
  #measured: { key: string; total: number } | null = null;

  constructor(private readonly limits: ResultLimits) {}

  get rowCount(): number {
    return this.#arena.rowCount;
  }

  get bytes(): number {
    return this.#arena.bytes;
  }

  setColumns(fields: FieldPacket[]): void {
    this.columns = resultColumnsOf(fields);
    this.#encodings = fields.map(columnEncoding);
  }

  /**
   * Keeps a row as the server encoded it (`packet[start ..< end]`, see RowArena.pushEncoded for
   * how long `packet` must stay unchanged); returns false
   * (keeping nothing) once a limit is reached. `large` describes a row put together apart (see
   * large-rows.ts): its buffer is kept without a copy and its cut values are remembered.
   */
  add(packet: Buffer, start: number, end: number, large: LargeRow | null = null): boolean {
    if (this.truncated) return false;
    if (this.#arena.rowCount >= this.limits.maxRows) {
      this.truncated = 'rows';
      return false;
    }
    if (this.#arena.bytes + (end - start) > this.limits.maxBytes) {
      this.truncated = 'bytes';
      return false;
    }
    if (!large) {
      this.#arena.pushEncoded(packet, start, end);
      return true;
    }
    // A row put together apart is kept as it is: copying it would hold it twice.
    this.#arena.pushOwned(packet, start, end);
    if (large.cut.length > 0) {
      this.#cut.set(this.#arena.rowCount - 1, new Map(large.cut.map((c) => [c.column, c.bytes])));
    }
    return true;
  }

  /** Bytes of values a row too large for one packet may keep: the room left within the limit. */
  largeRowRoom(): number {
    return Math.max(0, this.limits.maxBytes - this.#arena.bytes - ROW_OVERHEAD_BYTES);
  }

  /** Rows `offset ..< offset+limit` as they go on the wire. */
  page(offset: number, limit: number): Cell[][] {
    const out: Cell[][] = [];
    const width = this.#encodings.length;
    const end = Math.min(this.rowCount, offset + limit);
    for (let r = offset; r < end; r++) {
      const values = this.#arena.row(r, width);
      if (!values) break;
      const cut = this.#cut.get(r);
      out.push(values.map((v, c) => encodeCell(v, this.#encodings[c] ?? null, cut?.get(c))));
    }
    return out;
  }

  /** Part of one value in full, for the cell viewer: text by characters, bytes as hex. */
  cellSlice(row: number, column: number, offset: number, length: number): CellSlice | null {
    const values = this.#arena.row(row, this.#encodings.length);
    if (!values || column < 0 || column >= values.length) return null;
    const value = values[column] ?? null;
    if (value === null) return { kind: 'null', total: 0, offset: 0, data: '' };
    const slice = this.#slice(row, column, value, offset, length);
    const wholeBytes = this.#cut.get(row)?.get(column);
    return wholeBytes === undefined ? slice : { ...slice, wholeBytes };
  }

  #slice(row: number, column: number, value: Buffer, offset: number, length: number): CellSlice {
    const size = Math.min(length, MAX_CELL_SLICE);
    const encoding = this.#encodings[column] ?? null;
    if (encoding === null) {
      return {
        kind: 'binary',
        total: value.length,
        offset,
        data: value.subarray(offset, offset + size).toString('hex'),
      };
    }
    if (value.length <= DECODE_WHOLE_BYTES) {
      const text = value.toString(encoding);
      return { kind: 'text', total: text.length, offset, data: text.slice(offset, offset + size) };
    }
    // A huge value: cut the slice from the bytes; its length is measured once per cell.
    const key = `${row}:${column}`;
    if (this.#measured?.key !== key) {
      this.#measured = { key, total: textLength(value, encoding) };
    }
    return {
      kind: 'text',
      total: this.#measured.total,
      offset,
      data: textSlice(value, encoding, offset, size),
    };
  }
}
