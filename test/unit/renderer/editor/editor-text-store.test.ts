import { describe, expect, it, vi } from 'vitest';
import { useFakeLocalStorage } from '../fake-local-storage';
import { loadEditorText, saveEditorText } from '../../../../src/renderer/editor/editor-text-store';

const STORE = 'sightline.ui-state';

describe('editor text in the UI state store', () => {
  const stored = useFakeLocalStorage();

  const values = () =>
    (JSON.parse(stored.get(STORE)!) as { values: Record<string, unknown> }).values;

  it('moves a text saved under the old key into the store, unchanged', () => {
    const old = "-- report\nSELECT * FROM t WHERE name = 'ü' AND j = '{\"a\": 1}';\n\n\tSELECT 2;";
    stored.set('sightline.editor-text.c1.0', old);
    expect(loadEditorText('c1', 0)).toBe(old);
    // Moved: the old key is gone, the store holds the text, and it reads back the same.
    expect(stored.has('sightline.editor-text.c1.0')).toBe(false);
    expect(values()['editor-text.c1.0']).toBe(old);
    expect(loadEditorText('c1', 0)).toBe(old);
  });

  it('keeps an old text that happens to parse as JSON as the text it was', () => {
    for (const old of ['42', 'null', 'true', '-7']) {
      stored.clear();
      stored.set('sightline.editor-text.c1.3', old);
      expect(loadEditorText('c1', 3)).toBe(old);
    }
  });

  it('reads an old text that is a JSON string or array as raw text, quotes and all', () => {
    for (const old of ['"abc"', '[1, 2]', '{"a": 1}', '"  spaced "']) {
      stored.clear();
      stored.set('sightline.editor-text.c1.4', old);
      expect(loadEditorText('c1', 4)).toBe(old);
      expect(values()['editor-text.c1.4']).toBe(old);
    }
  });

  it('keeps what is typed after the move, per connection and slot, beside other UI state', () => {
    stored.set('sightline.editor-text.c1.0', 'SELECT 1;');
    stored.set(STORE, JSON.stringify({ version: 1, values: { 'layout.editor-split': 0.5 } }));
    expect(loadEditorText('c1', 0)).toBe('SELECT 1;');
    saveEditorText('c1', 0, 'SELECT 1;\nSELECT 2;');
    saveEditorText('c1', 1, 'SHOW PROCESSLIST;');
    saveEditorText('c2', 0, 'SELECT 3;');
    expect(loadEditorText('c1', 0)).toBe('SELECT 1;\nSELECT 2;');
    expect(loadEditorText('c1', 1)).toBe('SHOW PROCESSLIST;');
    expect(loadEditorText('c2', 0)).toBe('SELECT 3;');
    expect(values()['layout.editor-split']).toBe(0.5);
    // Nothing left under the old keys for the old code path to find.
    expect([...stored.keys()]).toEqual([STORE]);
  });

  it('gives an empty editor when nothing was saved, and forgets a text emptied', () => {
    expect(loadEditorText('c9', 0)).toBe('');
    saveEditorText('c9', 0, 'SELECT 1;');
    saveEditorText('c9', 0, '');
    expect(loadEditorText('c9', 0)).toBe('');
    expect('editor-text.c9.0' in values()).toBe(false);
  });

  it('prefers what the store holds over an old entry left behind', () => {
    saveEditorText('c1', 0, 'newer');
    stored.set('sightline.editor-text.c1.0', 'older');
    expect(loadEditorText('c1', 0)).toBe('newer');
  });

  it('says when a text cannot be kept (the storage is full), keeping what it kept before', () => {
    expect(saveEditorText('c1', 0, 'SELECT 1;')).toBe(true);
    // The browser's quota, scaled down: a value past it is refused, as Chromium does.
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (v.length > 200)
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        stored.set(k, v);
      },
      removeItem: (k: string) => void stored.delete(k),
    });
    expect(saveEditorText('c1', 0, `SELECT '${'x'.repeat(300)}';`)).toBe(false);
    expect(loadEditorText('c1', 0)).toBe('SELECT 1;');
    expect(saveEditorText('c1', 0, 'SELECT 2;')).toBe(true);
    expect(loadEditorText('c1', 0)).toBe('SELECT 2;');
  });
});
