import { describe, expect, it } from 'vitest';
import { moved, resultsKeptByNewRun } from '../../../../src/renderer/editor/result-tabs';

const tab = (id: string, state: string, pinned?: boolean) => ({ id, pinned, status: { state } });

describe('result tabs across runs', () => {
  it('a new run drops the earlier results except the pinned ones', () => {
    const { kept, dropped } = resultsKeptByNewRun([
      tab('a', 'done'),
      tab('b', 'error', true),
      tab('c', 'done'),
      tab('d', 'cancelled'),
    ]);
    expect(kept.map((t) => t.id)).toEqual(['b']);
    expect(dropped.map((t) => t.id)).toEqual(['a', 'c', 'd']);
  });

  it('moves a dragged tab to where it lands', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
  });
});
