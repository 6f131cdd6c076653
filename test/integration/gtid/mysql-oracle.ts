import type mysql from 'mysql2/promise';

/**
 * MySQL as the oracle for GTID set algebra: for many pairs of texts at once, what the server's
 * own GTID_SUBTRACT / GTID_SUBSET return, or the error they raise. Errors are caught inside
 * stored functions (an error would otherwise end the whole batch), so thousands of pairs take
 * one round trip per batch.
 */

/** One answer: `R<result>` or `E<errno> <message>`. */
export type OracleAnswer = string;

export interface OracleAnswers {
  normalizedA: OracleAnswer;
  normalizedB: OracleAnswer;
  subtract: OracleAnswer;
  subset: OracleAnswer;
  /** GTID_SUBTRACT(CONCAT(a, ',', b), ''): the union, when both are valid. */
  union: OracleAnswer;
  /** GTID_SUBTRACT(a, GTID_SUBTRACT(a, b)): the intersection, when both are valid. */
  intersection: OracleAnswer;
}

const SCHEMA = 'sightline_gtid_oracle';

// The variables must be declared outside the handler: declared inside it, GET DIAGNOSTICS
// leaves them NULL (MySQL 9.7).
const catchInto = `
  DECLARE code INT;
  DECLARE msg TEXT;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    GET DIAGNOSTICS CONDITION 1 code = MYSQL_ERRNO, msg = MESSAGE_TEXT;
    RETURN CONCAT('E', code, ' ', msg);
  END;`;

/** Creates the oracle's scratch schema and functions (dropped by `dropOracle`). */
export async function createOracle(connection: mysql.Connection): Promise<void> {
  await connection.query(`DROP DATABASE IF EXISTS ${SCHEMA}`);
  await connection.query(`CREATE DATABASE ${SCHEMA}`);
  const text = 'LONGTEXT CHARACTER SET utf8mb4';
  // Results come back as bytes: a tag with non-ASCII bytes makes MySQL return text that is not
  // valid UTF-8 (0xFF bytes), which a utf8mb4 return value would refuse (error 1366).
  const bytes = 'LONGBLOB';
  await connection.query(
    `CREATE FUNCTION ${SCHEMA}.try_subtract(a ${text}, b ${text}) RETURNS ${bytes}
     DETERMINISTIC NO SQL
     BEGIN ${catchInto} RETURN CONCAT('R', GTID_SUBTRACT(a, b)); END`,
  );
  await connection.query(
    `CREATE FUNCTION ${SCHEMA}.try_subset(a ${text}, b ${text}) RETURNS ${bytes}
     DETERMINISTIC NO SQL
     BEGIN ${catchInto} RETURN CONCAT('R', GTID_SUBSET(a, b)); END`,
  );
  await connection.query(
    `CREATE FUNCTION ${SCHEMA}.try_intersect(a ${text}, b ${text}) RETURNS ${bytes}
     DETERMINISTIC NO SQL
     BEGIN ${catchInto} RETURN CONCAT('R', GTID_SUBTRACT(a, GTID_SUBTRACT(a, b))); END`,
  );
}

/** Removes what `createOracle` made. */
export async function dropOracle(connection: mysql.Connection): Promise<void> {
  await connection.query(`DROP DATABASE IF EXISTS ${SCHEMA}`);
}

/** The server's answers for each pair, in one query. */
export async function askOracle(
  connection: mysql.Connection,
  pairs: readonly (readonly [string, string])[],
): Promise<OracleAnswers[]> {
  if (pairs.length === 0) return [];
  const rows = pairs.map(() => 'ROW(?, ?, ?)').join(', ');
  const values = pairs.flatMap(([a, b], index) => [index, a, b]);
  const [result] = await connection.query<mysql.RowDataPacket[]>(
    `SELECT t.i,
       ${SCHEMA}.try_subtract(t.a, '') AS normalizedA,
       ${SCHEMA}.try_subtract(t.b, '') AS normalizedB,
       ${SCHEMA}.try_subtract(t.a, t.b) AS subtract,
       ${SCHEMA}.try_subset(t.a, t.b) AS subset,
       ${SCHEMA}.try_subtract(CONCAT(t.a, ',', t.b), '') AS \`union\`,
       ${SCHEMA}.try_intersect(t.a, t.b) AS intersection
     FROM (VALUES ${rows}) AS t(i, a, b)
     ORDER BY t.i`,
    values,
  );
  // As a UTF-8 client reads them: each invalid byte becomes U+FFFD.
  const text = (value: unknown) =>
    Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  return result.map((row) => ({
    normalizedA: text(row.normalizedA),
    normalizedB: text(row.normalizedB),
    subtract: text(row.subtract),
    subset: text(row.subset),
    union: text(row.union),
    intersection: text(row.intersection),
  }));
}
