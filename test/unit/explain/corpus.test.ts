// Every document of the corpus (real MySQL 9.7, MariaDB 10.11 and 11.8 output, and the
// reconstructed 5.6/5.7/8.0 manual examples) parses into a complete, valid model.
import { describe, expect, it } from 'vitest';
import { readCorpusDocument, readCorpusIndex } from '../../explain-corpus/corpus-index';
import { explainPlanText, PlanReportSchema, type PlanReport } from '../../../src/shared/explain';
import { ALL_DOCUMENTS, nodesOf, tablesOf } from './corpus-documents';

const index = readCorpusIndex();

// MariaDB's EXPLAIN of these has nothing but a message, exactly as MySQL 5.6 prints it.
const INDISTINGUISHABLE = new Set(['no-tables', 'impossible-where', 'optimized-away']);

function explain(file: string, text: string): PlanReport {
  const result = explainPlanText(text);
  if (!result.ok) throw new Error(`${file}: ${JSON.stringify(result.error)}`);
  return result.report;
}

describe('the corpus', () => {
  it('has every case on every server in every format, under 3 MB', () => {
    expect(Object.keys(index.servers).sort()).toEqual([
      'mariadb-10.11',
      'mariadb-11.8',
      'mysql-9.7',
    ]);
    expect(index.cases.length).toBeGreaterThanOrEqual(40);
    for (const c of index.cases) {
      const mysql = index.documents.filter((d) => d.case === c.name && d.server === 'mysql-9.7');
      expect(mysql.map((d) => d.format)).toEqual(
        expect.arrayContaining(['json-v1', 'json-v2', 'tree', 'analyze', 'analyze-json']),
      );
      if (!c.sql.mariadb) continue; // LATERAL: MySQL only
      for (const server of ['mariadb-10.11', 'mariadb-11.8']) {
        const docs = index.documents.filter((d) => d.case === c.name && d.server === server);
        expect(docs.map((d) => d.format)).toEqual(expect.arrayContaining(['json', 'analyze-json']));
      }
    }
    const bytes = ALL_DOCUMENTS.reduce((sum, d) => sum + d.bytes, 0);
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
  });

  describe.each(ALL_DOCUMENTS.map((d) => [d.file, d] as const))('%s', (file, doc) => {
    const text = readCorpusDocument(doc);
    const report = explain(file, text);

    it('is detected as its dialect and fully understood', () => {
      if (
        doc.dialect === 'mariadb-json' &&
        doc.format === 'json' &&
        INDISTINGUISHABLE.has(doc.case)
      )
        expect(['mariadb-json', 'mysql-json-v1']).toContain(report.dialect);
      else expect(report.dialect).toBe(doc.dialect);
      expect(report.stats.unknownNodes).toBe(0);
      expect(report.stats.nodes).toBe(nodesOf(report.root).length);
    });

    it('makes every table access a node with its table', () => {
      const nodeTables = tablesOf(report.root);
      if (doc.dialect === 'mysql-tree') {
        // One node per `->` line; each line that reads a table names it.
        // (After the statement, when the paste includes the prompt and its `->` continuations.)
        const output = text.slice(text.search(/\\G\s*\n/) + 1);
        const lines = output.split('\n').filter((l) => /^\s*(?:\|\s*|EXPLAIN: )?-> /.test(l));
        expect(report.stats.nodes).toBe(lines.length);
        const reads = lines.filter((l) =>
          /-> (?:Table scan|(?:Single-row )?(?:[Cc]overing )?[Ii]ndex (?:lookup|scan|range scan|skip scan)|Full-text index search|Constant row|Scan new records|Insert into|Update|Delete from) /.test(
            l,
          ),
        );
        expect(nodeTables).toHaveLength(reads.length);
      } else if (doc.dialect === 'tabular') {
        expect(nodeTables.length).toBeGreaterThan(0);
        expect(nodeTables.every((t) => t.length > 0)).toBe(true);
      } else {
        const declared = [...text.matchAll(/"table_name": "([^"]*)"/g)].map((m) => m[1]!).sort();
        if (doc.dialect === 'mysql-json-v2')
          expect(nodeTables).toEqual(expect.arrayContaining(declared));
        else expect([...nodeTables].sort()).toEqual(declared);
      }
    });

    it('is a valid, JSON-serialisable model with pre-order ids', () => {
      const copy = JSON.parse(JSON.stringify(report)) as unknown;
      expect(PlanReportSchema.safeParse(copy).success).toBe(true);
      expect(nodesOf(report.root).map((n) => n.id)).toEqual(nodesOf(report.root).map((_, i) => i));
      for (const d of report.diagnostics) expect(d.nodeId).toBeLessThan(report.stats.nodes);
    });

    it('has measurements exactly when the server ran the statement', () => {
      const measured = /r_loops|actual_rows|actual time/.test(text);
      expect(report.analyzed).toBe(measured);
      for (const node of nodesOf(report.root)) {
        for (const n of [node.rows, node.cost?.self, node.cost?.total, node.actual?.selfTimeMs])
          if (n !== undefined) expect(Number.isFinite(n) && n >= 0).toBe(true);
      }
    });
  });
});
