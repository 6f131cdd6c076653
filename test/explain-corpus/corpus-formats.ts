import type { PlanDialect } from '../../src/shared/explain/plan-dialect';
import type { CorpusProgram } from './corpus-cases';

/** One way of explaining a statement on a server, producing one corpus document. */
export interface CorpusFormat {
  name: string;
  about: string;
  extension: 'json' | 'txt';
  /** The dialect a parser should detect in the document. */
  dialect: PlanDialect;
  /** Session settings that select this format. */
  session: string[];
  /** The explaining statement for a case's SQL. */
  statement: (sql: string) => string;
  /** The statement is executed (ANALYZE): writes run in a transaction that is rolled back. */
  executes: boolean;
}

/** A document captured through the command-line client, the way a terminal shows it. */
export interface PasteFormat {
  name: string;
  about: string;
  dialect: PlanDialect;
  /** Client options choosing table (`--table`), vertical (`--vertical`) or batch (default) output. */
  clientOptions: string[];
  /** Statements given to `-e`. */
  script: (sql: string) => string;
}

const V1 = ['SET SESSION explain_json_format_version = 1', 'SET SESSION end_markers_in_json = OFF'];
const V2 = ['SET SESSION explain_json_format_version = 2', 'SET SESSION end_markers_in_json = OFF'];

/** Every server-side format per flavor. `json-v1-markers` is only produced for cases asking for it. */
export const CORPUS_FORMATS: Record<CorpusProgram, CorpusFormat[]> = {
  mysql: [
    {
      name: 'json-v1',
      about: 'EXPLAIN FORMAT=JSON with explain_json_format_version=1',
      extension: 'json',
      dialect: 'mysql-json-v1',
      session: V1,
      statement: (sql) => `EXPLAIN FORMAT=JSON ${sql}`,
      executes: false,
    },
    {
      name: 'json-v1-markers',
      about: 'EXPLAIN FORMAT=JSON version 1 with end_markers_in_json=ON (/* name */ comments)',
      extension: 'json',
      dialect: 'mysql-json-v1',
      session: [
        'SET SESSION explain_json_format_version = 1',
        'SET SESSION end_markers_in_json = ON',
      ],
      statement: (sql) => `EXPLAIN FORMAT=JSON ${sql}`,
      executes: false,
    },
    {
      name: 'json-v2',
      about: 'EXPLAIN FORMAT=JSON with explain_json_format_version=2',
      extension: 'json',
      dialect: 'mysql-json-v2',
      session: V2,
      statement: (sql) => `EXPLAIN FORMAT=JSON ${sql}`,
      executes: false,
    },
    {
      name: 'tree',
      about: 'EXPLAIN FORMAT=TREE',
      extension: 'txt',
      dialect: 'mysql-tree',
      session: [],
      statement: (sql) => `EXPLAIN FORMAT=TREE ${sql}`,
      executes: false,
    },
    {
      name: 'analyze',
      about: 'EXPLAIN ANALYZE (text tree with measurements)',
      extension: 'txt',
      dialect: 'mysql-tree',
      session: [],
      statement: (sql) => `EXPLAIN ANALYZE ${sql}`,
      executes: true,
    },
    {
      name: 'analyze-json',
      about: 'EXPLAIN ANALYZE FORMAT=JSON (JSON v2 with actual_* measurements)',
      extension: 'json',
      dialect: 'mysql-json-v2',
      session: V2,
      statement: (sql) => `EXPLAIN ANALYZE FORMAT=JSON ${sql}`,
      executes: true,
    },
  ],
  mariadb: [
    {
      name: 'json',
      about: 'EXPLAIN FORMAT=JSON',
      extension: 'json',
      dialect: 'mariadb-json',
      session: [],
      statement: (sql) => `EXPLAIN FORMAT=JSON ${sql}`,
      executes: false,
    },
    {
      name: 'analyze-json',
      about: 'ANALYZE FORMAT=JSON (r_* measurements)',
      extension: 'json',
      dialect: 'mariadb-json',
      session: [],
      statement: (sql) => `ANALYZE FORMAT=JSON ${sql}`,
      executes: true,
    },
  ],
};

/** Terminal captures, made for cases marked `paste`. */
export const PASTE_FORMATS: Record<CorpusProgram, PasteFormat[]> = {
  mysql: [
    {
      name: 'paste-table-traditional',
      about: 'mysql client, table output: EXPLAIN FORMAT=TRADITIONAL',
      dialect: 'tabular',
      clientOptions: ['--table'],
      script: (sql) => `EXPLAIN FORMAT=TRADITIONAL ${sql}`,
    },
    {
      name: 'paste-vertical-traditional',
      about: 'mysql client, \\G output: EXPLAIN FORMAT=TRADITIONAL',
      dialect: 'tabular',
      clientOptions: ['--vertical'],
      script: (sql) => `EXPLAIN FORMAT=TRADITIONAL ${sql}`,
    },
    {
      name: 'paste-vertical-json',
      about: 'mysql client, \\G output: EXPLAIN FORMAT=JSON version 1',
      dialect: 'mysql-json-v1',
      clientOptions: ['--vertical'],
      script: (sql) => `SET explain_json_format_version = 1; EXPLAIN FORMAT=JSON ${sql}`,
    },
    {
      name: 'paste-batch-json',
      about: 'mysql client, batch output (escaped \\n): EXPLAIN FORMAT=JSON version 2',
      dialect: 'mysql-json-v2',
      clientOptions: [],
      script: (sql) => `SET explain_json_format_version = 2; EXPLAIN FORMAT=JSON ${sql}`,
    },
    {
      name: 'paste-table-analyze',
      about: 'mysql client, table output: EXPLAIN ANALYZE',
      dialect: 'mysql-tree',
      clientOptions: ['--table'],
      script: (sql) => `EXPLAIN ANALYZE ${sql}`,
    },
  ],
  mariadb: [
    {
      name: 'paste-table-traditional',
      about: 'mariadb client, table output: EXPLAIN',
      dialect: 'tabular',
      clientOptions: ['--table'],
      script: (sql) => `EXPLAIN ${sql}`,
    },
    {
      name: 'paste-vertical-json',
      about: 'mariadb client, \\G output: EXPLAIN FORMAT=JSON',
      dialect: 'mariadb-json',
      clientOptions: ['--vertical'],
      script: (sql) => `EXPLAIN FORMAT=JSON ${sql}`,
    },
    {
      name: 'paste-batch-analyze-json',
      about: 'mariadb client, batch output (escaped \\n): ANALYZE FORMAT=JSON',
      dialect: 'mariadb-json',
      clientOptions: [],
      script: (sql) => `ANALYZE FORMAT=JSON ${sql}`,
    },
  ],
};
