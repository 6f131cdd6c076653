// Builds the EXPLAIN corpus from real servers: `npx tsx test/explain-corpus/build-corpus.ts
// [mysql] [mariadb] [mariadb-11.8]` (default: all three). Starts each server itself, creates the
// shop schema, explains every case in every format the server has, and writes each document as
// the server returned it to `<server>/<case>.<format>.(json|txt)`, plus `index.json` listing
// documents and what a server refused. Rebuilding some servers keeps the others' entries.
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Connection, RowDataPacket } from 'mysql2/promise';
import { connectTo } from '../servers/connect';
import { startServer, type RunningServer } from '../servers/instance';
import { runCommand } from '../servers/run-command';
import { programOf, SERVER_KINDS, type ServerKind } from '../servers/server-kind';
import { CORPUS_CASES, caseSql, type CorpusCase, type CorpusProgram } from './corpus-cases';
import {
  CORPUS_FORMATS,
  PASTE_FORMATS,
  type CorpusFormat,
  type PasteFormat,
} from './corpus-formats';
import { CORPUS_DIR, type CorpusDocument, type CorpusIndex, type CorpusSkip } from './corpus-index';
import { CORPUS_DATABASE, corpusSchemaStatements } from './corpus-schema';

/** Folder names: the release line, so a reader knows what produced a document. */
const SERVER_DIRS: Record<ServerKind, string> = {
  mysql: 'mysql-9.7',
  mariadb: 'mariadb-10.11',
  'mariadb-11.8': 'mariadb-11.8',
  'mariadb-10.5': 'mariadb-10.5',
};

interface ServerResult {
  dir: string;
  version: string;
  documents: CorpusDocument[];
  skipped: CorpusSkip[];
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((k) => !(SERVER_KINDS as readonly string[]).includes(k));
  if (unknown.length) throw new Error(`unknown server kind ${unknown.join(', ')}`);
  const kinds = (wanted.length ? wanted : SERVER_KINDS) as ServerKind[];
  const results: ServerResult[] = [];
  for (const kind of kinds) results.push(await buildForServer(kind));
  await writeIndex(results);
  await refreshSamples(results.map((r) => r.dir));
  for (const r of results) {
    const bytes = r.documents.reduce((sum, d) => sum + d.bytes, 0);
    console.log(
      `${r.dir} (${r.version}): ${r.documents.length} documents, ${(bytes / 1024).toFixed(0)} KiB, ${r.skipped.length} skipped`,
    );
    for (const s of r.skipped) console.log(`  skipped ${s.case} ${s.format}: ${s.reason}`);
  }
}

async function buildForServer(kind: ServerKind): Promise<ServerResult> {
  const program = programOf(kind);
  const dir = SERVER_DIRS[kind];
  const server = await startServer(kind, { name: 'explain-corpus' });
  const result: ServerResult = { dir, version: server.version, documents: [], skipped: [] };
  try {
    await rm(path.join(CORPUS_DIR, dir), { recursive: true, force: true });
    await mkdir(path.join(CORPUS_DIR, dir), { recursive: true });
    const setup = await connectTo(server);
    try {
      for (const statement of corpusSchemaStatements()) await setup.query(statement);
    } finally {
      await setup.end();
    }
    for (const c of CORPUS_CASES) {
      if (c.only && c.only !== program) continue;
      for (const format of CORPUS_FORMATS[program]) {
        if (format.name === 'json-v1-markers' && !c.endMarkers) continue;
        await capture(result, c, format.name, format.extension, format.dialect, () =>
          explainOnServer(server, program, c, format),
        );
      }
      if (!c.paste || !server.installation.client) continue;
      for (const format of PASTE_FORMATS[program]) {
        await capture(result, c, format.name, 'txt', format.dialect, () =>
          explainThroughClient(server, program, c, format),
        );
      }
    }
  } finally {
    await server.destroy();
  }
  return result;
}

/** Runs one capture, writing the document or recording why the server refused. */
async function capture(
  result: ServerResult,
  c: CorpusCase,
  format: string,
  extension: 'json' | 'txt',
  dialect: CorpusDocument['dialect'],
  produce: () => Promise<string>,
): Promise<void> {
  try {
    const text = await produce();
    const file = `${result.dir}/${c.name}.${format}.${extension}`;
    await writeFile(path.join(CORPUS_DIR, file), text);
    result.documents.push({
      case: c.name,
      server: result.dir,
      format,
      dialect,
      file,
      bytes: Buffer.byteLength(text),
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
    result.skipped.push({ case: c.name, server: result.dir, format, reason });
  }
}

async function explainOnServer(
  server: RunningServer,
  program: CorpusProgram,
  c: CorpusCase,
  format: CorpusFormat,
): Promise<string> {
  // A fresh session per document, so one case's settings never leak into the next.
  const connection = await connectTo(server, { database: CORPUS_DATABASE });
  try {
    for (const statement of [...format.session, ...(c.session?.[program] ?? [])])
      await connection.query(statement);
    const rollback = format.executes && c.writes === true;
    if (rollback) await connection.query('START TRANSACTION');
    try {
      return await firstCell(connection, format.statement(caseSql(c, program)));
    } finally {
      if (rollback) await connection.query('ROLLBACK');
    }
  } finally {
    await connection.end();
  }
}

async function firstCell(connection: Connection, sql: string): Promise<string> {
  const [rows] = await connection.query<RowDataPacket[]>(sql);
  const first = rows[0];
  const value = first ? Object.values(first)[0] : undefined;
  if (typeof value !== 'string') throw new Error(`no plan text from: ${sql}`);
  return value;
}

async function explainThroughClient(
  server: RunningServer,
  program: CorpusProgram,
  c: CorpusCase,
  format: PasteFormat,
): Promise<string> {
  const client = server.installation.client;
  if (!client) throw new Error('no command-line client');
  const session = (c.session?.[program] ?? []).map((s) => `${s}; `).join('');
  const sql = caseSql(c, program);
  // Writes are only explained (never ANALYZEd) through the client: no transaction to roll back.
  if (c.writes && /ANALYZE/.test(format.script('')))
    throw new Error('writes are not analyzed here');
  const { stdout } = await runCommand(
    [
      ...client,
      '--protocol=TCP',
      `--host=${server.host}`,
      `--port=${server.port}`,
      `--user=${server.user}`,
      `--database=${CORPUS_DATABASE}`,
      ...(program === 'mariadb' ? ['--skip-ssl'] : []),
      ...format.clientOptions,
      '-e',
      `${session}${format.script(sql)}`,
    ],
    { timeoutMs: 120_000 },
  );
  return stdout;
}

async function writeIndex(results: ServerResult[]): Promise<void> {
  const file = path.join(CORPUS_DIR, 'index.json');
  const previous: CorpusIndex | null = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as CorpusIndex)
    : null;
  const rebuilt = new Set(results.map((r) => r.dir));
  const keep = <T extends { server: string }>(items: T[] | undefined): T[] =>
    (items ?? []).filter((i) => !rebuilt.has(i.server));
  const servers = { ...(previous?.servers ?? {}) };
  for (const r of results) servers[r.dir] = { version: r.version };
  const index: CorpusIndex = {
    about:
      'EXPLAIN documents as real servers returned them; built by test/explain-corpus/build-corpus.ts. ' +
      'Timings differ per build; plans should not.',
    servers,
    cases: CORPUS_CASES.map((c) => ({
      name: c.name,
      about: c.about,
      sql: Object.fromEntries(
        (['mysql', 'mariadb'] as const)
          .filter((p) => !c.only || c.only === p)
          .map((p) => [p, caseSql(c, p)]),
      ),
    })),
    documents: [...keep(previous?.documents), ...results.flatMap((r) => r.documents)].sort((a, b) =>
      a.file.localeCompare(b.file),
    ),
    skipped: [...keep(previous?.skipped), ...results.flatMap((r) => r.skipped)],
  };
  await writeFile(file, `${JSON.stringify(index, null, 2)}\n`);
}

/** The plan screen's samples are copies of corpus documents: keep them the same. */
async function refreshSamples(rebuilt: string[]): Promise<void> {
  const samplesDir = path.resolve(CORPUS_DIR, '../../resources/sample-plans');
  const indexFile = path.join(samplesDir, 'index.json');
  if (!existsSync(indexFile)) return;
  const samples = (
    JSON.parse(readFileSync(indexFile, 'utf8')) as {
      samples: Array<{ file: string; source: string }>;
    }
  ).samples;
  for (const sample of samples) {
    const source = path.resolve(CORPUS_DIR, '../..', sample.source);
    if (!rebuilt.some((dir) => sample.source.includes(`/${dir}/`))) continue;
    if (existsSync(source)) await copyFile(source, path.join(samplesDir, sample.file));
    else console.log(`sample ${sample.file}: ${sample.source} is gone; pick another`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
