import { describe, expect, it, vi } from 'vitest';
import { useFakeLocalStorage } from '../fake-local-storage';
import {
  loadEditorSplit,
  loadRailCollapsed,
  saveEditorSplit,
  saveRailCollapsed,
} from '../../../../src/renderer/app/layout-store';

describe('layout store', () => {
  const stored = useFakeLocalStorage();

  it('gives back the split last saved, and the default when there is none', () => {
    expect(loadEditorSplit()).toBe(0.45);
    saveEditorSplit(0.6123);
    expect(JSON.parse(stored.get('sightline.ui-state')!).values['layout.editor-split']).toBe(0.612);
    expect(loadEditorSplit()).toBe(0.612);
  });

  it('never gives back a split the splitter could not make', () => {
    for (const [raw, expected] of [
      ['2', 0.85],
      ['-1', 0.15],
      ['half', 0.45],
      ['', 0.45],
      ['Infinity', 0.45],
    ] as const) {
      stored.clear();
      stored.set('sightline.layout.editor-split', raw);
      expect(loadEditorSplit()).toBe(expected);
    }
  });

  it('remembers whether the rail is folded; anything but "true" is unfolded', () => {
    expect(loadRailCollapsed()).toBe(false);
    saveRailCollapsed(true);
    expect(loadRailCollapsed()).toBe(true);
    stored.clear();
    stored.set('sightline.layout.rail-collapsed', 'yes');
    expect(loadRailCollapsed()).toBe(false);
  });

  it('works without storage (private mode, storage refused): defaults, no throw', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    expect(() => saveEditorSplit(0.5)).not.toThrow();
    expect(loadEditorSplit()).toBe(0.45);
    expect(loadRailCollapsed()).toBe(false);
  });
});
