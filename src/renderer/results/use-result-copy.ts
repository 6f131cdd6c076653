import { useState } from 'react';
import type { ResultColumn } from '../../shared/api/query';
import { formatExactCount } from '../../shared/format/count';
import { api } from '../app/api';
import type { RowCache } from '../grid/row-cache';
import {
  COPY_FORMAT_LABELS,
  copyCaveats,
  formatCopy,
  type CopyFormat,
  type CopyValue,
} from './copy-formats';
import { fullValue, missingSize } from './full-values';
import { generatedColumnsOf } from './insert-generated-columns';

/** Rows one copy may hold; more belongs in an export. */
export const COPY_ROW_LIMIT = 100_000;
/** Characters or bytes of long values one copy may fetch in full. */
const COPY_FULL_LIMIT = 64 * 1024 * 1024;

/** A copy waiting for the user to decide about rows not fetched yet. */
export interface PendingCopy {
  format: CopyFormat;
  rows: number[];
  columns: number[];
  fetched: number;
}

/** What the last copy did, in words. */
export interface CopyNote {
  text: string;
  ok: boolean;
}

/**
 * Copying rows of a result to the clipboard as TSV, CSV, JSON or SQL INSERT: long values are
 * fetched in full first, and a selection reaching rows not fetched yet waits in `pending` for
 * the user to say whether to fetch them. With the result's `sessionId`, copied INSERTs leave out
 * the target table's generated columns (read from the server when copying).
 */
export function useResultCopy(
  queryId: string,
  columns: ResultColumn[],
  cache: RowCache,
  sessionId?: string,
) {
  const [pending, setPending] = useState<PendingCopy | null>(null);
  const [note, setNote] = useState<CopyNote | null>(null);
  const [copying, setCopying] = useState(false);

  /** Copies rows of the result (by index) and columns, fetching long values in full. */
  const copyRows = async (format: CopyFormat, rows: number[], cols: number[]) => {
    setPending(null);
    setCopying(true);
    try {
      const values = await fullRows(rows, cols);
      const copied = cols.map((c) => columns[c]!);
      const generated =
        format === 'insert' && sessionId
          ? await generatedColumnsOf(copied, (schema, table) =>
              api.call('schema.columns', { sessionId, schema, table }),
            )
          : new Set<string>();
      const text = formatCopy(format, { columns: copied, rows: values }, { generated });
      await navigator.clipboard.writeText(text);
      setNote({
        ok: true,
        text: [
          `Copied ${formatExactCount(rows.length)} ${rows.length === 1 ? 'row' : 'rows'} × ${cols.length} ${cols.length === 1 ? 'column' : 'columns'} as ${COPY_FORMAT_LABELS[format]}.`,
          ...copyCaveats(format, copied, generated),
        ].join(' '),
      });
    } catch (e) {
      setNote({ ok: false, text: `Could not copy: ${e instanceof Error ? e.message : String(e)}` });
    } finally {
      setCopying(false);
    }
  };

  /** The rows' values in the columns, every one in full; throws when that is too much. */
  const fullRows = async (rows: number[], cols: number[]): Promise<CopyValue[][]> => {
    if (rows.length > COPY_ROW_LIMIT) {
      throw new Error(
        `${formatExactCount(rows.length)} rows is more than a copy holds (${formatExactCount(COPY_ROW_LIMIT)}): use Export full result… instead.`,
      );
    }
    const missing = rows.filter((r) => !cache.loadedRows(r, r + 1)[0]);
    if (missing.length > 0) {
      await cache.load(Math.min(...missing), Math.max(...missing) + 1);
    }
    const cells = rows.map((r) => cache.loadedRows(r, r + 1)[0]);
    let toFetch = 0;
    for (const row of cells) for (const c of cols) toFetch += missingSize(row?.[c] ?? null);
    if (toFetch > COPY_FULL_LIMIT) {
      throw new Error(
        'The selection holds values too large to copy in full: open a cell in the viewer, or export.',
      );
    }
    const values: CopyValue[][] = [];
    for (let i = 0; i < rows.length; i++) {
      const row = cells[i];
      if (!row) throw new Error(`Row ${rows[i]! + 1} could not be fetched.`);
      const out: CopyValue[] = [];
      for (const c of cols) {
        out.push(
          await fullValue(row[c] ?? null, rows[i]!, c, (r, col, offset, length) =>
            api.call('query.cell', { queryId, row: r, column: col, offset, length }),
          ),
        );
      }
      values.push(out);
    }
    return values;
  };

  /** Copies result rows `rows` (none: says what to select); asks first when some are not fetched. */
  const copy = (format: CopyFormat, rows: number[], cols: number[]) => {
    if (rows.length === 0 || cols.length === 0) {
      setNote({ ok: false, text: 'Select cells, rows or columns to copy.' });
      return;
    }
    const fetchedCount = rows.reduce((n, r) => n + (cache.has(r) ? 1 : 0), 0);
    if (fetchedCount < rows.length) {
      setPending({ format, rows, columns: cols, fetched: fetchedCount });
      return;
    }
    void copyRows(format, rows, cols);
  };

  return {
    copy,
    pending,
    /** The pending copy with all its rows fetched, or only those already here. */
    copyPending: (only: 'all' | 'fetched') => {
      if (!pending) return;
      const rows = only === 'all' ? pending.rows : pending.rows.filter((r) => cache.has(r));
      void copyRows(pending.format, rows, pending.columns);
    },
    cancelPending: () => setPending(null),
    note,
    copying,
  };
}

export type ResultCopy = ReturnType<typeof useResultCopy>;
