import { experimentPlan, type IndexCandidate } from '../../shared/tuning/index-experiment';
import type { ToolScreenProps } from '../app/tool-screen';

/**
 * The indexes the plan's findings suggest: the DDL to open in the editor, and on a scratch
 * server a before/after experiment (create, explain, drop).
 */
export function CandidateIndexes({
  candidates,
  tool,
  busy,
  onTry,
}: {
  candidates: readonly IndexCandidate[];
  tool: Pick<ToolScreenProps, 'connection' | 'server' | 'openInEditor'>;
  /** The action under way: `try:<index name>` while that index is tried. */
  busy: string | null;
  onTry: (candidate: IndexCandidate) => void;
}) {
  const { connection, server, openInEditor: onOpen } = tool;
  return (
    <>
      <h4>Candidate indexes</h4>
      {candidates.length === 0 && (
        <p className="hint">The plan’s findings suggest no index for this statement.</p>
      )}
      {!connection.scratch && candidates.length > 0 && (
        <p className="hint" data-testid="tune-not-scratch">
          “{connection.name}” is not marked as a scratch server, so Sightline only shows the DDL:
          trying an index creates one, which reads the whole table and can block writes. Mark a test
          copy of this server “Scratch” in its connection settings to try them.
        </p>
      )}
      <ul className="tune-candidates">
        {candidates.map((c) => {
          const name = experimentPlan(c, {
            invisibleIndexes: server.capabilities.invisibleIndexes,
            isMariaDb: server.flavor === 'mariadb',
          }).indexName;
          return (
            <li key={c.ddl} data-testid="tune-candidate">
              <div>
                <strong>
                  {c.table} ({c.columns.join(', ')})
                </strong>{' '}
                <span className="hint">{c.reason}</span>
              </div>
              <code className="tune-ddl">{c.ddl}</code>
              <div className="tune-actions">
                <button type="button" className="btn-small" onClick={() => onOpen(c.ddl)}>
                  Open DDL in editor
                </button>
                {connection.scratch && (
                  <button
                    type="button"
                    className="btn-small btn-primary"
                    disabled={busy !== null}
                    onClick={() => onTry(c)}
                  >
                    {busy === `try:${name}` ? 'Trying…' : 'Try it (before/after)'}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
