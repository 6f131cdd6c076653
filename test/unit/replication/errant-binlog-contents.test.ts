import { describe, expect, it } from 'vitest';
import type { GtidSet } from '../../../src/shared/gtid/gtid-set';
import { requireGtidSet } from '../../../src/shared/gtid/parse-gtid-set';
import {
  ErrantBinlogReader,
  filesWithErrant,
  findErrantFiles,
  type BinlogEvent,
} from '../../../src/shared/replication/errant-binlog-contents';

const U = 'e0812675-ea76-11f1-9614-02fc00000001';

// SHOW BINLOG EVENTS of a MySQL 9.7.4 binary log (positions and Info as the server gave them):
// two DDLs, an insert, an update, a tagged delete, and an insert logged with
// binlog_rows_query_log_events = ON.
const CAPTURED: Array<[number, string, string]> = [
  [4, 'Format_desc', 'Server ver: 9.7.4-2, Binlog ver: 4'],
  [127, 'Previous_gtids', ''],
  [158, 'Gtid', `SET @@SESSION.GTID_NEXT= '${U}:1'`],
  [235, 'Query', 'CREATE DATABASE shop /* xid=4 */'],
  [343, 'Gtid', `SET @@SESSION.GTID_NEXT= '${U}:2'`],
  [420, 'Query', 'CREATE TABLE shop.t (id INT PRIMARY KEY, v VARCHAR(20)) /* xid=5 */'],
  [559, 'Gtid', `SET @@SESSION.GTID_NEXT= '${U}:3'`],
  [638, 'Query', 'BEGIN'],
  [709, 'Table_map', 'table_id: 85 (shop.t)'],
  [764, 'Write_rows', 'table_id: 85 flags: STMT_END_F USE_SQL_FOREIGN_KEY_F'],
  [813, 'Xid', 'COMMIT /* xid=6 */'],
  [844, 'Gtid', `SET @@SESSION.GTID_NEXT= '${U}:4'`],
  [923, 'Query', 'BEGIN'],
  [1003, 'Table_map', 'table_id: 85 (shop.t)'],
  [1058, 'Update_rows', 'table_id: 85 flags: STMT_END_F USE_SQL_FOREIGN_KEY_F'],
  [1108, 'Xid', 'COMMIT /* xid=7 */'],
  [1139, 'Gtid_tagged_log_event', `SET @@SESSION.GTID_NEXT= '${U}:tg:1'`],
  [1216, 'Query', 'BEGIN'],
  [1287, 'Table_map', 'table_id: 85 (shop.t)'],
  [1342, 'Delete_rows', 'table_id: 85 flags: STMT_END_F USE_SQL_FOREIGN_KEY_F'],
  [1384, 'Xid', 'COMMIT /* xid=9 */'],
  [1415, 'Gtid', `SET @@SESSION.GTID_NEXT= '${U}:5'`],
  [1494, 'Query', 'BEGIN'],
  [1565, 'Rows_query', "# INSERT INTO shop.t VALUES (3,'x')"],
  [1622, 'Table_map', 'table_id: 85 (shop.t)'],
  [1677, 'Write_rows', 'table_id: 85 flags: STMT_END_F USE_SQL_FOREIGN_KEY_F'],
  [1719, 'Xid', 'COMMIT /* xid=12 */'],
];
const events: BinlogEvent[] = CAPTURED.map(([pos, type, info]) => ({
  logName: 'binlog.000001',
  pos,
  type,
  info,
}));

function read(errant: string, maxTransactions?: number, maxActions?: number) {
  const reader = new ErrantBinlogReader(requireGtidSet(errant), maxTransactions, maxActions);
  for (const e of events) reader.feed(e);
  reader.finish();
  return reader;
}

describe('ErrantBinlogReader', () => {
  it('summarises exactly the errant transactions, tagged ones included', () => {
    const reader = read(`${U}:1:3-5:tg:1`);
    expect(reader.found).toBe(5);
    expect(reader.transactions).toEqual([
      {
        gtid: `${U}:1`,
        at: 'binlog.000001:158',
        actions: ['CREATE DATABASE shop'],
        moreActions: 0,
      },
      {
        gtid: `${U}:3`,
        at: 'binlog.000001:559',
        actions: ['rows inserted into shop.t'],
        moreActions: 0,
      },
      {
        gtid: `${U}:4`,
        at: 'binlog.000001:844',
        actions: ['rows updated in shop.t'],
        moreActions: 0,
      },
      {
        gtid: `${U}:tg:1`,
        at: 'binlog.000001:1139',
        actions: ['rows deleted from shop.t'],
        moreActions: 0,
      },
      {
        gtid: `${U}:5`,
        at: 'binlog.000001:1415',
        actions: ["INSERT INTO shop.t VALUES (3,'x')", 'rows inserted into shop.t'],
        moreActions: 0,
      },
    ]);
    expect(reader.moreTransactions).toBe(0);
  });

  it('counts transactions and actions past its limits, and repeated row events', () => {
    const reader = read(`${U}:1-5:tg:1`, 2, 1);
    expect(reader.found).toBe(6);
    expect(reader.transactions.map((t) => t.gtid)).toEqual([`${U}:1`, `${U}:2`]);
    expect(reader.moreTransactions).toBe(4);
    const many = new ErrantBinlogReader(requireGtidSet(`${U}:3`), 20, 2);
    for (const e of events.slice(6, 10)) many.feed(e);
    for (let i = 0; i < 3; i++) many.feed({ ...events[9]!, pos: 900 + i });
    many.feed({
      logName: 'binlog.000001',
      pos: 990,
      type: 'Table_map',
      info: 'table_id: 86 (a.b)',
    });
    many.feed({ logName: 'binlog.000001', pos: 995, type: 'Delete_rows', info: 'table_id: 86' });
    many.feed({ logName: 'binlog.000001', pos: 999, type: 'Mystery_event', info: 'x' });
    many.finish();
    expect(many.transactions).toEqual([
      {
        gtid: `${U}:3`,
        at: 'binlog.000001:559',
        actions: ['rows inserted into shop.t (4 events)', 'rows deleted from a.b'],
        moreActions: 1,
      },
    ]);
  });

  it('names an event it does not know, and a row event without its table map', () => {
    const reader = new ErrantBinlogReader(requireGtidSet(`${U}:9`));
    reader.feed({
      logName: 'b.1',
      pos: 1,
      type: 'Gtid',
      info: `SET @@SESSION.GTID_NEXT= '${U}:9'`,
    });
    reader.feed({ logName: 'b.1', pos: 2, type: 'Write_rows', info: 'table_id: 7 flags: x' });
    reader.feed({ logName: 'b.1', pos: 3, type: 'Incident', info: 'LOST_EVENTS' });
    reader.feed({ logName: 'b.1', pos: 4, type: 'Query', info: `use \`s\`; ${'x'.repeat(400)}` });
    reader.finish();
    expect(reader.transactions[0]!.actions).toEqual([
      'rows inserted into a table',
      'Incident event: LOST_EVENTS',
      `use \`s\`; ${'x'.repeat(291)}…`,
    ]);
  });
});

describe('filesWithErrant', () => {
  const files = [
    { name: 'b.1', previous: requireGtidSet('') },
    { name: 'b.2', previous: requireGtidSet(`${U}:1-10`) },
    { name: 'b.3', previous: requireGtidSet(`${U}:1-20`) },
  ];
  it('picks the files whose GTIDs (from the next file’s Previous_gtids) hold errant ones', () => {
    expect(filesWithErrant(files, requireGtidSet(`${U}:5`))).toEqual(['b.1']);
    expect(filesWithErrant(files, requireGtidSet(`${U}:15`))).toEqual(['b.2']);
    expect(filesWithErrant(files, requireGtidSet(`${U}:25`))).toEqual(['b.3']);
    expect(filesWithErrant(files, requireGtidSet(`${U}:5:15:25`))).toEqual(['b.1', 'b.2', 'b.3']);
  });
  it('reads a file whose neighbour’s Previous_gtids is unknown rather than skip it', () => {
    const unknown = [files[0]!, { name: 'b.2', previous: null }, files[2]!];
    expect(filesWithErrant(unknown, requireGtidSet(`${U}:25`))).toEqual(['b.1', 'b.2', 'b.3']);
  });
});

describe('findErrantFiles', () => {
  /** A seeded generator, so a failure replays. */
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const set = (numbers: number[]) =>
    requireGtidSet(numbers.length === 0 ? '' : `${U}:${numbers.join(':')}`);
  const upTo = (n: number) => requireGtidSet(n === 0 ? '' : `${U}:1-${n}`);

  it('finds every file holding errant GTIDs, reading no more than filesWithErrant would', async () => {
    const next = random(20261127);
    for (let round = 0; round < 400; round++) {
      const count = 1 + Math.floor(next() * 40);
      let last = 0;
      const truth: GtidSet[] = [];
      const readable: Array<GtidSet | null> = [];
      for (let i = 0; i < count; i++) {
        last += Math.floor(next() * 4);
        truth.push(upTo(last));
        readable.push(next() < 0.1 ? null : truth[i]!);
      }
      const errant = set(
        Array.from({ length: Math.floor(next() * 4) }, () => 1 + Math.floor(next() * (last + 3))),
      );
      const asked: number[] = [];
      const found = await findErrantFiles(count, errant, async (i) => {
        asked.push(i);
        return readable[i]!;
      });
      const label = `round ${round}`;
      // Every file that holds one (from the true Previous_gtids) is found...
      const holding = filesWithErrant(
        truth.map((p, i) => ({ name: String(i), previous: p })),
        errant,
      );
      expect(
        holding.every((f) => found.includes(Number(f))),
        label,
      ).toBe(true);
      // ...and no file filesWithErrant would pass over is read: an unreadable head between two
      // readable ones needs no read when nothing errant lies between them.
      const linear = filesWithErrant(
        readable.map((p, i) => ({ name: String(i), previous: p })),
        errant,
      );
      expect(
        found.every((f) => linear.includes(String(f))),
        label,
      ).toBe(true);
      expect(new Set(asked).size, label).toBe(asked.length);
    }
  });

  it('reads a few heads, not every one, among thousands of files', async () => {
    const count = 5000;
    // File 3210 holds GTIDs 3211..3212 of the 5,000 files' 1..5001.
    const previousAt = (i: number) => upTo(i <= 3210 ? i : i + 1);
    let reads = 0;
    const found = await findErrantFiles(count, set([3212]), async (i) => {
      reads++;
      return previousAt(i);
    });
    expect(found).toEqual([3210]);
    expect(reads).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(count)) + 2);
    // Nothing errant left in the logs: one read says so.
    reads = 0;
    expect(
      await findErrantFiles(count, requireGtidSet(''), async (i) => (reads++, previousAt(i))),
    ).toEqual([]);
    expect(reads).toBe(1);
  });
});
