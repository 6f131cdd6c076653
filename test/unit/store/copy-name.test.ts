import { describe, expect, it } from 'vitest';
import { copyName } from '../../../src/main/store/copy-name';

describe('copyName', () => {
  it('adds " (copy)", then numbers further copies', () => {
    expect(copyName('prod', ['prod'], 100)).toBe('prod (copy)');
    expect(copyName('prod', ['prod', 'prod (copy)'], 100)).toBe('prod (copy 2)');
    expect(copyName('prod', ['prod', 'prod (copy)', 'prod (copy 2)'], 100)).toBe('prod (copy 3)');
  });

  it('fills the first gap', () => {
    expect(copyName('prod', ['prod', 'prod (copy 2)'], 100)).toBe('prod (copy)');
  });

  it('continues the numbering when copying a copy', () => {
    expect(copyName('prod (copy)', ['prod', 'prod (copy)'], 100)).toBe('prod (copy 2)');
    expect(copyName('prod (copy 2)', ['prod (copy)', 'prod (copy 2)'], 100)).toBe('prod (copy 3)');
  });

  it('compares names case-insensitively', () => {
    expect(copyName('Prod', ['Prod', 'PROD (COPY)'], 100)).toBe('Prod (copy 2)');
  });

  it('shortens a long name so the copy fits', () => {
    const long = 'n'.repeat(100);
    expect(copyName(long, [long], 100)).toBe(`${'n'.repeat(93)} (copy)`);
    expect(copyName(long, [long, `${'n'.repeat(93)} (copy)`], 100)).toBe(
      `${'n'.repeat(91)} (copy 2)`,
    );
  });
});
