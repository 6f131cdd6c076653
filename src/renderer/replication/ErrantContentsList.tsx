import type { ErrantContents } from '../../shared/replication/errant-binlog-contents';
import { formatCount } from '../../shared/format/count';

/**
 * What a replica's errant transactions did, as its binary logs show it: one line per
 * transaction with its GTID and where it starts, then its statements and row changes.
 */
export function ErrantContentsList({
  contents,
  nodeId,
}: {
  contents: ErrantContents;
  nodeId: string;
}) {
  if (contents.unavailable !== null) {
    return (
      <p className="rp-muted" data-errant-contents="unavailable">
        What they did is not shown: {contents.unavailable}
      </p>
    );
  }
  if (contents.transactions.length === 0 && contents.notRead === '0') return null;
  return (
    <div className="rp-errant-contents" data-errant-contents="read">
      <h4>
        What they did, from the binary logs of <span className="mono">{nodeId}</span>
      </h4>
      <ol>
        {contents.transactions.map((t) => (
          <li key={t.gtid} data-errant-gtid={t.gtid}>
            <span className="mono">{t.gtid}</span> <span className="rp-muted mono">at {t.at}</span>
            <ul>
              {t.actions.map((a, i) => (
                <li key={i} className="mono">
                  {a}
                </li>
              ))}
              {t.actions.length === 0 && <li className="rp-muted">nothing but its own framing</li>}
              {t.moreActions > 0 && (
                <li className="rp-muted">…and {formatCount(t.moreActions)} more</li>
              )}
            </ul>
          </li>
        ))}
      </ol>
      {contents.moreTransactions > 0 && (
        <p className="rp-muted">
          …and {formatCount(contents.moreTransactions)} more errant transaction
          {contents.moreTransactions === 1 ? '' : 's'} (mysqlbinlog --include-gtids lists them all).
        </p>
      )}
      {contents.notRead !== '0' && (
        <p className="rp-muted">
          {contents.notRead} errant transaction{contents.notRead === '1' ? ' was' : 's were'} not
          reached: the reading stopped after {formatCount(contents.eventsRead)} events.
        </p>
      )}
    </div>
  );
}
