import { describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { onlineToolCommands } from '../../../src/shared/alter/online-schema-tools';

function alter(sql: string) {
  const r = parseAlter(sql);
  if (!r.ok) throw new Error(r.error);
  return r.alter;
}
const target = { host: 'db1', port: 3306, user: 'dba', schema: 'shop', table: 'orders' };
const mysql80 = { flavor: 'mysql', version: { major: 8, minor: 0, patch: 40 } } as const;
const mysql84 = { flavor: 'mysql', version: { major: 8, minor: 4, patch: 0 } } as const;
const mariadb = { flavor: 'mariadb', version: { major: 11, minor: 8, patch: 9 } } as const;

describe('onlineToolCommands', () => {
  it('writes gh-ost and pt-osc command lines with safety flags, as dry runs', () => {
    const [ghost, pt] = onlineToolCommands(
      alter("ALTER TABLE orders ADD COLUMN note VARCHAR(9) DEFAULT 'it''s', ALGORITHM=INPLACE"),
      target,
      { hasForeignKeys: false, hasTriggers: false, replicaCount: 2, server: mysql80 },
    );
    expect(ghost?.command).toBe(
      [
        'gh-ost',
        '--host=db1',
        '--port=3306',
        '--user=dba',
        '--ask-pass',
        '--database=shop',
        '--table=orders',
        `'--alter=ADD COLUMN note VARCHAR(9) DEFAULT '\\''it'\\'''\\''s'\\'''`,
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
    expect(pt?.command?.split(' \\\n  ')).toEqual([
      'pt-online-schema-change',
      `--alter 'ADD COLUMN note VARCHAR(9) DEFAULT '\\''it'\\'''\\''s'\\'''`,
      '--host db1',
      '--user dba',
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
      'P=3306,D=shop,t=orders',
    ]);
  });

  it('says when a tool cannot do the job, and adapts pt-osc to foreign keys and triggers', () => {
    const [ghost, pt] = onlineToolCommands(alter('ALTER TABLE orders FORCE'), target, {
      hasForeignKeys: true,
      hasTriggers: true,
      replicaCount: 0,
      server: mysql80,
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
      server: mysql80,
    });
    expect(renamed.map((c) => c.blocker)).toEqual([
      'gh-ost cannot rename the table; rename it separately.',
      'pt-online-schema-change cannot rename the table; rename it separately.',
    ]);
  });

  it('on MySQL 8.4 and later, says which toolkit works and skips a replica search with none to find', () => {
    const plain = { hasForeignKeys: false, hasTriggers: false };
    const lone = onlineToolCommands(alter('ALTER TABLE orders FORCE'), target, {
      ...plain,
      replicaCount: 0,
      server: { flavor: 'percona', version: { major: 9, minor: 7, patch: 4 } },
    })[1]!;
    expect(lone.command).toContain(
      '--pause-file=/tmp/pt-osc.orders.pause \\\n  --recursion-method=none \\\n  --dry-run',
    );
    expect(lone.notes.slice(-2)).toEqual([
      '--recursion-method=none: no replica was seen from this server, so the tool looks for none (and checks no lag); remove it if replicas connect before you run it.',
      'Needs Percona Toolkit 3.7.0 or later here: MySQL 8.4 removed SHOW SLAVE HOSTS and SHOW SLAVE STATUS, and older versions stop with a syntax error when they look for replicas.',
    ]);
    // With replicas the lag checks matter more than an old toolkit: only the note.
    const replicated = onlineToolCommands(alter('ALTER TABLE orders FORCE'), target, {
      ...plain,
      replicaCount: 2,
      server: mysql84,
    })[1]!;
    expect(replicated.command).not.toContain('--recursion-method');
    expect(replicated.notes.at(-1)).toMatch(/^Needs Percona Toolkit 3\.7\.0 or later here/);
    for (const server of [mysql80, mariadb]) {
      const older = onlineToolCommands(alter('ALTER TABLE orders FORCE'), target, {
        ...plain,
        replicaCount: 0,
        server,
      })[1]!;
      expect(older.command).not.toContain('--recursion-method');
      expect(older.notes.join(' ')).not.toContain('Percona Toolkit');
    }
  });

  it('refuses a pt-osc line for names its DSN cannot express, and keeps flag files to a safe alphabet', () => {
    const plain = { hasForeignKeys: false, hasTriggers: false, replicaCount: 1, server: mysql80 };
    const tricky = { ...target, table: 't,h=other.host' };
    const [ghost, pt] = onlineToolCommands(alter('ALTER TABLE orders FORCE'), tricky, plain);
    expect(pt?.command).toBeNull();
    expect(pt?.powershell).toBeNull();
    expect(pt?.blocker).toBe(
      "pt-online-schema-change cannot be given this table: its name contains “,”, which the tool's DSN cannot express (it has no escaping, so a comma would start another option). No command line is written; rename the table first, or use gh-ost.",
    );
    expect(ghost?.command).toContain('--table=t,h=other.host \\\n');
    expect(ghost?.command).toMatch(
      /--postpone-cut-over-flag-file=\/tmp\/ghost\.t_h_other_host-[0-9a-f]{8}\.postpone/,
    );
    const evil = onlineToolCommands(
      alter('ALTER TABLE orders FORCE'),
      { ...target, table: 'orders$(touch /tmp/x)' },
      plain,
    )[1]!;
    expect(evil.command).toContain("'P=3306,D=shop,t=orders$(touch /tmp/x)'");
    expect(evil.command).toMatch(
      /--pause-file=\/tmp\/pt-osc\.orders__touch__tmp_x_-[0-9a-f]{8}\.pause/,
    );
    expect(evil.powershell).toContain("'P=3306,D=shop,t=orders$(touch /tmp/x)'");
  });

  it('writes no gh-ost line for a name with a control character (invisible, yet run when pasted)', () => {
    const plain = { hasForeignKeys: true, hasTriggers: false, replicaCount: 1, server: mysql80 };
    for (const name of ['t\u001b]0;x\u0007', 't\u0003', 't\nrm -rf ~', 't\u009b2J']) {
      const [ghost, pt] = onlineToolCommands(
        alter('ALTER TABLE orders FORCE'),
        { ...target, table: name },
        plain,
      );
      expect(ghost).toMatchObject({
        command: null,
        powershell: null,
        blocker:
          "gh-ost's command line would carry a control character of this table's name: invisible here, yet acted on by the terminal it is pasted into. No command line is written; rename the table first.",
      });
      if (name !== 't\u009b2J') expect(pt!.command).toBeNull();
    }
  });
});
