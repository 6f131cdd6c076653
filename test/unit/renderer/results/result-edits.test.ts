import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../../src/shared/api/query';
import type { EditTarget } from '../../../../src/shared/result-edit/edit-model';
import {
  addRow,
  afterApply,
  deleteRows,
  NO_EDITS,
  originalOf,
  parseTyped,
  pendingCount,
  pendingSummary,
  rowEditsOf,
  setAddedCell,
  setCell,
} from '../../../../src/renderer/results/result-edits';

const rows: Cell[][] = [
  ['1', null, { t: 'bin', hex: '00ff', bytes: 2, partial: false }],
  ['2', 'b', { t: 'long', text: 'xxx', chars: 9000 }],
];
const rowAt = (r: number) => rows[r];

describe('result edits', () => {
  it('keeps NULL, the empty string and partly read values apart', () => {
    expect(originalOf(null)).toBeNull();
    expect(originalOf('')).toEqual({ text: '' });
    expect(originalOf({ t: 'bin', hex: 'ab', bytes: 1, partial: false })).toEqual({ hex: 'ab' });
    expect(originalOf({ t: 'bin', hex: 'ab', bytes: 900, partial: true })).toBe('unknown');
    expect(originalOf({ t: 'long', text: 'a', chars: 9000 })).toBe('unknown');
  });

  it('reads bytes typed as hex and refuses what is not', () => {
    expect(parseTyped('0xCAFE', true)).toEqual({ value: { hex: 'cafe' } });
    expect(parseTyped('', true)).toEqual({ value: { hex: '' } });
    expect(parseTyped('abc', true)).toHaveProperty('error');
    expect(parseTyped(' 0x12 ', false)).toEqual({ value: { text: ' 0x12 ' } });
  });

  it('drops a change back to the value read, and turns the rest into edits in run order', () => {
    let e = setCell(NO_EDITS, 0, 1, { text: '' }, null);
    expect(pendingCount(e)).toBe(1);
    expect(pendingCount(setCell(e, 0, 1, null, null))).toBe(0);
    e = setCell(e, 1, 1, null, 'b');
    e = deleteRows(e, [1], []);
    e = setAddedCell(addRow(e), 0, 0, { text: '3' });
    expect(pendingSummary(e)).toBe('1 cell changed, 1 row deleted, 1 row added');
    const made = rowEditsOf(e, rowAt);
    expect(made).toEqual({
      edits: [
        { op: 'delete', original: [{ text: '2' }, { text: 'b' }, 'unknown'] },
        {
          op: 'update',
          original: [{ text: '1' }, null, { hex: '00ff' }],
          values: [{ column: 1, value: { text: '' } }],
        },
        { op: 'insert', values: [{ column: 0, value: { text: '3' } }] },
      ],
      rows: [1, 0, null],
    });

    const target: EditTarget = {
      editable: true,
      schema: 's',
      table: 't',
      key: { name: 'PRIMARY', columns: [0], names: ['id'] },
      columns: [
        { editable: true, name: 'id', dataType: 'int' },
        { editable: true, name: 'v', dataType: 'varchar' },
        { editable: false, reason: 'an expression, not a table column' },
      ],
    };
    const after = afterApply(e, target, made, [null, ['1', '', null], ['3', 'dflt', null]], rowAt);
    expect(pendingCount(after)).toBe(0);
    expect([...after.gone]).toEqual([1]);
    // Columns not read back (the expression) keep what was shown.
    expect(after.stored.get(0)).toEqual([
      '1',
      '',
      { t: 'bin', hex: '00ff', bytes: 2, partial: false },
    ]);
    expect(after.inserted).toEqual([['3', 'dflt', null]]);
  });
});
