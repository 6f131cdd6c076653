import { describe, expect, it } from 'vitest';
import {
  PlanDiagnosticSettingsSchema,
  ResultLimitSettingsSchema,
} from '../../../../src/shared/api/settings';
import { draftOf, readNumberDraft } from '../../../../src/renderer/settings/number-fields';

describe('settings number fields', () => {
  it('read typed numbers, with the group separators people type', () => {
    expect(
      readNumberDraft(ResultLimitSettingsSchema, { maxRows: '2,500,000', maxMegabytes: ' 1 024 ' }),
    ).toEqual({ ok: true, value: { maxRows: 2_500_000, maxMegabytes: 1024 } });
    expect(
      readNumberDraft(ResultLimitSettingsSchema, draftOf({ maxRows: 1000, maxMegabytes: 16 })),
    ).toEqual({ ok: true, value: { maxRows: 1000, maxMegabytes: 16 } });
    expect(
      readNumberDraft(PlanDiagnosticSettingsSchema, {
        fullScanRows: '500',
        misestimateFactor: '2.5',
      }),
    ).toEqual({ ok: true, value: { fullScanRows: 500, misestimateFactor: 2.5 } });
  });

  it('say for each field what is wrong with it, in the backend’s words', () => {
    expect(
      readNumberDraft(ResultLimitSettingsSchema, { maxRows: '999', maxMegabytes: '70000' }),
    ).toEqual({
      ok: false,
      problems: {
        maxRows: 'The row limit must be at least 1,000 rows',
        maxMegabytes: 'The memory limit must be at most 65,536 MB',
      },
    });
    expect(
      readNumberDraft(ResultLimitSettingsSchema, { maxRows: '1e6', maxMegabytes: '' }),
    ).toEqual({
      ok: false,
      problems: {
        maxRows: 'The row limit must be a number',
        maxMegabytes: 'The memory limit must be a number',
      },
    });
    expect(
      readNumberDraft(ResultLimitSettingsSchema, { maxRows: '1000.5', maxMegabytes: '-3' }),
    ).toEqual({
      ok: false,
      problems: {
        maxRows: 'The row limit must be a whole number',
        maxMegabytes: 'The memory limit must be at least 16 MB',
      },
    });
    expect(
      readNumberDraft(PlanDiagnosticSettingsSchema, {
        fullScanRows: '0',
        misestimateFactor: '1.5',
      }),
    ).toEqual({
      ok: false,
      problems: {
        fullScanRows: 'The full scan threshold must be at least 10 rows',
        misestimateFactor: 'The misestimate factor must be at least 2×',
      },
    });
  });
});
