import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ALTER_RULES,
  REJECTION_RULES,
  SITUATION_RULES,
} from '../../../src/shared/alter/alter-rules';
import { ruleTables, ruleTablesMarkdown } from '../../../src/shared/alter/rule-tables';
import { formatVersion } from '../../../src/shared/server/version';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the rule tables', () => {
  it('are what docs/alter-rules.md says (regenerate with npm run docs:alter-rules)', async () => {
    const committed = await readFile(path.join(root, 'docs', 'alter-rules.md'), 'utf8');
    expect(committed).toBe(ruleTablesMarkdown());
  });

  it('cite a source for every rule', () => {
    const cites = [
      ...Object.values(ALTER_RULES).flatMap((rows) => rows.map((r) => r.cite)),
      ...SITUATION_RULES.map((r) => r.cite),
      ...REJECTION_RULES.map((r) => r.cite),
    ];
    for (const cite of cites) expect(cite.trim().length).toBeGreaterThan(10);
  });

  it('split each flavor at the versions where the manuals say a rule changes', () => {
    const starts = Object.fromEntries(
      ruleTables().map((f) => [f.flavor, f.tables.map((t) => formatVersion(t.from))]),
    );
    // MySQL: 5.7.6 partition ALGORITHM/LOCK clauses; 8.0.12 ALGORITHM=INSTANT; 8.0.28 instant
    // RENAME COLUMN; 8.0.29 instant ADD anywhere / DROP with 64 row versions; 9.1.0 255 row
    // versions; 9.7.0 the version the matrix test checks, where only-observed rules are known.
    expect(starts.mysql).toEqual([
      '5.7.0',
      '5.7.6',
      '8.0.12',
      '8.0.28',
      '8.0.29',
      '9.1.0',
      '9.7.0',
    ]);
    // MariaDB: 10.3.7 ALGORITHM=INSTANT/NOCOPY; 10.4.0 instant DROP/reorder/anywhere (MDEV-15562);
    // 10.4.3 instant VARCHAR from <=127 to >=256 bytes (MDEV-15563); 10.5.0 PAGE_COMPRESSED=1
    // instant (seen on 10.5); 10.6.0 from there unknown until 10.11.0, the matrix's oldest but
    // 10.5; 11.8.0 ALGORITHM enforced when repartitioning.
    expect(starts.mariadb).toEqual([
      '10.3.0',
      '10.3.7',
      '10.4.0',
      '10.4.3',
      '10.5.0',
      '10.6.0',
      '10.11.0',
      '11.8.0',
    ]);
  });

  it('give every situation a row in every range, each range ending where the next begins', () => {
    for (const flavor of ruleTables()) {
      flavor.tables.forEach((t, i) => {
        expect(t.rows.map((r) => r.situation)).toEqual(Object.keys(ALTER_RULES));
        expect(t.until).toEqual(flavor.tables[i + 1]?.from ?? null);
      });
    }
  });
});
