import { describe, expect, it } from 'vitest';
import { storeWriteSentence } from '../../../../src/renderer/app/store-write-words';

describe('storeWriteSentence', () => {
  it('says what could not be saved, why, and what is at stake', () => {
    expect(
      storeWriteSentence({
        store: 'history',
        state: 'failing',
        path: '/data/history.jsonl',
        errorCode: 'ENOSPC',
        error: 'ENOSPC: no space left on device, write',
        unsaved: 40,
      }),
    ).toBe(
      'The query history could not be saved to /data/history.jsonl: the disk is full. 40 statements are kept in memory and saved as soon as the disk takes them (retrying); closing Sightline before then loses them.',
    );
    expect(
      storeWriteSentence({
        store: 'settings',
        state: 'failing',
        path: '/data/settings.json',
        errorCode: 'EXDEV',
        error: 'EXDEV: cross-device link not permitted',
        unsaved: 1,
      }),
    ).toBe(
      'The settings could not be saved to /data/settings.json: EXDEV: cross-device link not permitted. 1 settings change is kept in memory and saved as soon as the disk takes it (retrying); closing Sightline before then loses it.',
    );
  });
});
