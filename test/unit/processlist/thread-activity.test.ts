import { describe, expect, it } from 'vitest';
import { joinPerformanceSchemaRows } from '../../../src/shared/processlist/join-performance-schema';
import { processRowFrom } from '../../../src/shared/processlist/map-process-row';
import { capabilitiesFor } from '../../../src/shared/server/capabilities';
import { threadActivity } from '../../../src/main/services/processlist/processlist-sql';

describe('memory and stage progress of MySQL sessions', () => {
  const threads = new Map([
    [7, { THREAD_ID: 70, PROCESSLIST_ID: 7 }],
    [8, { THREAD_ID: 80, PROCESSLIST_ID: 8 }],
  ]);

  it('joins activity by processlist id and maps memory, peak and the stage’s progress', () => {
    const joined = joinPerformanceSchemaRows(
      [
        { ID: 7, USER: 'app', COMMAND: 'Query', TIME: 3 },
        { ID: 8, USER: 'app', COMMAND: 'Sleep', TIME: 9 },
      ],
      threads,
      [],
      [
        {
          ID: 7,
          MEMORY_USED: '10486123',
          MAX_MEMORY_USED: '12000000',
          STAGE_NAME: 'stage/sql/copy to tmp table',
          WORK_COMPLETED: '2500',
          WORK_ESTIMATED: '10000',
        },
        { ID: 8, MEMORY_USED: 40960, MAX_MEMORY_USED: 81920, STAGE_NAME: null },
        { ID: 99, MEMORY_USED: 1 },
      ],
    );
    const copying = processRowFrom(joined[0]!, null)!;
    expect(copying).toMatchObject({
      memoryBytes: 10_486_123,
      memoryPeakBytes: 12_000_000,
      progress: 25,
      progressStage: 'copy to tmp table',
      stage: null,
    });
    expect(copying.extra).toEqual({});
    expect(processRowFrom(joined[1]!, null)).toMatchObject({
      memoryBytes: 40960,
      memoryPeakBytes: 81920,
      progress: null,
      progressStage: null,
    });
  });

  it('caps progress at 100 % when the work passes its estimate, and ignores stages without one', () => {
    const row = (work: Record<string, unknown>) =>
      processRowFrom({ ID: 1, COMMAND: 'Query', ...work }, null)!;
    expect(
      row({
        STAGE_NAME: 'stage/innodb/alter table (read PK and internal sort)',
        WORK_COMPLETED: 130,
        WORK_ESTIMATED: 120,
      }),
    ).toMatchObject({ progress: 100, progressStage: 'alter table (read PK and internal sort)' });
    expect(
      row({ STAGE_NAME: 'stage/sql/executing', WORK_COMPLETED: 0, WORK_ESTIMATED: 0 }),
    ).toMatchObject({ progress: null, progressStage: null });
  });

  it('reads activity only where the server has it: threads memory from MySQL 8.0.31, stages when the consumer is on', () => {
    const caps = (flavor: 'mysql' | 'mariadb', major: number, minor: number, patch: number) =>
      capabilitiesFor(flavor, { major, minor, patch });
    expect(caps('mysql', 8, 0, 30).threadMemory).toBe(false);
    expect(caps('mysql', 8, 0, 31).threadMemory).toBe(true);
    expect(caps('mariadb', 11, 8, 0).threadMemory).toBe(false);
    expect(threadActivity(false, false)).toBeNull();
    expect(threadActivity(true, false)).toBe(
      `SELECT PROCESSLIST_ID AS ID, TOTAL_MEMORY AS MEMORY_USED, MAX_TOTAL_MEMORY AS MAX_MEMORY_USED
FROM performance_schema.threads WHERE PROCESSLIST_ID IS NOT NULL`,
    );
    expect(threadActivity(true, true)).toContain(
      'LEFT JOIN performance_schema.events_stages_current s ON s.THREAD_ID = t.THREAD_ID AND s.WORK_ESTIMATED > 0',
    );
    expect(threadActivity(false, true)).toContain(
      'FROM performance_schema.events_stages_current s\nJOIN performance_schema.threads t',
    );
  });

  it('knows SHOW ANALYZE arrived in MariaDB 10.9 and never in MySQL', () => {
    expect(capabilitiesFor('mariadb', { major: 10, minor: 8, patch: 8 }).showAnalyze).toBe(false);
    expect(capabilitiesFor('mariadb', { major: 10, minor: 9, patch: 1 }).showAnalyze).toBe(true);
    expect(capabilitiesFor('mysql', { major: 9, minor: 7, patch: 0 }).showAnalyze).toBe(false);
  });
});
