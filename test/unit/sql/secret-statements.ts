/**
 * Statements that carry passwords, built from the grammars of every password-bearing clause of
 * MySQL and MariaDB, written with a session's real quoting rules: shared by the masking property
 * test and the integration test that runs them on real servers and greps the data folder.
 */
import fc from 'fast-check';
import type { SqlFlavor } from '../../../src/shared/sql/lexer';

/** How a session reads SQL. */
export interface QuotingMode {
  flavor: SqlFlavor;
  noBackslashEscapes: boolean;
  ansiQuotes: boolean;
}

/** `value` as a string literal the server reads back exactly, under `mode`. */
export function quoteString(value: string, mode: QuotingMode, quote: "'" | '"' = "'"): string {
  const q = mode.ansiQuotes ? "'" : quote;
  const escaped = mode.noBackslashEscapes ? value : value.replaceAll('\\', '\\\\');
  return q + escaped.replaceAll(q, q + q) + q;
}

/** One clause form: `lit(n)` is the n-th password literal; `user` an account name. */
export interface SecretForm {
  name: string;
  /** The flavors whose grammar has it (it is still recorded, with its error, on the other). */
  flavors: readonly SqlFlavor[];
  /** How many password literals it takes. */
  secrets: number;
  build: (lit: (n: number) => string, user: string) => string;
}

export const SECRET_FORMS: readonly SecretForm[] = [
  {
    name: 'CREATE USER IDENTIFIED BY',
    flavors: ['mysql', 'mariadb'],
    secrets: 1,
    build: (p, u) => `CREATE USER ${u} IDENTIFIED BY ${p(0)}`,
  },
  {
    name: 'ALTER USER IDENTIFIED BY, two accounts',
    flavors: ['mysql', 'mariadb'],
    secrets: 2,
    build: (p, u) => `ALTER USER ${u} IDENTIFIED BY ${p(0)}, ${u} IDENTIFIED BY ${p(1)}`,
  },
  {
    name: 'IDENTIFIED WITH plugin BY',
    flavors: ['mysql'],
    secrets: 1,
    build: (p, u) => `ALTER USER ${u} IDENTIFIED WITH caching_sha2_password BY ${p(0)}`,
  },
  {
    name: 'IDENTIFIED BY ... REPLACE',
    flavors: ['mysql'],
    secrets: 2,
    build: (p, u) => `ALTER USER ${u} IDENTIFIED BY ${p(0)} REPLACE ${p(1)}`,
  },
  {
    name: 'IDENTIFIED VIA ... USING PASSWORD()',
    flavors: ['mariadb'],
    secrets: 1,
    build: (p, u) => `ALTER USER ${u} IDENTIFIED VIA mysql_native_password USING PASSWORD(${p(0)})`,
  },
  {
    name: 'SET PASSWORD FOR =',
    flavors: ['mysql', 'mariadb'],
    secrets: 1,
    build: (p, u) => `SET PASSWORD FOR ${u} = ${p(0)}`,
  },
  {
    name: 'SET PASSWORD FOR :=',
    flavors: ['mysql', 'mariadb'],
    secrets: 1,
    build: (p, u) => `SET PASSWORD FOR ${u} := ${p(0)}`,
  },
  {
    name: 'SET PASSWORD FOR = PASSWORD()',
    flavors: ['mariadb'],
    secrets: 1,
    build: (p, u) => `SET PASSWORD FOR ${u} = PASSWORD(${p(0)})`,
  },
  {
    name: 'GRANT IDENTIFIED BY',
    flavors: ['mariadb'],
    secrets: 1,
    build: (p, u) => `GRANT USAGE ON *.* TO ${u} IDENTIFIED BY ${p(0)}`,
  },
  {
    name: 'CHANGE REPLICATION SOURCE TO SOURCE_PASSWORD',
    flavors: ['mysql'],
    secrets: 1,
    build: (p) =>
      `CHANGE REPLICATION SOURCE TO SOURCE_HOST='127.0.0.1', SOURCE_PORT=1, SOURCE_USER='sl', SOURCE_PASSWORD=${p(0)} FOR CHANNEL 'sl_mask'`,
  },
  {
    name: 'CHANGE MASTER TO MASTER_PASSWORD',
    flavors: ['mariadb'],
    secrets: 1,
    build: (p) =>
      `CHANGE MASTER 'sl_mask' TO MASTER_HOST='127.0.0.1', MASTER_PORT=1, MASTER_USER='sl', MASTER_PASSWORD = ${p(0)}`,
  },
  {
    name: 'START REPLICA USER PASSWORD',
    flavors: ['mysql'],
    secrets: 1,
    // A channel that does not exist: recorded with its error, nothing starts.
    build: (p) => `START REPLICA USER='sl' PASSWORD=${p(0)} FOR CHANNEL 'sl_no_such_channel'`,
  },
  {
    name: 'CREATE SERVER OPTIONS PASSWORD',
    flavors: ['mysql', 'mariadb'],
    secrets: 1,
    build: (p) =>
      `CREATE SERVER sl_mask_srv FOREIGN DATA WRAPPER mysql OPTIONS (USER 'sl', PASSWORD ${p(0)}, HOST '127.0.0.1')`,
  },
  {
    name: 'SET GLOBAL keyring password',
    flavors: ['mysql'],
    secrets: 1,
    // No keyring plugin on the test servers: an unknown variable, recorded with its error.
    build: (p) => `SET GLOBAL keyring_encrypted_file_password = ${p(0)}`,
  },
  {
    name: 'AES_ENCRYPT key',
    flavors: ['mysql', 'mariadb'],
    secrets: 1,
    build: (p) => `SELECT HEX(AES_ENCRYPT('data', ${p(0)})) AS x`,
  },
];

/** How a statement is handed to the server. */
export type Wrapping = 'plain' | 'prepare' | 'execute-immediate' | 'variable';

/**
 * The statements that run `sql` wrapped as `wrapping` says: `PREPARE s FROM '<sql>'` then
 * `EXECUTE s`, `EXECUTE IMMEDIATE '<sql>'` (MariaDB), `SET @s = '<sql>'` then `PREPARE s FROM @s`.
 */
export function wrap(sql: string, wrapping: Wrapping, mode: QuotingMode): string[] {
  const literal = quoteString(sql, mode);
  switch (wrapping) {
    case 'plain':
      return [sql];
    case 'prepare':
      return [`PREPARE sl_mask_stmt FROM ${literal}`, 'EXECUTE sl_mask_stmt'];
    case 'execute-immediate':
      return [`EXECUTE IMMEDIATE ${literal}`];
    case 'variable':
      return [
        `SET @sl_mask_sql = ${literal}`,
        'PREPARE sl_mask_stmt FROM @sl_mask_sql',
        'EXECUTE sl_mask_stmt',
      ];
  }
}

/** Characters that trip quoting and comment rules, put around a password's distinctive core. */
const TRICKY = ["'", '"', '\\', ' ', ';', '*/', '/*', '-- ', '#', '`', '$$', '\\n', 'é'];

/**
 * A password: a distinctive core (what is searched for in written files, never found anywhere
 * else) inside characters that trip quoting and comment rules.
 */
export const passwordArb: fc.Arbitrary<{ core: string; password: string }> = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9]{12}$/),
    fc.array(fc.constantFrom(...TRICKY), { maxLength: 3 }),
    fc.array(fc.constantFrom(...TRICKY), { maxLength: 3 }),
  )
  .map(([random, before, after]) => {
    const core = `Qz${random}`;
    return { core, password: before.join('') + core + after.join('') };
  });

export const modeArb: fc.Arbitrary<QuotingMode> = fc.record({
  flavor: fc.constantFrom<SqlFlavor>('mysql', 'mariadb'),
  noBackslashEscapes: fc.boolean(),
  ansiQuotes: fc.boolean(),
});

/** A generated case: statements as run, and the password cores none of them may leave behind. */
export interface SecretCase {
  mode: QuotingMode;
  form: string;
  wrapping: Wrapping;
  statements: string[];
  cores: string[];
}

export const secretCaseArb: fc.Arbitrary<SecretCase> = fc
  .record({
    mode: modeArb,
    form: fc.constantFrom(...SECRET_FORMS),
    wrapping: fc.constantFrom<Wrapping>('plain', 'prepare', 'execute-immediate', 'variable'),
    passwords: fc.array(passwordArb, { minLength: 2, maxLength: 2 }),
    quote: fc.constantFrom<"'" | '"'>("'", '"'),
    user: fc.constantFrom("'sl_mask_u'@'%'", 'sl_mask_u', '"sl_mask_u"@"%"'),
  })
  .map(({ mode, form, wrapping, passwords, quote, user }) => {
    const account = mode.ansiQuotes ? "'sl_mask_u'@'%'" : user;
    const sql = form.build((n) => quoteString(passwords[n]!.password, mode, quote), account);
    return {
      mode,
      form: form.name,
      wrapping,
      statements: wrap(sql, wrapping, mode),
      cores: passwords.slice(0, form.secrets).map((p) => p.core),
    };
  });
