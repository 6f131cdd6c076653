import type { FieldPacket } from 'mysql2';
import {
  MAX_CELL_SLICE,
  type Cell,
  type CellSlice,
  type ResultColumn,
} from '../../shared/api/query';
import { columnTypeName, isBinaryColumn, isNumericColumn } from '../../shared/query/column-type';
import type { RawCell } from '../db/stream-statement';

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

/** Bookkeeping per row and per value, so the byte limit counts memory, not just text. */
const ROW_OVERHEAD = 64;
const CELL_OVERHEAD = 16;

/** The server's column definitions in the model the screens use. */
export function resultColumnsOf(fields: FieldPacket[]): ResultColumn[] {
  return fields.map((f) => {
    const code = Number(f.columnType ?? f.type ?? -1);
    const charset = Number(f.characterSet ?? 0);
    const flags = Number(f.flags ?? 0);
    const extended = (f as { extendedTypeName?: string }).extendedTypeName;
    return {
      name: f.name,
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

function encodeCell(value: RawCell): Cell {
  if (value === null) return null;
  if (typeof value === 'string') {
    return value.length > CELL_PREVIEW_CHARS
      ? { t: 'long', text: value.slice(0, CELL_PREVIEW_CHARS), chars: value.length }
      : value;
  }
  const shown = value.subarray(0, CELL_PREVIEW_BYTES);
  return {
    t: 'bin',
    hex: shown.toString('hex'),
    bytes: value.length,
    partial: shown.length < value.length,
  };
}

function sizeOf(row: RawCell[]): number {
  let bytes = ROW_OVERHEAD;
  for (const v of row) {
    bytes += CELL_OVERHEAD + (v === null ? 0 : typeof v === 'string' ? v.length * 2 : v.length);
  }
  return bytes;
}

/**
 * The rows of one statement's result as received, within limits: once a limit is reached no
 * more rows are kept and `truncated` says which limit it was.
 */
export class QueryResult {
  readonly rows: RawCell[][] = [];
  columns: ResultColumn[] | null = null;
  truncated: 'rows' | 'bytes' | null = null;
  #bytes = 0;

  constructor(private readonly limits: ResultLimits) {}

  get bytes(): number {
    return this.#bytes;
  }

  /** Keeps a row; returns false (keeping nothing) once a limit is reached. */
  add(row: RawCell[]): boolean {
    if (this.truncated) return false;
    const size = sizeOf(row);
    if (this.rows.length >= this.limits.maxRows) {
      this.truncated = 'rows';
      return false;
    }
    if (this.#bytes + size > this.limits.maxBytes) {
      this.truncated = 'bytes';
      return false;
    }
    this.rows.push(row);
    this.#bytes += size;
    return true;
  }

  /** Rows `offset ..< offset+limit` as they go on the wire. */
  page(offset: number, limit: number): Cell[][] {
    return this.rows.slice(offset, offset + limit).map((r) => r.map(encodeCell));
  }

  /** Part of one value in full, for the cell viewer: text by characters, bytes as hex. */
  cellSlice(row: number, column: number, offset: number, length: number): CellSlice | null {
    const r = this.rows[row];
    if (!r || column < 0 || column >= r.length) return null;
    const value = r[column] ?? null;
    const size = Math.min(length, MAX_CELL_SLICE);
    if (value === null) return { kind: 'null', total: 0, offset: 0, data: '' };
    if (typeof value === 'string') {
      return {
        kind: 'text',
        total: value.length,
        offset,
        data: value.slice(offset, offset + size),
      };
    }
    return {
      kind: 'binary',
      total: value.length,
      offset,
      data: value.subarray(offset, offset + size).toString('hex'),
    };
  }
}
