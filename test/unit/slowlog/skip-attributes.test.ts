import { describe, expect, it } from 'vitest';
import {
  IGNORED_ATTRIBUTES,
  SlowLogDigest,
  SlowLogReader,
  type SlowLogEntry,
} from '../../../src/shared/slowlog';
import { digestFigures, variedSlowLog } from './varied-slowlog';

function read(text: string, skipAttributes?: Iterable<string>): SlowLogEntry[] {
  const entries: SlowLogEntry[] = [];
  const reader = new SlowLogReader((e) => entries.push(e), { skipAttributes });
  reader.pushLatin1(text);
  reader.end();
  return entries;
}

const LOG = `# Time: 2026-11-25T10:00:00.123456Z
# User@Host: app[app] @ web-1 [10.0.0.5]  Id:    12
# Query_time: 1.500000  Lock_time: 0.000100 Rows_sent: 3  Rows_examined: 300
SET timestamp=1795600000;
SET last_insert_id=7;
SELECT 1;
# Time: 2026-11-25T10:00:01.000000Z
# User@Host: app[app] @ web-1 [10.0.0.5]  Id:    13
# Query_time: 0.000010  Lock_time: 0.000000 Rows_sent: 0  Rows_examined: 0
SET last_insert_id=8;
SELECT 2;
# Query_time: 0.5
SET timestamp=17x;
SELECT 3;
# Query_time: 0.6
SET timestamp=1, last_insert_id=9;
SELECT 4;
`;

describe('SlowLogReaderOptions.skipAttributes', () => {
  it("leaves out the SET line's and the Id's attribute, and still reads one SET line only", () => {
    expect(read(LOG).map((e) => [...e.attributes])).toEqual([
      [
        ['Thread_id', '12'],
        ['Query_time', '1.500000'],
        ['Lock_time', '0.000100'],
        ['Rows_sent', '3'],
        ['Rows_examined', '300'],
        ['timestamp', '1795600000'],
      ],
      [
        ['Thread_id', '13'],
        ['Query_time', '0.000010'],
        ['Lock_time', '0.000000'],
        ['Rows_sent', '0'],
        ['Rows_examined', '0'],
        ['last_insert_id', '8'],
      ],
      [
        ['Query_time', '0.5'],
        ['timestamp', '17x'],
      ],
      [
        ['Query_time', '0.6'],
        ['timestamp', '1'],
        [' last_insert_id', '9'],
      ],
    ]);
    // pt reads the first SET line of an entry only: `last_insert_id=7` is not read either way.
    expect(read(LOG, IGNORED_ATTRIBUTES).map((e) => [...e.attributes])).toEqual([
      [
        ['Query_time', '1.500000'],
        ['Lock_time', '0.000100'],
        ['Rows_sent', '3'],
        ['Rows_examined', '300'],
      ],
      [
        ['Query_time', '0.000010'],
        ['Lock_time', '0.000000'],
        ['Rows_sent', '0'],
        ['Rows_examined', '0'],
        ['last_insert_id', '8'],
      ],
      [['Query_time', '0.5']],
      // Not the plain form: read as pt reads it (its split keeps the space), skipped names and all.
      [
        ['Query_time', '0.6'],
        ['timestamp', '1'],
        [' last_insert_id', '9'],
      ],
    ]);
  });

  it('gives a digest the same figures as entries read whole', () => {
    const text = variedSlowLog(400_000);
    const digestOf = (skip?: Iterable<string>) => {
      const digest = new SlowLogDigest();
      for (const entry of read(text, skip)) digest.add(entry);
      return digestFigures(digest);
    };
    expect(digestOf(IGNORED_ATTRIBUTES)).toEqual(digestOf());
  });
});
