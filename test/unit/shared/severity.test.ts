import { describe, expect, it } from 'vitest';
import {
  SEVERITIES,
  SeveritySchema,
  severityRank,
  worst,
  worstFirst,
  worstOf,
} from '../../../src/shared/severity';

describe('the one severity scale', () => {
  it('runs from ok to danger, each step worse than the one before', () => {
    expect(SEVERITIES).toEqual(['ok', 'info', 'warning', 'danger']);
    expect(SEVERITIES.map(severityRank)).toEqual([0, 1, 2, 3]);
  });

  it('refuses words that are not on it (the plan model once said critical)', () => {
    expect(SeveritySchema.safeParse('critical').success).toBe(false);
    expect(SeveritySchema.parse('danger')).toBe('danger');
  });

  it('finds the worst, ok when there is nothing', () => {
    expect(worst([])).toBe('ok');
    expect(worst(['info', 'danger', 'warning'])).toBe('danger');
    expect(worstOf([{ severity: 'info' }, { severity: 'warning' }])).toBe('warning');
  });

  it('orders worst first and keeps the order among equals', () => {
    const items = [
      { severity: 'info', id: 1 },
      { severity: 'danger', id: 2 },
      { severity: 'info', id: 3 },
      { severity: 'warning', id: 4 },
    ] as const;
    expect(worstFirst(items).map((i) => i.id)).toEqual([2, 4, 1, 3]);
  });
});
