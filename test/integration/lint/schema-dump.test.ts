// The CREATE TABLE parser on real dumps: `mysqldump --no-data` of MySQL 9.7 and `mariadb-dump
// --no-data` of MariaDB 10.11 and 11.8 (10.11's dump program: the 11.8 packages here have none),
// compared with what the same parser reads from the live server's SHOW CREATE TABLE.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveSchema } from '../../../src/main/services/lint/read-live-schema';
import { loadSchemaDump, type SchemaModel, type TableModel } from '../../../src/shared/lint';
import {
  mariadbDump118Command,
  mariadbDumpCommand,
  mysqldumpCommand,
} from '../../servers/dump-tools';
import { testServers } from '../../servers/provided';
import { openScratchDatabase, serverCases, type ScratchDatabase } from '../sql/scratch-database';

const run = promisify(execFile);

/** What the comparison looks at: everything the lint rules use. */
function shape(table: TableModel) {
  return {
    name: table.name,
    columns: table.columns.map((c) => ({
      name: c.name,
      type: c.type,
      nullable: c.nullable,
      hasDefault: c.hasDefault,
      generated: c.generated?.stored ?? null,
      charset: c.charset,
    })),
    indexes: table.indexes,
    foreignKeys: table.foreignKeys,
    engine: table.engine,
    rowFormat: table.rowFormat,
    keyBlockSize: table.keyBlockSize,
    charset: table.charset,
    partitioned: table.partitioned,
  };
}

function shapes(schema: SchemaModel) {
  return [...schema.tables.values()].map(shape).sort((a, b) => a.name.localeCompare(b.name));
}

describe.each(serverCases(testServers()))('schema dump of %s', (_label, server, flavor) => {
  let scratch: ScratchDatabase & { close(): Promise<void> };
  let dump = '';

  beforeAll(async () => {
    scratch = await openScratchDatabase(server);
    const conn = await scratch.connect();
    for (const sql of [
      `CREATE TABLE customers (id INT AUTO_INCREMENT PRIMARY KEY, email VARCHAR(200) NOT NULL,
         name VARCHAR(100) CHARACTER SET latin1 COLLATE latin1_bin, UNIQUE KEY email (email)) ENGINE=InnoDB`,
      `CREATE TABLE orders (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, customer_id INT NOT NULL,
         total DECIMAL(10,2) NOT NULL DEFAULT 0, total_x2 DECIMAL(11,2) AS (total * 2) STORED,
         note TEXT, doc JSON, status ENUM('new','paid') NOT NULL DEFAULT 'new',
         PRIMARY KEY (id), KEY note_prefix (note(20)), FULLTEXT KEY ft (note),
         CONSTRAINT fk_customer FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE CASCADE,
         CONSTRAINT positive CHECK (total >= 0)) ENGINE=InnoDB COMMENT='orders; with a semicolon'`,
      `CREATE TABLE parts (id INT NOT NULL, at DATE NOT NULL, PRIMARY KEY (id, at))
         PARTITION BY RANGE (YEAR(at)) (PARTITION p1 VALUES LESS THAN (2020), PARTITION p2 VALUES LESS THAN MAXVALUE)`,
      'CREATE TABLE packed (id INT PRIMARY KEY, v VARCHAR(10)) ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8',
      'CREATE TABLE loose (a INT, b VARCHAR(5)) ENGINE=MyISAM',
      'CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 100',
      "CREATE TRIGGER orders_bi BEFORE INSERT ON orders FOR EACH ROW SET NEW.note = CONCAT(IFNULL(NEW.note, ''), ';')",
      'CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END',
      'CREATE FUNCTION f() RETURNS INT DETERMINISTIC RETURN 1',
    ]) {
      await conn.query(sql);
    }
    const [program, ...programArgs] =
      server.kind === 'mysql'
        ? [mysqldumpCommand()]
        : server.kind === 'mariadb-11.8'
          ? await mariadbDump118Command()
          : [await mariadbDumpCommand()];
    const { stdout } = await run(
      program!,
      [
        ...programArgs,
        '--no-data',
        '--routines',
        '--triggers',
        '-h',
        server.host,
        '-P',
        String(server.port),
        '-u',
        server.user,
        ...(server.password ? [`--password=${server.password}`] : []),
        scratch.name,
      ],
      { maxBuffer: 16 * 1024 * 1024, timeout: 60_000 },
    );
    dump = stdout;
  });

  afterAll(async () => {
    await scratch?.close();
  });

  it('is a real dump by the same release as the server, with what a parser must get past', () => {
    const release = server.version.split('.').slice(0, 2).join('.');
    const head = dump.split('\n').slice(0, 3).join('\n');
    expect(head).toMatch(
      new RegExp(`^-- (MySQL|MariaDB) dump .*${release.replace('.', '\\.')}\\.`, 'm'),
    );
    // MariaDB 10.11.8+ dumps open with `/*M!999999\- enable the sandbox mode */`.
    expect(dump).toMatch(
      /^(\/\*M!999999\\- enable the sandbox mode \*\/\s*)?-- (MySQL|MariaDB) dump/,
    );
    expect(dump).toContain('/*!40101 SET');
    expect(dump).toContain('DROP TABLE IF EXISTS `orders`');
    expect(dump).toContain('DELIMITER ;;');
    expect(dump).toMatch(/CREATE DEFINER=\S+ PROCEDURE `p`/);
    expect(dump).toContain('VIEW `big_orders`');
  });

  it('reads every table, view and trigger of the dump without a problem', () => {
    const { schema, problems } = loadSchemaDump(dump, flavor);
    expect(problems).toEqual([]);
    expect([...schema.tables.keys()].sort()).toEqual([
      'customers',
      'loose',
      'orders',
      'packed',
      'parts',
    ]);
    expect([...schema.views.keys()]).toEqual(['big_orders']);
    expect(schema.triggers.get('orders_bi')?.table).toBe('orders');
    const orders = schema.tables.get('orders')!;
    expect(orders.foreignKeys).toEqual([
      {
        name: 'fk_customer',
        columns: ['customer_id'],
        refSchema: null,
        refTable: 'customers',
        refColumns: ['id'],
      },
    ]);
    expect(orders.indexes.map((i) => `${i.kind} ${i.name} (${i.columns.join(',')})`)).toEqual(
      expect.arrayContaining([
        'primary PRIMARY (id)',
        'index note_prefix (note)',
        'fulltext ft (note)',
        'index fk_customer (customer_id)',
      ]),
    );
    expect(orders.columns.find((c) => c.name === 'total_x2')?.generated?.stored).toBe(true);
    expect(orders.columns.find((c) => c.name === 'customer_id')).toMatchObject({
      nullable: false,
      hasDefault: false,
    });
    expect(schema.tables.get('customers')!.columns.find((c) => c.name === 'name')).toMatchObject({
      charset: 'latin1',
    });
    expect(schema.tables.get('parts')!.partitioned).toBe(true);
    expect(schema.tables.get('packed')).toMatchObject({ rowFormat: 'COMPRESSED', keyBlockSize: 8 });
    expect(schema.tables.get('loose')).toMatchObject({ engine: 'MyISAM', indexes: [] });
  });

  it('reads the same model from the dump as from the live server', async () => {
    const conn = await scratch.connect();
    const live = await readLiveSchema(conn, scratch.name, flavor);
    const { schema } = loadSchemaDump(dump, flavor);
    expect(shapes(schema)).toEqual(shapes(live));
    expect([...live.views.keys()]).toEqual(['big_orders']);
  });
});
