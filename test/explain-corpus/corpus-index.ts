import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PlanDialect } from '../../src/shared/explain/plan-dialect';

/** Where the corpus lives; documents are named relative to it. */
export const CORPUS_DIR = import.meta.dirname;

/** One document of the corpus. */
export interface CorpusDocument {
  case: string;
  /** `mysql-9.7`, `mariadb-10.11`, `mariadb-11.8`, or `manual-5.6` ... for reconstructed ones. */
  server: string;
  format: string;
  /** The dialect a parser should detect. */
  dialect: PlanDialect;
  /** Relative to the corpus folder. */
  file: string;
  bytes: number;
}

/** A case/server/format the server refused, with its reason (kept so gaps are visible). */
export interface CorpusSkip {
  case: string;
  server: string;
  format: string;
  reason: string;
}

/** `index.json`, written by build-corpus.ts. */
export interface CorpusIndex {
  about: string;
  servers: Record<string, { version: string }>;
  cases: Array<{ name: string; about: string; sql: Record<string, string> }>;
  documents: CorpusDocument[];
  skipped: CorpusSkip[];
}

/** `manual/index.json`: hand-written documents reconstructed from the MySQL manual's examples. */
export interface ManualIndex {
  about: string;
  documents: Array<CorpusDocument & { source: string }>;
}

/** The index of the real-server corpus. */
export function readCorpusIndex(): CorpusIndex {
  return JSON.parse(readFileSync(path.join(CORPUS_DIR, 'index.json'), 'utf8')) as CorpusIndex;
}

/** The index of the reconstructed 5.6/5.7/8.0 documents. */
export function readManualIndex(): ManualIndex {
  return JSON.parse(
    readFileSync(path.join(CORPUS_DIR, 'manual', 'index.json'), 'utf8'),
  ) as ManualIndex;
}

/** A document's text. */
export function readCorpusDocument(doc: Pick<CorpusDocument, 'file'>): string {
  return readFileSync(path.join(CORPUS_DIR, doc.file), 'utf8');
}
