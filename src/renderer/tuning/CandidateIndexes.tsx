import { experimentPlan, type IndexCandidate } from '../../shared/tuning/index-experiment';
import type { ToolScreenProps } from '../app/tool-screen';
import { Notice } from '../ui/Notice';
import { WorkRunning } from '../ui/WorkRunning';

/**
 * The indexes the plan's findings suggest: the DDL to open in the editor, and on a scratch
 * server a before/after experiment (create, explain, drop), with how long it has run and Cancel
 * while it runs: building an index reads the whole table, or waits for it while it is locked.
 */
export function CandidateIndexes({
  candidates,
  tool,
  busy,
  since,
  onTry,
  onCancel,
  cancelProblem,
}: {
  candidates: readonly IndexCandidate[];
  tool: Pick<ToolScreenProps, 'connection' | 'server' | 'openInEditor'>;
  /** The action under way: `try:<index name>` while that index is tried. */
  busy: string | null;
  /** Date.now() when the action under way started. */
  since: number;
  onTry: (candidate: IndexCandidate) => void;
  onCancel: () => void;
  /** Why the last Cancel did not stop the experiment. */
  cancelProblem: string | null;
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
              {busy === `try:${name}` && (
                <>
                  <WorkRunning
                    title={`Trying ${name}`}
                    hint="building the index, explaining again, dropping it"
                    since={since}
                    onCancel={onCancel}
                    testId="experiment-running"
                    elapsedTestId="experiment-elapsed"
                  />
                  {cancelProblem && (
                    <Notice severity="warning" testId="experiment-cancel-problem">
                      {cancelProblem}
                    </Notice>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
