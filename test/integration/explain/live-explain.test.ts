// A few corpus cases explained live on the shared servers and parsed: if a server release
// changes its EXPLAIN output (a new key, another shape), this fails before users notice.
import type { RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainPlanText, type PlanNode, type PlanReport } from '../../../src/shared/explain';
import { CORPUS_CASES, caseSql, type CorpusProgram } from '../../explain-corpus/corpus-cases';
import { CORPUS_FORMATS } from '../../explain-corpus/corpus-formats';
import {
  readCorpusDocument,
  readCorpusIndex,
  type CorpusDocument,
} from '../../explain-corpus/corpus-index';
import { corpusSchemaStatements } from '../../explain-corpus/corpus-schema';
import { connectTo, withConnection } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';

const DATABASE = 'sightline_explain_live';
const CASES = [
  'join-order-limit',
  'subquery-correlated',
  'window',
  'union',
  'full-scan-filesort',
  'misestimate-skew',
];
const servers = testServers();
const index = readCorpusIndex();

const targets: Array<{
  name: string;
  endpoint: ServerEndpoint | null;
  program: CorpusProgram;
  dir: string;
}> = [
  { name: 'MySQL 9.7', endpoint: servers.mysql, program: 'mysql', dir: 'mysql-9.7' },
  { name: 'MariaDB 10.11', endpoint: servers.mariadb, program: 'mariadb', dir: 'mariadb-10.11' },
  { name: 'MariaDB 11.8', endpoint: servers.mariadb118, program: 'mariadb', dir: 'mariadb-11.8' },
];

function tables(root: PlanNode): string[] {
  const out: string[] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.table !== undefined) out.push(n.table);
    stack.push(...n.children);
  }
  return out.sort();
}

/** Every key of a JSON document (the vocabulary a server speaks). */
function keysOf(text: string): Set<string> {
  const keys = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null)
      for (const [k, x] of Object.entries(v)) {
        keys.add(k);
        walk(x);
      }
  };
  walk(JSON.parse(text.replace(/\/\*[^"\n]*?\*\//g, '')));
  return keys;
}

function parse(text: string, what: string): PlanReport {
  const result = explainPlanText(text);
  if (!result.ok) throw new Error(`${what}: ${JSON.stringify(result.error)}`);
  return result.report;
}

describe.each(targets)('$name', ({ endpoint, program, dir }) => {
  beforeAll(async () => {
    if (!endpoint) return;
    await withConnection(endpoint, async (c) => {
      for (const statement of corpusSchemaStatements(DATABASE)) await c.query(statement);
    });
  }, 180_000);

  afterAll(async () => {
    if (endpoint)
      await withConnection(endpoint, (c) => c.query(`DROP DATABASE IF EXISTS ${DATABASE}`));
  });

  const formats = CORPUS_FORMATS[program].filter((f) => f.name !== 'json-v1-markers');
  const cases = CORPUS_CASES.filter((c) => CASES.includes(c.name));

  it.skipIf(!endpoint).each(cases.flatMap((c) => formats.map((f) => [c.name, f.name] as const)))(
    '%s in %s reads as the corpus does',
    async (name, formatName) => {
      const c = cases.find((x) => x.name === name)!;
      const format = formats.find((f) => f.name === formatName)!;
      const connection = await connectTo(endpoint!, { database: DATABASE });
      let text: string;
      try {
        for (const s of [...format.session, ...(c.session?.[program] ?? [])])
          await connection.query(s);
        const [rows] = await connection.query<RowDataPacket[]>(
          format.statement(caseSql(c, program)),
        );
        text = String(Object.values(rows[0]!)[0]);
      } finally {
        await connection.end();
      }
      const live = parse(text, `${dir} ${name} ${formatName}`);
      expect(live.dialect).toBe(format.dialect);
      expect(live.stats.unknownNodes).toBe(0);

      const doc: CorpusDocument | undefined = index.documents.find(
        (d) => d.server === dir && d.case === name && d.format === formatName,
      );
      if (!doc) return;
      const recorded = parse(readCorpusDocument(doc), doc.file);
      expect(tables(live.root)).toEqual(tables(recorded.root));
      if (format.extension === 'json') {
        // Keys this server never wrote in the whole corpus mean its output changed.
        const known = new Set(
          index.documents
            .filter((d) => d.server === dir && d.file.endsWith('.json'))
            .flatMap((d) => [...keysOf(readCorpusDocument(d))]),
        );
        expect([...keysOf(text)].filter((k) => !known.has(k))).toEqual([]);
      }
    },
  );
});
