import type { Connection, RowDataPacket } from 'mysql2/promise';
import type { GtidSet } from '../../../shared/gtid/gtid-set';
import { countGtids } from '../../../shared/gtid/gtid-set-algebra';
import { parseGtidSet } from '../../../shared/gtid/parse-gtid-set';
import {
  ErrantBinlogReader,
  findErrantFiles,
  type BinlogEvent,
  type ErrantContents,
} from '../../../shared/replication/errant-binlog-contents';
import { errorToApi } from '../../db/error-to-api';
import type { NodeLink } from './node-links';

/** Events asked for per SHOW BINLOG EVENTS. */
const PAGE_EVENTS = 5000;

/** How much of the binary logs one reading may go through. */
export interface ContentsBudget {
  events: number;
}

/**
 * Reads what `errant` (GTIDs still in the replica's binary logs) did, from the binary logs of
 * the server behind `link`: only the files whose Previous_gtids say they hold errant GTIDs
 * (see findErrantFiles), a page of events at a time, until every errant GTID was met or the
 * budget is spent. A server that refuses (no REPLICATION CLIENT / REPLICATION SLAVE, binary
 * logging off) gives `unavailable` with its reason, never a failure of the fix preview.
 */
export async function readErrantContents(
  link: NodeLink,
  errant: GtidSet,
  budget: ContentsBudget = { events: 200_000 },
): Promise<ErrantContents> {
  const total = countGtids(errant);
  const empty = (unavailable: string | null): ErrantContents => ({
    transactions: [],
    moreTransactions: 0,
    notRead: String(total),
    filesRead: 0,
    eventsRead: 0,
    unavailable,
  });
  if (errant.isEmpty) return { ...empty(null), notRead: '0' };
  try {
    return await link.run(async (conn) => {
      const [logs] = await conn.query<RowDataPacket[]>('SHOW BINARY LOGS');
      const names = logs.map((l) => String(l.Log_name));
      const picked = await findErrantFiles(names.length, errant, (i) =>
        previousGtids(conn, names[i]!),
      );
      const reader = new ErrantBinlogReader(errant);
      let events = 0;
      let filesRead = 0;
      for (const file of picked.map((i) => names[i]!)) {
        if (events >= budget.events || BigInt(reader.found) >= total) break;
        filesRead++;
        let from = 4;
        for (;;) {
          const limit = Math.min(PAGE_EVENTS, budget.events - events);
          const page = await eventsOf(conn, file, from, limit);
          for (const e of page) reader.feed(e.event);
          events += page.length;
          if (page.length < limit || BigInt(reader.found) >= total) break;
          from = page[page.length - 1]!.end;
          if (events >= budget.events) break;
        }
        // A transaction never spans files: what is open ends with its file.
        reader.finish();
      }
      reader.finish();
      return {
        transactions: reader.transactions,
        moreTransactions: reader.moreTransactions,
        notRead: String(total > BigInt(reader.found) ? total - BigInt(reader.found) : 0n),
        filesRead,
        eventsRead: events,
        unavailable: null,
      };
    });
  } catch (e) {
    const api = errorToApi(e);
    return empty(
      `The binary logs could not be read: ${api.message}${api.serverCode ? ` (server error ${api.serverCode})` : ''}. Reading them needs the REPLICATION SLAVE privilege (REPLICATION CLIENT to list them).`,
    );
  }
}

/** A binary log file's Previous_gtids (the GTIDs of all files before it), or null if unread. */
async function previousGtids(conn: Connection, file: string): Promise<GtidSet | null> {
  const head = await eventsOf(conn, file, 4, 3);
  const previous = head.find((e) => e.event.type === 'Previous_gtids');
  const parsed = previous ? parseGtidSet(previous.event.info.replace(/\s+/g, '')) : null;
  return parsed?.ok ? parsed.set : null;
}

async function eventsOf(
  conn: Connection,
  file: string,
  from: number,
  limit: number,
): Promise<Array<{ event: BinlogEvent; end: number }>> {
  const [rows] = await conn.query<RowDataPacket[]>(
    `SHOW BINLOG EVENTS IN ? FROM ${Math.trunc(from)} LIMIT ${Math.trunc(limit)}`,
    [file],
  );
  return rows.map((r) => ({
    event: {
      logName: String(r.Log_name),
      pos: Number(r.Pos),
      type: String(r.Event_type),
      info: r.Info === null || r.Info === undefined ? '' : String(r.Info),
    },
    end: Number(r.End_log_pos),
  }));
}
