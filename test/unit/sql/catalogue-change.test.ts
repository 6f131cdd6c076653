import { describe, expect, it } from 'vitest';
import { catalogueChangeOf } from '../../../src/shared/sql/catalogue-change';

const objects = (schemas: string[], current: boolean) => ({ kind: 'objects', schemas, current });

describe('catalogueChangeOf', () => {
  it.each([
    ['CREATE TABLE t (id INT)', objects([], true)],
    ['create table if not exists shop.t (id int)', objects(['shop'], false)],
    ['CREATE TABLE `my db`.`t``x` LIKE other.u', objects(['my db'], false)],
    ['CREATE TABLE shop.t AS SELECT * FROM other.u', objects(['shop'], false)],
    ['CREATE OR REPLACE TABLE shop.t (a INT)', objects(['shop'], false)],
    ['DROP TABLE a, shop.b, `x`.c', objects(['shop', 'x'], true)],
    ['DROP TABLE IF EXISTS shop.a, shop.b', objects(['shop'], false)],
    ['DROP VIEW IF EXISTS v RESTRICT', objects([], true)],
    ['ALTER TABLE shop.t ADD COLUMN c INT, ADD INDEX ix (c)', objects(['shop'], false)],
    ['ALTER TABLE shop.t RENAME TO archive.t', objects(['shop', 'archive'], false)],
    ['ALTER TABLE shop.t RENAME AS archive.t', objects(['shop', 'archive'], false)],
    ['ALTER TABLE shop.t RENAME COLUMN a TO b', objects(['shop'], false)],
    ['ALTER TABLE shop.t RENAME INDEX a TO b', objects(['shop'], false)],
    ['RENAME TABLE shop.a TO shop.b, c TO archive.c', objects(['shop', 'archive'], true)],
    [
      'CREATE DEFINER=`admin`@`%` SQL SECURITY INVOKER VIEW shop.v AS SELECT * FROM other.t',
      objects(['shop'], false),
    ],
    ['CREATE ALGORITHM = MERGE VIEW v AS SELECT 1', objects([], true)],
    ['CREATE OR REPLACE VIEW shop.v AS SELECT 1', objects(['shop'], false)],
    ['ALTER VIEW shop.v AS SELECT 2', objects(['shop'], false)],
    ['CREATE PROCEDURE shop.p() BEGIN CREATE TABLE other.t (a INT); END', objects(['shop'], false)],
    ['CREATE DEFINER = CURRENT_USER FUNCTION f() RETURNS INT RETURN 1', objects([], true)],
    [
      'CREATE AGGREGATE FUNCTION IF NOT EXISTS shop.agg(x INT) RETURNS INT BEGIN RETURN 1; END',
      objects(['shop'], false),
    ],
    ['DROP FUNCTION IF EXISTS shop.f', objects(['shop'], false)],
    [
      'CREATE TRIGGER shop.trg BEFORE INSERT ON shop.t FOR EACH ROW SET NEW.a = 1',
      objects(['shop'], false),
    ],
    ['DROP TRIGGER trg', objects([], true)],
    [
      'CREATE EVENT shop.e ON SCHEDULE EVERY 1 DAY DO DELETE FROM other.t',
      objects(['shop'], false),
    ],
    ['CREATE UNIQUE INDEX ix ON shop.t (a)', objects(['shop'], false)],
    ['DROP INDEX ix ON t', objects([], true)],
    ['CREATE SEQUENCE shop.s', objects(['shop'], false)],
    ['CREATE DATABASE shop', { kind: 'schemas' }],
    ['drop schema if exists shop', { kind: 'schemas' }],
  ])('%s', (sql, change) => {
    expect(catalogueChangeOf(sql)).toEqual(change);
  });

  it.each([
    'SELECT * FROM t',
    'INSERT INTO t VALUES (1)',
    'USE shop',
    'TRUNCATE TABLE t',
    'CREATE TEMPORARY TABLE t (a INT)',
    'DROP TEMPORARY TABLE IF EXISTS t',
    'ALTER DATABASE shop CHARACTER SET utf8mb4',
    "CREATE USER 'table'@'%'",
    'DROP USER bob',
    'ALTER USER bob IDENTIFIED BY "x"',
    'CREATE ROLE r',
    'ALTER INSTANCE ROTATE INNODB MASTER KEY',
    'CALL shop.make_tables()',
    '/*!40101 CREATE TABLE t (a INT) */',
    'CREATE',
    '',
  ])('%s changes nothing it can tell', (sql) => {
    expect(catalogueChangeOf(sql)).toBeNull();
  });

  it('reads "x" as a name under ANSI_QUOTES', () => {
    expect(catalogueChangeOf('DROP TABLE "my ""db""".t', { ansiQuotes: true })).toEqual(
      objects(['my "db"'], false),
    );
  });
});
