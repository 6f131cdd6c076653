import { describe, expect, it } from 'vitest';
import { draftOf, readResultLimitDraft } from '../../../src/renderer/settings/result-limits-form';

describe('result limits form', () => {
  it('reads typed numbers, with the group separators people type', () => {
    expect(readResultLimitDraft({ maxRows: '2,500,000', maxMegabytes: ' 1 024 ' })).toEqual({
      ok: true,
      value: { maxRows: 2_500_000, maxMegabytes: 1024 },
    });
    expect(readResultLimitDraft(draftOf({ maxRows: 1000, maxMegabytes: 16 }))).toEqual({
      ok: true,
      value: { maxRows: 1000, maxMegabytes: 16 },
    });
  });

  it('says for each field what is wrong with it', () => {
    expect(readResultLimitDraft({ maxRows: '999', maxMegabytes: '70000' })).toEqual({
      ok: false,
      problems: {
        maxRows: 'The row limit must be at least 1,000 rows',
        maxMegabytes: 'The memory limit must be at most 65,536 MB',
      },
    });
    expect(readResultLimitDraft({ maxRows: '1e6', maxMegabytes: '' })).toEqual({
      ok: false,
      problems: {
        maxRows: 'The row limit must be a number',
        maxMegabytes: 'The memory limit must be a number',
      },
    });
    expect(readResultLimitDraft({ maxRows: '1000.5', maxMegabytes: '-3' })).toEqual({
      ok: false,
      problems: {
        maxRows: 'The row limit must be a whole number',
        maxMegabytes: 'The memory limit must be at least 16 MB',
      },
    });
  });
});
