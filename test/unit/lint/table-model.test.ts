import { describe, expect, it } from 'vitest';
import { loadSchemaDump, parseCreateTable } from '../../../src/shared/lint';

/** The shape mysqldump 9.7 --no-data writes (abridged by hand from a real dump). */
const MYSQL_DUMP = `-- MySQL dump 10.13  Distrib 9.7.0, for Linux (x86_64)
--
-- Host: 127.0.0.1    Database: shop
-- ------------------------------------------------------
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!50503 SET NAMES utf8mb4 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;

--
-- Table structure for table \`orders\`
--

DROP TABLE IF EXISTS \`orders\`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!50503 SET character_set_client = utf8mb4 */;
CREATE TABLE \`orders\` (
  \`id\` bigint unsigned NOT NULL AUTO_INCREMENT,
  \`customer_id\` int NOT NULL,
  \`code\` varchar(40) CHARACTER SET latin1 COLLATE latin1_bin DEFAULT NULL,
  \`note\` text,
  \`total\` decimal(10,2) NOT NULL DEFAULT '0.00',
  \`total_x2\` decimal(11,2) GENERATED ALWAYS AS ((\`total\` * 2)) STORED,
  \`body\` json DEFAULT NULL,
  PRIMARY KEY (\`id\`),
  UNIQUE KEY \`code\` (\`code\`),
  KEY \`customer_id\` (\`customer_id\`),
  KEY \`note_prefix\` (\`note\`(20)),
  FULLTEXT KEY \`ft\` (\`note\`),
  CONSTRAINT \`fk_customer\` FOREIGN KEY (\`customer_id\`) REFERENCES \`customers\` (\`id\`) ON DELETE CASCADE,
  CONSTRAINT \`positive\` CHECK ((\`total\` >= 0))
) ENGINE=InnoDB AUTO_INCREMENT=5 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8 COMMENT='orders; with a semicolon'
/*!50100 PARTITION BY HASH (\`id\`)
PARTITIONS 4 */;
/*!40101 SET character_set_client = @saved_cs_client */;

--
-- Temporary view structure for view \`big_orders\`
--

DROP TABLE IF EXISTS \`big_orders\`;
/*!50001 DROP VIEW IF EXISTS \`big_orders\`*/;
SET @saved_cs_client     = @@character_set_client;
/*!50503 SET character_set_client = utf8mb4 */;
/*!50001 CREATE VIEW \`big_orders\` AS SELECT 
 1 AS \`id\`,
 1 AS \`total\`*/;
SET character_set_client = @saved_cs_client;

/*!50003 SET @saved_cs_client      = @@character_set_client */ ;
DELIMITER ;;
/*!50003 CREATE*/ /*!50017 DEFINER=\`root\`@\`localhost\`*/ /*!50003 TRIGGER \`orders_bi\` BEFORE INSERT ON \`orders\` FOR EACH ROW BEGIN
  SET NEW.note = CONCAT(NEW.note, ';');
END */;;
DELIMITER ;

--
-- Final view structure for view \`big_orders\`
--

/*!50001 DROP VIEW IF EXISTS \`big_orders\`*/;
/*!50001 SET @saved_cs_client          = @@character_set_client */;
/*!50001 CREATE ALGORITHM=UNDEFINED */
/*!50013 DEFINER=\`root\`@\`localhost\` SQL SECURITY DEFINER */
/*!50001 VIEW \`big_orders\` AS select \`orders\`.\`id\` AS \`id\`,\`orders\`.\`total\` AS \`total\` from \`orders\` where (\`orders\`.\`total\` > 100) */;
/*!50001 SET character_set_client      = @saved_cs_client */;

DELIMITER ;;
CREATE DEFINER=\`root\`@\`localhost\` PROCEDURE \`p\`()
BEGIN
  SELECT 1; SELECT 2;
END ;;
DELIMITER ;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
-- Dump completed on 2026-11-25 22:00:00
`;

describe('parseCreateTable', () => {
  it('reads columns, keys, foreign keys and options of a mysqldump table', () => {
    const { schema, problems } = loadSchemaDump(MYSQL_DUMP, 'mysql');
    expect(problems).toEqual([]);
    expect([...schema.tables.keys()]).toEqual(['orders']);
    const orders = schema.tables.get('orders')!;
    expect(orders.columns.map((c) => [c.name, c.type, c.nullable, c.hasDefault])).toEqual([
      ['id', 'bigint unsigned', false, true],
      ['customer_id', 'int', false, false],
      ['code', 'varchar(40)', true, true],
      ['note', 'text', true, false],
      ['total', 'decimal(10,2)', false, true],
      ['total_x2', 'decimal(11,2)', true, true],
      ['body', 'json', true, true],
    ]);
    expect(orders.columns.find((c) => c.name === 'code')).toMatchObject({
      charset: 'latin1',
      collation: 'latin1_bin',
    });
    expect(orders.columns.find((c) => c.name === 'note')).toMatchObject({
      charset: 'utf8mb4',
      collation: 'utf8mb4_0900_ai_ci',
    });
    expect(orders.columns.find((c) => c.name === 'total_x2')?.generated).toEqual({
      expression: '(`total` * 2)',
      stored: true,
    });
    expect(orders.indexes.map((i) => [i.name, i.kind, i.columns.join(','), i.prefixes])).toEqual([
      ['PRIMARY', 'primary', 'id', [null]],
      ['code', 'unique', 'code', [null]],
      ['customer_id', 'index', 'customer_id', [null]],
      ['note_prefix', 'index', 'note', [20]],
      ['ft', 'fulltext', 'note', [null]],
    ]);
    expect(orders.foreignKeys).toEqual([
      {
        name: 'fk_customer',
        columns: ['customer_id'],
        refSchema: null,
        refTable: 'customers',
        refColumns: ['id'],
      },
    ]);
    expect(orders).toMatchObject({
      engine: 'InnoDB',
      charset: 'utf8mb4',
      collation: 'utf8mb4_0900_ai_ci',
      rowFormat: 'COMPRESSED',
      keyBlockSize: 8,
      partitioned: true,
    });
    expect(orders.unknown).toEqual(['CONSTRAINT `positive` CHECK ((`total` >= 0))']);
  });

  it('records views and triggers of the dump, the final view definition winning', () => {
    const { schema } = loadSchemaDump(MYSQL_DUMP, 'mysql');
    expect(schema.views.get('big_orders')?.body).toContain('where (`orders`.`total` > 100)');
    expect(schema.triggers.get('orders_bi')).toMatchObject({ table: 'orders' });
  });

  it('reads MariaDB forms: utf8mb3, JSON as LONGTEXT with a check, PERSISTENT, inline keys', () => {
    const parsed = parseCreateTable(
      `CREATE TABLE IF NOT EXISTS shop.t (
        id INT PRIMARY KEY,
        email VARCHAR(100) CHARACTER SET utf8 NOT NULL UNIQUE,
        doc longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(\`doc\`)),
        y INT AS (id + 1) PERSISTENT,
        PERIOD FOR p (a, b)
      ) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci`,
      'mariadb',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { table } = parsed;
    expect(table.schema).toBe('shop');
    expect(table.columns.map((c) => [c.name, c.charset])).toEqual([
      ['id', null],
      ['email', 'utf8mb3'],
      ['doc', 'utf8mb4'],
      ['y', null],
    ]);
    expect(table.columns[3]?.generated?.stored).toBe(true);
    expect(table.indexes.map((i) => [i.name, i.kind])).toEqual([
      ['PRIMARY', 'primary'],
      ['email', 'unique'],
    ]);
    expect(table.unknown).toEqual(['PERIOD FOR p (a, b)']);
  });

  it('reads CREATE TABLE ... LIKE, and refuses what is not a CREATE TABLE', () => {
    const like = parseCreateTable('CREATE TABLE b LIKE a');
    expect(like.ok && like.like).toEqual({ schema: null, name: 'a' });
    expect(parseCreateTable('CREATE VIEW v AS SELECT 1').ok).toBe(false);
    expect(parseCreateTable('CREATE TABLE (a INT)')).toMatchObject({ ok: false });
  });
});
