import { describe, expect, it } from 'vitest';
import { describeFilter } from '../../../src/shared/processlist/filter-summary';
import { DEFAULT_FILTER } from '../../../src/shared/processlist/filters';

describe('the folded processlist filter summary', () => {
  it('names the default filter’s two parts', () => {
    expect(describeFilter(DEFAULT_FILTER)).toEqual(['no sleeping', 'no system threads']);
  });

  it('is empty when nothing narrows the list', () => {
    expect(describeFilter({ ...DEFAULT_FILTER, hideSleeping: false, hideSystem: false })).toEqual(
      [],
    );
  });

  it('names every active part in the filter bar’s order, trimmed as the filter reads it', () => {
    expect(
      describeFilter({
        hideSleeping: false,
        hideSystem: true,
        user: ' app ',
        host: '10.0.0.5',
        schema: 'shop',
        command: 'Query',
        state: ' lock ',
        minSeconds: 60,
        text: 'orders',
      }),
    ).toEqual([
      'no system threads',
      'user app',
      'host 10.0.0.5',
      'schema shop',
      'command Query',
      'state has “lock”',
      'at least 60 s',
      'statement has “orders”',
    ]);
  });

  it('ignores parts that hold only spaces, as the filter does', () => {
    expect(
      describeFilter({ ...DEFAULT_FILTER, hideSleeping: false, hideSystem: false, user: '  ' }),
    ).toEqual([]);
  });
});
