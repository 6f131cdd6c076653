import { tokenize } from '../../src/shared/sql/lexer';
import {
  lintMigration,
  loadSchemaDump,
  parseLintTarget,
  reportFindings,
  type SchemaModel,
} from '../../src/shared/lint';
import { median, timeEach, type Bench } from './bench';

const TABLES = 2_000;
const STATEMENTS = 10_000;
const RUNS = 5;

/** A `mysqldump --no-data`-like schema of TABLES tables, every tenth with a foreign key. */
function schemaText(): string {
  const parts = ['/*!40101 SET NAMES utf8mb4 */;'];
  for (let t = 0; t < TABLES; t++) {
    const fk =
      t % 10 === 9
        ? `,\n  KEY \`parent_id\` (\`parent_id\`),\n  CONSTRAINT \`t${t}_fk\` FOREIGN KEY (\`parent_id\`) REFERENCES \`t${t - 1}\` (\`id\`)`
        : '';
    parts.push(
      `DROP TABLE IF EXISTS \`t${t}\`;\nCREATE TABLE \`t${t}\` (\n  \`id\` bigint NOT NULL AUTO_INCREMENT,\n  \`parent_id\` bigint DEFAULT NULL,\n  \`name\` varchar(100) NOT NULL,\n  \`email\` varchar(255) DEFAULT NULL,\n  \`status\` enum('new','paid','sent') NOT NULL DEFAULT 'new',\n  \`total\` decimal(10,2) NOT NULL DEFAULT '0.00',\n  \`created_at\` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP,\n  PRIMARY KEY (\`id\`),\n  KEY \`name\` (\`name\`)${fk}\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;`,
    );
  }
  return parts.join('\n');
}

/** A migration history of STATEMENTS statements over those tables, in 100 files. */
function migrationFiles(): { name: string; text: string }[] {
  const shapes = [
    (t: number, n: number) => `ALTER TABLE t${t} ADD COLUMN c${n} INT NULL, ALGORITHM=INSTANT;`,
    (t: number) => `ALTER TABLE t${t} ADD INDEX email_idx${t} (email);`,
    (t: number) => `ALTER TABLE t${t} MODIFY name VARCHAR(80) NOT NULL;`,
    (t: number, n: number) =>
      `ALTER TABLE t${t} ADD COLUMN flag${n} TINYINT NOT NULL, MODIFY total DECIMAL(12,2) NOT NULL DEFAULT 0;`,
    (t: number) => `-- why: lookups by status\nCREATE INDEX st_${t} ON t${t} (status);`,
    (t: number, n: number) => `CREATE TABLE new_${n} (id INT PRIMARY KEY, v VARCHAR(20));`,
    (t: number) => `ALTER TABLE t${t} RENAME COLUMN email TO mail;`,
    (t: number) => `INSERT INTO audit (what) VALUES ('t${t} changed; see ticket');`,
    (t: number) => `ALTER TABLE t${t} DROP INDEX name;`,
    (t: number) => `UPDATE t${t} SET status = 'new' WHERE status IS NULL;`,
  ];
  const files: { name: string; text: string }[] = [];
  const perFile = STATEMENTS / 100;
  for (let f = 0; f < 100; f++) {
    const lines: string[] = [`-- migrate:up`];
    for (let k = 0; k < perFile; k++) {
      const n = f * perFile + k;
      lines.push(shapes[n % shapes.length]!((n * 7919) % TABLES, n));
    }
    files.push({ name: `V${f + 1}__step.sql`, text: `${lines.join('\n')}\n` });
  }
  return files;
}

/**
 * `sightline lint` of a 10,000-statement migration history (100 Flyway/dbmate files) against a
 * 2,000-table schema dump: loading the dump, splitting, reading, planning and checking every
 * statement. The baseline is tokenising the same text (dump and migrations) with the project's
 * lexer in the same run, the least any SQL tool must do with it.
 */
export const lintBench: Bench = {
  name: 'lint',
  async run() {
    const target = parseLintTarget('mysql-8.4')!;
    const dump = schemaText();
    const files = migrationFiles();
    const all = [dump, ...files.map((f) => f.text)];
    // One untimed run of each first, so both are timed with their code compiled.
    for (const text of all) tokenize(text);
    lintMigration(files, { target, schema: loadSchemaDump(dump, 'mysql').schema });
    let tokens = 0;
    const baseline = await timeEach(RUNS, () => {
      tokens = 0;
      for (const text of all) tokens += tokenize(text).length;
    });
    let findings = 0;
    let statements = 0;
    const loads: number[] = [];
    const lints = await timeEach(RUNS, () => {
      const t0 = performance.now();
      const { schema }: { schema: SchemaModel } = loadSchemaDump(dump, 'mysql');
      loads.push(performance.now() - t0);
      const report = lintMigration(files, { target, schema });
      if (report.errors.length > 0) throw new Error(JSON.stringify(report.errors[0]));
      statements = report.statements.length;
      findings = reportFindings(report).length;
    });
    const base = median(baseline);
    const lint = median(lints);
    const bytes = all.reduce((s, t) => s + t.length, 0);
    return [
      `lint (${STATEMENTS} statements in 100 files, ${TABLES}-table schema, ${(bytes / 1024 / 1024).toFixed(1)} MiB of SQL, medians of ${RUNS})`,
      `  baseline, tokenise it all (${tokens} tokens):  ${base.toFixed(0)} ms`,
      `  sightline lint (load schema + lint):          ${lint.toFixed(0)} ms  (${(lint / base).toFixed(1)}x the baseline; schema load ${median(loads).toFixed(0)} ms)`,
      `  ${statements} schema statements planned, ${findings} findings; target under 1000 ms: ${lint < 1000 ? 'met' : 'NOT met'}`,
    ].join('\n');
  },
};
