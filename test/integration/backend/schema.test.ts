import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import type { Cell, QueryStatus } from '../../../src/shared/api/query';
import type { ColumnInfo, IndexInfo } from '../../../src/shared/api/schema';
import { withConnection } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';

failOnUnhandledErrors();

const DB = 'sl_schema_test';
const OTHER = 'sl_schema_other';

/** The scratch schema; `hide` makes ix_amount INVISIBLE (MySQL) or IGNORED (MariaDB). */
function fixture(hide: string): string {
  return `
DROP DATABASE IF EXISTS ${DB};
DROP DATABASE IF EXISTS ${OTHER};
CREATE DATABASE ${DB} DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
CREATE DATABASE ${OTHER};
CREATE TABLE ${DB}.orders (
  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT COMMENT 'the key',
  customer VARCHAR(64) NOT NULL DEFAULT 'it''s' COMMENT 'who ordered',
  note TEXT NULL,
  amount DECIMAL(12,2) DEFAULT 0.00,
  label VARCHAR(10) DEFAULT 'NULL',
  created DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  PRIMARY KEY (id),
  KEY ix_customer (customer(10), created DESC),
  UNIQUE KEY ux_label (label),
  KEY ix_amount (amount)
) ENGINE=InnoDB COMMENT='orders table';
ALTER TABLE ${DB}.orders ALTER INDEX ix_amount ${hide};
CREATE TABLE ${DB}.defaults_probe (
  a VARCHAR(20) DEFAULT 'a\\\\b\\nc''d',
  b BIT(3) DEFAULT b'101',
  c INT DEFAULT -5,
  e VARCHAR(5) DEFAULT '',
  g INT DEFAULT (1 + 2),
  n INT NULL,
  s VARCHAR(4) DEFAULT 'NULL'
);
CREATE VIEW ${DB}.big_orders AS SELECT id, amount FROM ${DB}.orders WHERE amount > 100;
CREATE PROCEDURE ${DB}.touch_order(IN p INT) COMMENT 'proc' BEGIN SELECT p; END;
CREATE FUNCTION ${DB}.twice(x INT) RETURNS INT DETERMINISTIC RETURN x * 2;
CREATE TRIGGER ${DB}.orders_bi BEFORE INSERT ON ${DB}.orders FOR EACH ROW
  SET NEW.note = COALESCE(NEW.note, 'x');
CREATE EVENT ${DB}.nightly ON SCHEDULE EVERY 1 DAY DISABLE COMMENT 'nightly job' DO SELECT 1;
INSERT INTO ${DB}.orders (customer, amount, label) VALUES ('a', 1, 'x'), ('b', 200, 'y'), ('c', 3, NULL);
ANALYZE TABLE ${DB}.orders;
`;
}

async function openSession(b: BackendUnderTest, s: ServerEndpoint): Promise<string> {
  const saved = await b.call('connections.save', {
    settings: {
      ...defaultConnectionSettings(),
      name: s.kind,
      endpoint: { kind: 'tcp', host: s.host, port: s.port },
      // MariaDB here has no TLS; new connections now default to 'required'.
      tls: { mode: 'preferred' },
      user: s.user,
      passwordMode: s.password === '' ? 'none' : 'saved',
    },
    secrets: s.password === '' ? {} : { password: s.password },
  });
  if (!saved.ok) throw new Error(saved.error.message);
  const opened = await b.call('session.open', { connectionId: saved.value.id });
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value.sessionId;
}

/** A method's value, failing the test with the error's code and message otherwise. */
async function value<T>(
  reply: Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>,
): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

async function waitDone(b: BackendUnderTest, queryId: string): Promise<QueryStatus> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const s = await value(b.call('query.status', { queryId }));
    if (s.state !== 'running') return s;
    if (Date.now() > deadline) throw new Error(`still running: ${s.sql}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs a statement in the editor session and returns its rows. */
async function run(b: BackendUnderTest, sessionId: string, sql: string): Promise<Cell[][]> {
  const started = await value(b.call('query.start', { sessionId, sql }));
  const done = await waitDone(b, started.queryId);
  if (done.state !== 'done') throw new Error(`${sql}: ${done.error?.message}`);
  if (done.rowCount === 0) return [];
  return (await value(b.call('query.rows', { queryId: done.queryId, offset: 0, limit: 100 }))).rows;
}

const servers = testServers();
const FLAVORS = [
  {
    label: 'MySQL 9.7',
    server: servers.mysql,
    hide: 'INVISIBLE',
    bigint: 'bigint unsigned',
    int: 'int',
    createdDefault: 'CURRENT_TIMESTAMP(3)',
    createdExtra: 'DEFAULT_GENERATED',
  },
  {
    label: 'MariaDB 10.11',
    server: servers.mariadb,
    hide: 'IGNORED',
    bigint: 'bigint(20) unsigned',
    int: 'int(11)',
    createdDefault: 'current_timestamp(3)',
    createdExtra: '',
  },
  ...(servers.mariadb118
    ? [
        {
          label: 'MariaDB 11.8',
          server: servers.mariadb118,
          hide: 'IGNORED',
          bigint: 'bigint(20) unsigned',
          int: 'int(11)',
          createdDefault: 'current_timestamp(3)',
          createdExtra: '',
        },
      ]
    : []),
];

describe.each(FLAVORS)('schema metadata ($label)', (flavor) => {
  let b: BackendUnderTest;
  let session: string;
  /** What the server says directly, on a fresh connection of the test's own. */
  const direct = <T>(work: (c: mysql.Connection) => Promise<T>) =>
    withConnection(flavor.server, work, { dateStrings: true });

  beforeAll(async () => {
    await direct((c) => c.query(fixture(flavor.hide)));
    b = await startBackend();
    session = await openSession(b, flavor.server);
  });
  afterAll(async () => {
    await direct((c) => c.query(`DROP DATABASE IF EXISTS ${DB}; DROP DATABASE IF EXISTS ${OTHER}`));
    await b?.dispose();
  });

  it('lists schemas with their defaults, system schemas flagged', async () => {
    const schemas = await value(b.call('schema.schemas', { sessionId: session }));
    expect(schemas.find((s) => s.name === DB)).toEqual({
      name: DB,
      defaultCharset: 'utf8mb4',
      defaultCollation: 'utf8mb4_bin',
      system: false,
    });
    const system = schemas.filter((s) => s.system).map((s) => s.name);
    expect(system).toEqual(expect.arrayContaining(['information_schema', 'mysql']));
    expect(schemas.map((s) => s.name)).toEqual([...schemas.map((s) => s.name)].sort());
  });

  it('lists tables, views, routines, triggers and events with exact figures', async () => {
    const objects = await value(b.call('schema.objects', { sessionId: session, schema: DB }));
    const [sizes] = await direct(async (c) => {
      if (flavor.server.kind === 'mysql') {
        await c.query('SET SESSION information_schema_stats_expiry = 0');
      }
      const [rows] = await c.query<mysql.RowDataPacket[]>(
        "SELECT DATA_LENGTH AS d, INDEX_LENGTH AS i FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'orders'",
        [DB],
      );
      return rows;
    });
    expect(objects).toEqual({
      schema: DB,
      tables: [
        {
          name: 'defaults_probe',
          type: 'BASE TABLE',
          engine: 'InnoDB',
          rowEstimate: 0,
          dataBytes: 16384,
          indexBytes: 0,
          comment: '',
        },
        {
          name: 'orders',
          type: 'BASE TABLE',
          engine: 'InnoDB',
          rowEstimate: 3,
          dataBytes: Number(sizes!.d),
          indexBytes: Number(sizes!.i),
          comment: 'orders table',
        },
      ],
      views: [{ name: 'big_orders', comment: 'VIEW' }],
      routines: [
        { name: 'touch_order', kind: 'procedure', returns: null, comment: 'proc' },
        { name: 'twice', kind: 'function', returns: flavor.int, comment: '' },
      ],
      triggers: [{ name: 'orders_bi', table: 'orders', timing: 'BEFORE', event: 'INSERT' }],
      events: [{ name: 'nightly', status: 'DISABLED', type: 'RECURRING', comment: 'nightly job' }],
    });
    expect(objects.tables[1]!.dataBytes).toBeGreaterThan(0);
    expect(objects.tables[1]!.indexBytes).toBeGreaterThan(0);
  });

  it('reads columns with full types, keys, extras and comments', async () => {
    const columns = await value(
      b.call('schema.columns', { sessionId: session, schema: DB, table: 'orders' }),
    );
    const col = (c: Partial<ColumnInfo>): ColumnInfo => ({
      ordinal: 0,
      name: '',
      columnType: '',
      nullable: true,
      default: null,
      defaultIsExpression: false,
      key: '',
      extra: '',
      comment: '',
      definition: expect.any(String) as string,
      ...c,
    });
    expect(columns).toEqual([
      col({
        ordinal: 1,
        name: 'id',
        columnType: flavor.bigint,
        nullable: false,
        key: 'PRI',
        extra: 'auto_increment',
        comment: 'the key',
      }),
      col({
        ordinal: 2,
        name: 'customer',
        columnType: 'varchar(64)',
        nullable: false,
        default: "it's",
        key: 'MUL',
        comment: 'who ordered',
      }),
      col({ ordinal: 3, name: 'note', columnType: 'text' }),
      col({ ordinal: 4, name: 'amount', columnType: 'decimal(12,2)', default: '0.00', key: 'MUL' }),
      col({ ordinal: 5, name: 'label', columnType: 'varchar(10)', default: 'NULL', key: 'UNI' }),
      col({
        ordinal: 6,
        name: 'created',
        columnType: 'datetime(3)',
        nullable: false,
        default: flavor.createdDefault,
        defaultIsExpression: true,
        extra: flavor.createdExtra,
      }),
    ]);
  });

  it('reports defaults alike on both flavors: values unquoted, NULL apart from the string', async () => {
    const columns = await value(
      b.call('schema.columns', { sessionId: session, schema: DB, table: 'defaults_probe' }),
    );
    expect(columns.map((c) => [c.name, c.default, c.defaultIsExpression])).toEqual([
      ['a', "a\\b\nc'd", false],
      ['b', "b'101'", false],
      ['c', '-5', false],
      ['e', '', false],
      ['g', '(1 + 2)', true],
      ['n', null, false],
      ['s', 'NULL', false],
    ]);
  });

  it('gives each table column its definition exactly as SHOW CREATE TABLE writes it', async () => {
    // Defaults information_schema garbles: MySQL reports DEFAULT 0x00FF as `0x`, 'AB' as
    // `0x4142`; MariaDB the bytes themselves, not UTF-8.
    await direct((c) =>
      c.query(
        `CREATE TABLE ${OTHER}.odd_defaults (a VARBINARY(4) DEFAULT 0x00FF, b VARBINARY(4) DEFAULT 'AB', c BIT(8) DEFAULT b'101', d INT COMMENT 'two\\nlines', \`e\`\`f\` INT INVISIBLE)`,
      ),
    );
    const read = async (schema: string, table: string) => {
      const columns = await value(b.call('schema.columns', { sessionId: session, schema, table }));
      const create = await direct(async (c) => {
        const [rows] = await c.query<mysql.RowDataPacket[]>(`SHOW CREATE TABLE ${schema}.${table}`);
        return String(rows[0]!['Create Table']);
      });
      return { columns, lines: create.split('\n').map((l) => l.trim().replace(/,$/, '')) };
    };
    try {
      const odd = await read(OTHER, 'odd_defaults');
      expect(odd.columns.map((c) => c.name)).toEqual(['a', 'b', 'c', 'd', 'e`f']);
      if (flavor.server.kind === 'mysql') {
        expect(odd.columns[0]!.definition).toBe('varbinary(4) DEFAULT 0x00FF');
      }
      for (const { columns, lines } of [
        odd,
        await read(DB, 'orders'),
        await read(DB, 'defaults_probe'),
      ]) {
        for (const c of columns) {
          expect(lines).toContain(`\`${c.name.replaceAll('`', '``')}\` ${c.definition}`);
        }
      }
    } finally {
      await direct((c) => c.query(`DROP TABLE ${OTHER}.odd_defaults`));
    }
    // A view's columns have no CREATE TABLE to come from.
    const view = await value(
      b.call('schema.columns', { sessionId: session, schema: DB, table: 'big_orders' }),
    );
    expect(view.map((c) => c.definition)).toEqual([null, null]);
  });

  it('shows expression defaults as SHOW CREATE TABLE writes them, quotes and all', async () => {
    // MySQL's COLUMN_DEFAULT escapes an expression's quotes and backslashes (`_utf8mb4\'x\'`).
    await direct((c) =>
      c.query(
        `CREATE TABLE ${OTHER}.expr_defaults (x VARCHAR(20) DEFAULT (CONCAT('it''s', 'a\\\\b', "q")))`,
      ),
    );
    const [column] = await value(
      b.call('schema.columns', { sessionId: session, schema: OTHER, table: 'expr_defaults' }),
    );
    const create = await direct(async (c) => {
      const [rows] = await c.query<mysql.RowDataPacket[]>(
        `SHOW CREATE TABLE ${OTHER}.expr_defaults`,
      );
      return String(rows[0]!['Create Table']);
    });
    await direct((c) => c.query(`DROP TABLE ${OTHER}.expr_defaults`));
    expect(column!.defaultIsExpression).toBe(true);
    const written = flavor.server.kind === 'mysql' ? `(${column!.default})` : column!.default;
    expect(create).toContain(`\`x\` varchar(20) DEFAULT ${written}\n`);
    expect(column!.default).toMatch(/^concat\(.*'it.'s'.*'a\\\\b'/);
  });

  it('reads indexes in table order with key parts, order, prefix and visibility', async () => {
    const indexes = await value(
      b.call('schema.indexes', { sessionId: session, schema: DB, table: 'orders' }),
    );
    const part = (
      column: string,
      order: 'asc' | 'desc' = 'asc',
      subPart: number | null = null,
    ) => ({
      column,
      expression: null,
      order,
      subPart,
    });
    const index = (i: Partial<IndexInfo>): IndexInfo => ({
      name: '',
      unique: false,
      type: 'BTREE',
      parts: [],
      comment: '',
      visible: true,
      ...i,
    });
    expect(indexes).toEqual([
      index({ name: 'PRIMARY', unique: true, parts: [part('id')] }),
      index({ name: 'ux_label', unique: true, parts: [part('label')] }),
      index({ name: 'ix_customer', parts: [part('customer', 'asc', 10), part('created', 'desc')] }),
      index({ name: 'ix_amount', parts: [part('amount')], visible: false }),
    ]);
  });

  it.each([
    ['table', 'orders', 'TABLE', 'Create Table'],
    ['view', 'big_orders', 'VIEW', 'Create View'],
    ['procedure', 'touch_order', 'PROCEDURE', 'Create Procedure'],
    ['function', 'twice', 'FUNCTION', 'Create Function'],
    ['trigger', 'orders_bi', 'TRIGGER', 'SQL Original Statement'],
    ['event', 'nightly', 'EVENT', 'Create Event'],
  ] as const)('shows CREATE %s exactly as the server does', async (kind, name, what, column) => {
    const got = await value(
      b.call('schema.createStatement', { sessionId: session, schema: DB, name, kind }),
    );
    const row = await direct(async (c) => {
      const [rows] = await c.query<mysql.RowDataPacket[]>(`SHOW CREATE ${what} ${DB}.${name}`);
      return rows[0]!;
    });
    expect(got.sql).toBe(row[column]);
    expect(got.sql).toMatch(/^CREATE /);
    expect(got.sqlMode).toBe(kind === 'table' || kind === 'view' ? null : row.sql_mode);
  });

  it('builds the completion catalogue: schemas, tables and views, columns in order', async () => {
    const catalogue = await value(b.call('schema.completion', { sessionId: session }));
    expect(catalogue.truncated).toBe(false);
    const ours = catalogue.schemas.find((s) => s.name === DB);
    expect(ours).toEqual({
      name: DB,
      system: false,
      tables: [
        {
          name: 'big_orders',
          view: true,
          columns: [
            { name: 'id', type: flavor.bigint },
            { name: 'amount', type: 'decimal(12,2)' },
          ],
        },
        {
          name: 'defaults_probe',
          view: false,
          columns: ['a', 'b', 'c', 'e', 'g', 'n', 's'].map((n) => ({
            name: n,
            type: expect.any(String),
          })),
        },
        {
          name: 'orders',
          view: false,
          columns: [
            { name: 'id', type: flavor.bigint },
            { name: 'customer', type: 'varchar(64)' },
            { name: 'note', type: 'text' },
            { name: 'amount', type: 'decimal(12,2)' },
            { name: 'label', type: 'varchar(10)' },
            { name: 'created', type: 'datetime(3)' },
          ],
        },
      ],
    });
    expect(catalogue.schemas.find((s) => s.name === OTHER)).toEqual({
      name: OTHER,
      system: false,
      tables: [],
    });
    // The user's schemas come before the server's own, so limits cut those first.
    const firstSystem = catalogue.schemas.findIndex((s) => s.system);
    expect(catalogue.schemas.slice(firstSystem).every((s) => s.system)).toBe(true);
  });

  it('leaves the editor session alone: variables, current schema and connection', async () => {
    const [before] = await run(b, session, 'SELECT CONNECTION_ID()');
    await run(b, session, 'SET @x = 1');
    await run(b, session, `USE ${OTHER}`);
    expect(await value(b.call('schema.current', { sessionId: session }))).toEqual({
      schema: OTHER,
    });
    await value(b.call('schema.schemas', { sessionId: session }));
    await value(b.call('schema.objects', { sessionId: session, schema: DB }));
    await value(b.call('schema.columns', { sessionId: session, schema: DB, table: 'orders' }));
    await value(b.call('schema.indexes', { sessionId: session, schema: DB, table: 'orders' }));
    for (const kind of ['table', 'view'] as const) {
      await value(
        b.call('schema.createStatement', {
          sessionId: session,
          schema: DB,
          name: kind === 'table' ? 'orders' : 'big_orders',
          kind,
        }),
      );
    }
    await value(b.call('schema.completion', { sessionId: session }));
    expect(await run(b, session, 'SELECT @x, DATABASE(), CONNECTION_ID()')).toEqual([
      ['1', OTHER, before![0]],
    ]);
  });

  it('answers while a statement runs in the editor session, without waiting for it', async () => {
    const started = await value(
      b.call('query.start', { sessionId: session, sql: 'SELECT SLEEP(3)' }),
    );
    const t0 = Date.now();
    const columns = await value(
      b.call('schema.columns', { sessionId: session, schema: DB, table: 'orders' }),
    );
    expect(columns).toHaveLength(6);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect((await value(b.call('query.status', { queryId: started.queryId }))).state).toBe(
      'running',
    );
    expect((await waitDone(b, started.queryId)).state).toBe('done');
  });

  it('reports a missing table with the server error, and unknown sessions as NOT_FOUND', async () => {
    const missing = await b.call('schema.indexes', {
      sessionId: session,
      schema: DB,
      table: 'no_such_table',
    });
    expect(missing).toMatchObject({ ok: false, error: { code: 'SERVER_ERROR', serverCode: 1146 } });
    const stranger = await b.call('schema.schemas', { sessionId: 'not-a-session' });
    expect(stranger).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    // Names are always quoted: a backtick in a name is a name, not SQL.
    const odd = await b.call('schema.createStatement', {
      sessionId: session,
      schema: DB,
      name: 'x` WHERE 1 --',
      kind: 'table',
    });
    expect(odd).toMatchObject({ ok: false, error: { code: 'SERVER_ERROR', serverCode: 1146 } });
  });
});
