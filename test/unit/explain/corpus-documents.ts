import {
  readCorpusDocument,
  readCorpusIndex,
  readManualIndex,
  type CorpusDocument,
} from '../../explain-corpus/corpus-index';
import { explainPlanText, type PlanNode, type PlanReport } from '../../../src/shared/explain';

/** Every document of the corpus: real server output and the manual reconstructions. */
export const ALL_DOCUMENTS: CorpusDocument[] = [
  ...readCorpusIndex().documents,
  ...readManualIndex().documents,
];

/** The corpus document of a case in a format on a server (`mysql-9.7`, `mariadb-11.8`, ...). */
export function corpusDocument(server: string, name: string, format: string): CorpusDocument {
  const doc = ALL_DOCUMENTS.find(
    (d) => d.server === server && d.case === name && d.format === format,
  );
  if (!doc) throw new Error(`no corpus document ${server}/${name}.${format}`);
  return doc;
}

/** Parses and diagnoses a corpus document; fails the test when it is not a plan. */
export function reportOf(server: string, name: string, format: string): PlanReport {
  const result = explainPlanText(readCorpusDocument(corpusDocument(server, name, format)));
  if (!result.ok) throw new Error(`${server}/${name}.${format}: ${JSON.stringify(result.error)}`);
  return result.report;
}

/** All nodes, parents first. */
export function nodesOf(root: PlanNode): PlanNode[] {
  const out: PlanNode[] = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

/** Table names of the nodes that read tables, in plan order. */
export function tablesOf(root: PlanNode): string[] {
  return nodesOf(root)
    .filter((n) => n.table !== undefined)
    .map((n) => n.table!);
}

/** The first node matching, or a test failure naming what was looked for. */
export function findNode(root: PlanNode, what: string, match: (n: PlanNode) => boolean): PlanNode {
  const node = nodesOf(root).find(match);
  if (!node) throw new Error(`no node: ${what}`);
  return node;
}
