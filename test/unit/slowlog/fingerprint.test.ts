import { describe, expect, it } from 'vitest';
import { classChecksum, fingerprint, md5Hex } from '../../../src/shared/slowlog';

/**
 * [statement, fingerprint, class ID] as pt-query-digest 3.2.1 (Debian bookworm's
 * percona-toolkit) printed them in `--output json` for a slow log holding these statements.
 * Statements are byte strings: \xNN is one byte, as in the log.
 */
const PT_QUERY_DIGEST: [string, string, string][] = [
  [
    'SELECT * FROM t WHERE a = \'x\' AND b = "y" AND c = 0x1F AND d = -1.5e3',
    'select * from t where a = ? and b = ? and c = ?f and d = ?',
    'BADF234A6AD2CA247D7EFB48403321E2',
  ],
  [
    "INSERT INTO t (a,b) VALUES (1,'a'),(2,'b'),(3,'c')",
    'insert into t (a,b) values(?+)',
    '0EE92DF8B341A2AAAF1606D0AA96CBCD',
  ],
  [
    'INSERT IGNORE INTO t VALUES (1)',
    'insert ignore into t values(?+)',
    '100EF902330EE8E5923CED5686B44618',
  ],
  [
    'REPLACE INTO t VALUES(1,2), (3,4)',
    'replace into t values(?+)',
    'BCC5D6D3F1B7555F4044C84594C94EC0',
  ],
  [
    "SELECT * FROM t WHERE id IN (1, 2, 3) AND x IN ('a','b') AND y NOT IN (NULL)",
    'select * from t where id in(?+) and x in(?+) and y not in(?+)',
    'DABF46E5BDB3BECF44265CE422FA443E',
  ],
  [
    'select * from tab1 where col2=3 and db_5.x = 1',
    'select * from ta? where col?=? and db_? = ?',
    '633662EB4E981A2953E35EC1A55F0F8B',
  ],
  [
    'SELECT /* hint */ 1 -- tail\n FROM dual # x',
    'select ? from dual ',
    '8C0ECA878ABD5A4068589C2FD9139F99',
  ],
  ['SELECT /*!40001 SQL_NO_CACHE */ * FROM `t`', 'mysqldump', 'E3C753C2F267B2D767A347A2812914DF'],
  ["CALL myproc(1, 'x')", 'call myproc', 'C122FF9243E614AF63C1C9E93DE88763'],
  [
    'SELECT a FROM t ORDER BY a ASC, b DESC, c ASC',
    'select a from t order by a, b desc, c',
    '5A8CAC3E4579B75302498C5D4BBCF5AB',
  ],
  [
    'SELECT a FROM t LIMIT 5 OFFSET 10',
    'select a from t limit ?',
    '3F5B3EBA5B8347B90C45DB6563CC3427',
  ],
  [
    'SELECT TRUE, FALSE, NULL, true_col',
    'select ?, ?, ?, true_col',
    '688FFE013F1589F5078520AE80FDC25F',
  ],
  [
    'SELECT \'it\\\'s\' AS q, "say \\"hi\\"" AS d',
    'select ? as q, ? as d',
    '19DA0F8C57FE3B93061BD78B9E79C567',
  ],
  [
    'SELECT x FROM t WHERE a = 1 UNION SELECT x FROM t WHERE a = 2 UNION SELECT x FROM t WHERE a = 3',
    'select x from t where a = ? /*repeat union*/',
    'DB78FDBE61C873B6F3116B5AEAC650D7',
  ],
  [
    'SELECT\ta,\r\n  b\r\n FROM   t\r\n WHERE  c  =  1',
    'select a, b from t where c = ?',
    'FF1606462D208FAEC9A1E87A6C0ADF66',
  ],
  [
    "SELECT '\xe9' FROM \xc9TAT WHERE n\xe9 = 1",
    'select ? from \xc9tat where n\xe9 = ?',
    'D72B062AB342CE15132C01E74D021412',
  ],
  [
    "SELECT * FROM t WHERE h = 'abc' AND d > 2026-11-25 AND f = 1.5 AND e = 1e-5 AND g = +3",
    'select * from t where h = ? and d > ? and f = ? and e = ? and g = ?',
    '7772F19F94DA2181CA2F8557BEABF5E1',
  ],
  [
    'UPDATE t SET a = b - 1, c = c + 2 WHERE id = -7',
    'update t set a = b ? ?, c = c ? ? where id = ?',
    '2062020D0926A4C90B8BE9DF44615593',
  ],
  [
    'select * from t where a in (select b from u where c in (1,2))',
    'select * from t where a in (select b from u where c in(?+))',
    '6809C3F043ABC1110C4B80C52BF9886C',
  ],
  [
    'SELECT * FROM t1 JOIN t2 USING (id) WHERE t1.v=0xDEADbeef',
    'select * from t? join t? using (id) where t?v=?deadbeef',
    '2A9943F9404F27F63B842AFDF756EC7B',
  ],
  ['/*app:1.2*/ SELECT 1', 'select ?', '1FE1379FE2A31B8D16219655761820A2'],
  [
    'SELECT * FROM t /*pt-table-checksum*/ WHERE 1',
    'select * from t where ?',
    '51DE3878D2A069D0D4D2C53311CBE1A7',
  ],
  [
    "SELECT a FROM t WHERE b = 'x' ORDER BY a ascending_col",
    'select a from t where b = ? order by aending_col',
    'A277A494DC7DDF5A613922DB89C5EE01',
  ],
  [
    'DELETE FROM t WHERE id IN (1,2,3) LIMIT 10',
    'delete from t where id in(?+) limit ?',
    '906F2BDC8E406EE48B0FDF81F0F00458',
  ],
  [
    'SELECT * FROM `my db`.`t-1` WHERE `c-2` = 5',
    'select * from `my db`.`t?` where `c?` = ?',
    '52C5340C9C2E48EA743E02BFAF5B5C76',
  ],
];

describe('fingerprint and class ID, as pt-query-digest makes them', () => {
  it.each(PT_QUERY_DIGEST)('%j', (statement, expected, checksum) => {
    expect(fingerprint(statement)).toBe(expected);
    expect(classChecksum(fingerprint(statement))).toBe(checksum);
  });

  it('LIMIT n, m and LIMIT n OFFSET m fall in the same class', () => {
    expect(fingerprint('SELECT a FROM t LIMIT 10, 20')).toBe('select a from t limit ?');
  });

  it('keeps administrator commands as they are, and abstracts use', () => {
    expect(fingerprint('administrator command: Quit')).toBe('administrator command: Quit');
    expect(fingerprint('use `shop`')).toBe('use ?');
    expect(fingerprint('USE shop\n')).toBe('use ?\n');
  });

  it('reads valid statements any client can get into the slow log, with many comment starts or VALUES (, in one pass', () => {
    // Each took minutes before (a regex tried every `/*` or `VALUES (` against the rest of the
    // text), on the backend's only thread: a slow log with one such entry froze the app.
    const many = 400_000;
    expect(fingerprint(`SELECT SLEEP(2), '${'/*x'.repeat(many)}'`)).toBe('select sleep(?), ?');
    expect(fingerprint(`SELECT SLEEP(2) -- ${'/*x'.repeat(many)}`)).toBe('select sleep(?) ');
    expect(fingerprint(`INSERT INTO t SELECT SLEEP(2), '${'values()'.repeat(many)}'`)).toBe(
      'insert into t select sleep(?), ?',
    );
  });

  it('computes MD5 over bytes', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('The quick brown fox jumps over the lazy dog')).toBe(
      '9e107d9d372bb6826bd81d3542a419d6',
    );
    expect(md5Hex('a'.repeat(1000))).toBe('cabe45dcc9ae5b66ba86600cca6b8ba8');
    expect(md5Hex('\xe9\xff')).toBe('c9781ff7b1f4dc5933478fc9bd17bcd2');
  });
});
