import type { ToolScreenProps } from '../app/tool-screen';
import { useExplainCancel } from '../data/use-explain-cancel';
import { giveUpConfirmation } from '../editor/run-confirmations';
import { CancelProblemNotice } from '../ui/CancelProblemNotice';
import { ExplainRunning } from '../ui/ExplainRunning';

/**
 * A Tuning explain on its way: how long it has waited and Cancel (KILL QUERY). An EXPLAIN waits
 * for the metadata lock of every table it names, so behind an ALTER or a LOCK TABLES it waits
 * as long as they do; where Cancel cannot reach the server, the connection can be given up.
 */
export function ExplainWait({
  sessionId,
  since,
  sql,
  connection,
  confirm,
}: Pick<ToolScreenProps, 'sessionId' | 'connection' | 'confirm'> & {
  /** Date.now() when the explain was asked for. */
  since: number;
  sql: string;
}) {
  const { problem, cancel, giveUp } = useExplainCancel(sessionId);
  return (
    <>
      <ExplainRunning analyze={false} since={since} onCancel={cancel} />
      {problem && (
        <CancelProblemNotice
          message={problem.message}
          testId="explain-cancel-problem"
          onGiveUp={
            problem.serverSilent
              ? () => void giveUp(() => confirm(giveUpConfirmation(connection, sql)))
              : null
          }
        />
      )}
    </>
  );
}
