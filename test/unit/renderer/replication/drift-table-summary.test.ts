import { describe, expect, it } from 'vitest';
import { driftTableSummary } from '../../../../src/renderer/replication/drift/drift-table-summary';

// The head of a compared table: the verb and nouns agree with their counts (a replica with one
// extra row used to read "1 row differ, in 1 of 1 chunks").

describe('driftTableSummary', () => {
  it('says one differing row in one chunk in the singular', () => {
    expect(driftTableSummary({ rows: 3, chunks: 1, chunksDiffering: 1, differencesTotal: 1 })).toBe(
      '1 row differs, in 1 of 1 chunk',
    );
  });

  it('says several differing rows in the plural', () => {
    expect(
      driftTableSummary({ rows: 3000, chunks: 4, chunksDiffering: 2, differencesTotal: 2 }),
    ).toBe('2 rows differ, in 2 of 4 chunks');
  });

  it('says an equal table with its rows and chunks, singular or plural', () => {
    expect(driftTableSummary({ rows: 1, chunks: 1, chunksDiffering: 0, differencesTotal: 0 })).toBe(
      'equal: 1 row in 1 chunk',
    );
    expect(
      driftTableSummary({ rows: 1_500_000, chunks: 1500, chunksDiffering: 0, differencesTotal: 0 }),
    ).toBe('equal: 1.5 M rows in 1.5 k chunks');
  });
});
