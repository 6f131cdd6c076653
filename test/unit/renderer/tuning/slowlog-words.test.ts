import { describe, expect, it } from 'vitest';
import type { SlowLogClassComparison } from '../../../../src/shared/api/slowlog';
import {
  slowLogFilterText,
  slowLogRatioText,
} from '../../../../src/renderer/tuning/slowlog-columns';

const compared = (over: Partial<SlowLogClassComparison>): SlowLogClassComparison => ({
  checksum: '0123456789ABCDEF0123456789ABCDEF',
  fingerprint: 'select ?',
  change: 'slower',
  before: { count: 1, queryTimeSum: 1, queryTimeAvg: 1 },
  after: { count: 1, queryTimeSum: 4, queryTimeAvg: 4 },
  avgRatio: 4,
  countChange: 0,
  timeChange: 3,
  ...over,
});

describe('slow log filter and ratio words', () => {
  it('says a filter in words, in a fixed order, leaving out empty fields', () => {
    expect(slowLogFilterText(null)).toBeNull();
    expect(slowLogFilterText({ user: ' ', db: '' })).toBeNull();
    expect(
      slowLogFilterText({ db: 'shop', user: 'app', since: '2026-11-25 10:00:00', host: '' }),
    ).toBe('since 2026-11-25 10:00:00, user app, database shop');
  });

  it('gives the ratio of averages, or a dash where there is none', () => {
    expect(slowLogRatioText(compared({}))).toBe('×4.00');
    expect(slowLogRatioText(compared({ change: 'faster', avgRatio: 0.125 }))).toBe('×0.13');
    expect(slowLogRatioText(compared({ change: 'new', before: null, avgRatio: null }))).toBe('—');
  });
});
