import { describe, expect, it } from 'vitest';
import { useFakeLocalStorage } from '../fake-local-storage';
import {
  asBoolean,
  asNumber,
  asString,
  readUiState,
  UI_STATE_VERSION,
  writeUiState,
} from '../../../../src/renderer/data/ui-state';
import {
  loadEditorSplit,
  loadRailCollapsed,
  saveRailCollapsed,
} from '../../../../src/renderer/app/layout-store';
import {
  loadFilter,
  loadPresets,
  savePresets,
} from '../../../../src/renderer/processlist/filter-store';
import { DEFAULT_FILTER } from '../../../../src/shared/processlist/filters';

const KEY = 'sightline.ui-state';

describe('the UI state store', () => {
  const stored = useFakeLocalStorage();

  const entry = () => JSON.parse(stored.get(KEY)!) as { version: number; values: object };

  it('keeps every value in one versioned entry and gives them back', () => {
    writeUiState('a', 'text');
    writeUiState('b', true);
    expect(entry()).toEqual({ version: UI_STATE_VERSION, values: { a: 'text', b: true } });
    expect(readUiState('a', asString)).toBe('text');
    expect(readUiState('b', asBoolean)).toBe(true);
    writeUiState('a', undefined);
    expect(readUiState('a', asString)).toBeUndefined();
    expect(entry().values).toEqual({ b: true });
  });

  it('gives nothing for a value of the wrong shape, and nothing for a damaged entry', () => {
    writeUiState('n', 'not a number');
    expect(readUiState('n', asNumber)).toBeUndefined();
    for (const damaged of ['{', '[]', '"x"', '{"version":1}', '{"version":"1","values":{}}']) {
      stored.set(KEY, damaged);
      expect(readUiState('n', asNumber)).toBeUndefined();
      // Writing over a damaged entry makes a sound one.
      writeUiState('n', 3);
      expect(readUiState('n', asNumber)).toBe(3);
    }
  });

  it('keeps the keys (and the version) of a newer build when it writes', () => {
    stored.set(KEY, JSON.stringify({ version: 7, values: { future: { x: [1] }, n: 1 } }));
    expect(readUiState('n', asNumber)).toBe(1);
    writeUiState('n', 2);
    expect(entry()).toEqual({ version: 7, values: { future: { x: [1] }, n: 2 } });
  });

  it('moves a value kept under its old key into the store, once', () => {
    stored.set('sightline.layout.editor-split', '0.612');
    stored.set('sightline.layout.rail-collapsed', 'true');
    expect(loadEditorSplit()).toBe(0.612);
    expect(loadRailCollapsed()).toBe(true);
    expect(stored.has('sightline.layout.editor-split')).toBe(false);
    expect(entry().values).toEqual({ 'layout.editor-split': 0.612, 'layout.rail-collapsed': true });
    saveRailCollapsed(false);
    expect(loadRailCollapsed()).toBe(false);
    // A filter saved by an older build, with a damaged part: the default for that part.
    stored.set(
      'sightline.processlist.filter.c1',
      JSON.stringify({ ...DEFAULT_FILTER, user: 'app', hideSleeping: 'yes' }),
    );
    expect(loadFilter('c1')).toEqual({ ...DEFAULT_FILTER, user: 'app' });
  });

  it('stores the processlist presets in it, checked on the way back', () => {
    savePresets([{ name: 'Mine', filter: { ...DEFAULT_FILTER, user: 'me' } }]);
    expect(entry().values).toHaveProperty(['processlist.presets']);
    expect(loadPresets()).toEqual([{ name: 'Mine', filter: { ...DEFAULT_FILTER, user: 'me' } }]);
    writeUiState('processlist.presets', [{ name: 3 }, 'x', { name: 'Ok', filter: null }]);
    expect(loadPresets()).toEqual([{ name: 'Ok', filter: DEFAULT_FILTER }]);
  });
});
