/**
 * Column types (information_schema DATA_TYPE, lower case) by how their values are written in
 * SQL the app generates.
 */

/** Numeric types: a value that reads as a number is written bare, which keeps every digit. */
export const NUMERIC_TYPES: ReadonlySet<string> = new Set([
  'tinyint',
  'smallint',
  'mediumint',
  'int',
  'integer',
  'bigint',
  'decimal',
  'numeric',
  'float',
  'double',
  'real',
]);

/** A number as MySQL and MariaDB read it exactly when written bare. */
export const BARE_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Spatial types: stored as bytes (SRID + WKB). */
export const SPATIAL_TYPES: ReadonlySet<string> = new Set([
  'geometry',
  'point',
  'linestring',
  'polygon',
  'multipoint',
  'multilinestring',
  'multipolygon',
  'geometrycollection',
  'geomcollection',
]);
