import { describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { onlineToolCommands, shellQuote } from '../../../src/shared/alter/online-schema-tools';

function alter(sql: string) {
  const r = parseAlter(sql);
  if (!r.ok) throw new Error(r.error);
  return r.alter;
}
const target = { host: 'db1', port: 3306, user: 'dba', schema: 'shop', table: 'orders' };

describe('onlineToolCommands', () => {
  it('writes gh-ost and pt-osc command lines with safety flags, as dry runs', () => {
    const [ghost, pt] = onlineToolCommands(
      alter("ALTER TABLE orders ADD COLUMN note VARCHAR(9) DEFAULT 'it''s', ALGORITHM=INPLACE"),
      target,
      { hasForeignKeys: false, hasTriggers: false, replicaCount: 2 },
    );
    expect(ghost?.command).toBe(
      [
        'gh-ost',
        '--host=db1',
        '--port=3306',
        "--user='dba'",
        '--ask-pass',
        "--database='shop'",
        "--table='orders'",
        `--alter='ADD COLUMN note VARCHAR(9) DEFAULT '\\''it'\\'''\\''s'\\'''`,
        '--max-lag-millis=1500',
        '--max-load=Threads_running=25',
        '--critical-load=Threads_running=100',
        '--chunk-size=1000',
        '--nice-ratio=0.5',
        '--postpone-cut-over-flag-file=/tmp/ghost.orders.postpone',
        '--throttle-flag-file=/tmp/ghost.orders.throttle',
        '--initially-drop-ghost-table',
        '--exact-rowcount',
        '--concurrent-rowcount',
        '--default-retries=120',
        '--verbose',
      ].join(' \\\n  '),
    );
    expect(ghost?.blocker).toBeNull();
    expect(pt?.command.split(' \\\n  ')).toEqual([
      'pt-online-schema-change',
      `--alter 'ADD COLUMN note VARCHAR(9) DEFAULT '\\''it'\\'''\\''s'\\'''`,
      '--ask-pass',
      '--max-lag=1',
      '--check-interval=1',
      '--max-load Threads_running=25',
      '--critical-load Threads_running=100',
      '--chunk-time=0.5',
      '--set-vars lock_wait_timeout=5',
      '--tries create_triggers:10:1,drop_triggers:10:1,swap_tables:10:1',
      '--pause-file=/tmp/pt-osc.orders.pause',
      '--dry-run',
      "'h=db1,P=3306,u=dba,D=shop,t=orders'",
    ]);
  });

  it('says when a tool cannot do the job, and adapts pt-osc to foreign keys and triggers', () => {
    const [ghost, pt] = onlineToolCommands(alter('ALTER TABLE orders FORCE'), target, {
      hasForeignKeys: true,
      hasTriggers: true,
      replicaCount: 0,
    });
    expect(ghost?.blocker).toBe('gh-ost does not support tables with foreign keys.');
    expect(ghost?.notes.at(-1)).toBe(
      'No replica seen: add --allow-on-master to read the binlog on this server.',
    );
    expect(pt?.command).toContain('--alter-foreign-keys-method=auto \\\n  --preserve-triggers');
    const renamed = onlineToolCommands(alter('ALTER TABLE orders RENAME TO o2'), target, {
      hasForeignKeys: false,
      hasTriggers: false,
      replicaCount: 1,
    });
    expect(renamed.map((c) => c.blocker)).toEqual([
      'gh-ost cannot rename the table; rename it separately.',
      'pt-online-schema-change cannot rename the table; rename it separately.',
    ]);
  });

  it('quotes for a POSIX shell', () => {
    expect(shellQuote("a'b c")).toBe(`'a'\\''b c'`);
  });
});
