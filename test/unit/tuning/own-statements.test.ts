import { describe, expect, it } from 'vitest';
import type { Connection } from 'mysql2/promise';
import { taggedConnection, untagged } from '../../../src/main/db/tagged-connection';
import { OwnDigests } from '../../../src/shared/tuning/own-digests';
import { OwnStatementShapes } from '../../../src/shared/tuning/own-statement-shapes';
import {
  isOwnStatementText,
  OWN_STATEMENT_TAG,
  tagOwnStatement,
} from '../../../src/shared/tuning/own-statement-tag';

describe("Sightline's statement tag", () => {
  it('is put in front once, and recognised after leading spaces only', () => {
    expect(tagOwnStatement('SHOW PROCESSLIST')).toBe('/* sightline */ SHOW PROCESSLIST');
    expect(tagOwnStatement(tagOwnStatement('SELECT 1'))).toBe('/* sightline */ SELECT 1');
    expect(isOwnStatementText(' \n\t/* sightline */ SELECT 1')).toBe(true);
    expect(isOwnStatementText('SELECT 1 /* sightline */')).toBe(false);
    expect(isOwnStatementText('/* sightline-ish */ SELECT 1')).toBe(false);
    expect(isOwnStatementText('')).toBe(false);
  });
});

describe('OwnDigests', () => {
  it('holds a digest as Sightline’s while every text seen is tagged, never after another', () => {
    const own = new OwnDigests();
    own.note('a', `${OWN_STATEMENT_TAG} SELECT 1`);
    own.note('b', 'SELECT 2');
    own.note('c', null);
    expect([own.isOwn('a'), own.isOwn('b'), own.isOwn('c')]).toEqual([true, false, false]);
    // The application ran Sightline's statement too: it is load, shown from now on.
    own.note('a', 'SELECT 1');
    own.note('a', `${OWN_STATEMENT_TAG} SELECT 1`);
    expect(own.isOwn('a')).toBe(false);
    // An untagged text first, a tagged one later: still the application's.
    own.note('b', `${OWN_STATEMENT_TAG} SELECT 2`);
    expect(own.isOwn('b')).toBe(false);
  });

  it('forgets digests gone from the table', () => {
    const own = new OwnDigests();
    own.note('a', `${OWN_STATEMENT_TAG} SELECT 1`);
    own.note('b', `${OWN_STATEMENT_TAG} SELECT 2`);
    own.keepOnly(new Set(['b']));
    expect([own.isOwn('a'), own.isOwn('b')]).toEqual([false, true]);
  });
});

describe('taggedConnection', () => {
  it('tags query and execute texts, not the core connection a user statement streams on', async () => {
    const sent: unknown[] = [];
    const core = { query: (arg: unknown) => sent.push(['core', arg]) };
    const raw = {
      connection: core,
      threadId: 42,
      query(this: unknown, arg: unknown, values?: unknown) {
        expect(this).toBe(raw);
        sent.push(['query', arg, values]);
        return Promise.resolve([[], []]);
      },
      execute(arg: unknown, values?: unknown) {
        sent.push(['execute', arg, values]);
        return Promise.resolve([[], []]);
      },
      end() {
        return this === raw;
      },
    };
    const conn = taggedConnection(raw as unknown as Connection);
    await conn.query('SELECT 1');
    await conn.query({ sql: 'SELECT ?', rowsAsArray: true }, [2]);
    await conn.execute('SELECT ?', [3]);
    (conn as unknown as { connection: typeof core }).connection.query('SELECT 4');
    expect(sent).toEqual([
      ['query', '/* sightline */ SELECT 1', undefined],
      ['query', { sql: '/* sightline */ SELECT ?', rowsAsArray: true }, [2]],
      ['execute', '/* sightline */ SELECT ?', [3]],
      ['core', 'SELECT 4'],
    ]);
    expect((conn as unknown as { threadId: number }).threadId).toBe(42);
    expect((conn as unknown as { end(): boolean }).end()).toBe(true);
    // A statement the user wrote goes as written.
    await untagged(conn).query('ALTER TABLE t FORCE');
    expect(sent.at(-1)).toEqual(['query', 'ALTER TABLE t FORCE', undefined]);
    expect(untagged(raw as unknown as Connection)).toBe(raw);
  });
});

describe('OwnStatementShapes', () => {
  it('matches the DIGEST_TEXT a server writes for a statement Sightline sent', () => {
    const log = new OwnStatementShapes();
    log.note(`SELECT SCHEMA_NAME, \`DIGEST\`, IF(UNIX_TIMESTAMP(LAST_SEEN) >= 17, DIGEST_TEXT, NULL)
      AS digest_text, NULL AS sample FROM performance_schema.events_statements_summary_by_digest`);
    log.note("SELECT ID FROM information_schema.PROCESSLIST WHERE COMMAND IN ('Query', 'Execute')");
    const version = log.version;
    // As MariaDB 10.11 wrote them.
    expect(
      log.hasDigestText(
        'SELECT SCHEMA_NAME , `DIGEST` , IF ( `UNIX_TIMESTAMP` ( `LAST_SEEN` ) >= ? , `DIGEST_TEXT` , ? ) AS `digest_text` , ? AS `sample` FROM `performance_schema` . `events_statements_summary_by_digest` ',
      ),
    ).toBe(true);
    expect(
      log.hasDigestText(
        'SELECT `ID` FROM `information_schema` . `PROCESSLIST` WHERE `COMMAND` IN (...)',
      ),
    ).toBe(true);
    expect(log.hasDigestText('SELECT `ID` FROM `information_schema` . `PROCESSLIST`')).toBe(false);
    // Cut at max_digest_length: the start is enough.
    expect(
      log.hasDigestText('SELECT SCHEMA_NAME , `DIGEST` , IF ( `UNIX_TIMESTAMP` ( `LAST_SEE...'),
    ).toBe(true);
    expect(log.hasDigestText('SELECT `x` FROM `t` WHERE `a` = ? AND `LAST_SEE...')).toBe(false);
    log.note('SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = 12');
    log.note('SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = 13');
    expect(log.version).toBe(version + 1);
  });
});
