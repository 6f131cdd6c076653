import { describe, expect, it } from 'vitest';
import { extraColumnText } from '../../../src/renderer/tuning/extra-columns';

describe('the digest table’s other columns, as shown', () => {
  it('reads timers (picoseconds) as durations with the exact value on hover', () => {
    expect(extraColumnText('QUANTILE_95', '316227766016')).toEqual({
      text: '316 ms',
      exact: '316,227,766,016 ps',
    });
    expect(extraColumnText('SUM_CPU_TIME', '25000000')).toEqual({
      text: '25 µs',
      exact: '25,000,000 ps',
    });
    expect(extraColumnText('MIN_TIMER_WAIT', '0')).toEqual({ text: '0 ms', exact: '0 ps' });
    // Past 2^53 picoseconds (about 2.5 hours) still exact to the millisecond shown.
    expect(extraColumnText('AVG_TIMER_WAIT', '36000000000000000').text).toBe('10 h');
  });

  it('shows counters with separators and anything else as the server gave it', () => {
    expect(extraColumnText('SUM_SELECT_SCAN', '1234567')).toEqual({
      text: '1,234,567',
      exact: null,
    });
    expect(extraColumnText('MAX_TOTAL_MEMORY', 52224)).toEqual({ text: '52,224', exact: null });
    expect(extraColumnText('QUERY_SAMPLE_SEEN', '2026-11-24 10:00:00.000000')).toEqual({
      text: '2026-11-24 10:00:00.000000',
      exact: null,
    });
    expect(extraColumnText('QUERY_SAMPLE_TIMER_WAIT', null)).toEqual({ text: '—', exact: null });
  });
});
