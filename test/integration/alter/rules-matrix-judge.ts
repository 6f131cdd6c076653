import {
  algorithmRank,
  lockRank,
  type AlterAlgorithm,
  type AlterLock,
} from '../../../src/shared/alter/alter-rules';
import type { AlterPlan } from '../../../src/shared/alter/plan-alter';

/**
 * The server's answer for one cell: the cheapest ALGORITHM/LOCK it accepted, or that it takes
 * the operation only without a clause, or its error for the operation without any clause.
 */
export type ServerAnswer =
  | { kind: 'ok'; algorithm: AlterAlgorithm; lock: AlterLock; step: string }
  | { kind: 'no-clause' }
  | { kind: 'error'; errno: number; message: string };

export type Verdict = 'agree' | 'unenforced' | 'unknown' | 'dangerous' | 'other';

export const PARTITION_OP =
  /^(ADD|DROP|TRUNCATE|REORGANIZE|REBUILD|OPTIMIZE|ANALYZE|COALESCE|CHECK|REPAIR|EXCHANGE) PARTITION/;
export const TRAILING_OP = /^(REMOVE PARTITIONING|PARTITION BY)/;

/**
 * Compares a plan with the server's answer. Dangerous: the plan promises a faster algorithm or
 * a weaker lock than the server accepts (a DBA would run it at noon on a big table). A refusal
 * the plan did not foresee, or a refusal predicted for what the server runs, is "other": the
 * proposed clause makes the server refuse rather than do worse, so nothing runs unexpectedly.
 */
export function judge(clause: string, plan: AlterPlan, answer: ServerAnswer): [Verdict, string] {
  const predicted = `${plan.algorithm}/${plan.lock}`;
  const partitionOp = PARTITION_OP.test(clause) || TRAILING_OP.test(clause);
  // Partition management leaves no table id to compare: in place with or without a rebuild.
  const norm = (a: AlterAlgorithm) => (partitionOp && a === 'inplace-rebuild' ? 'inplace' : a);
  if (plan.certainty === 'unknown') return ['unknown', `[plan unknown] → ${describe(answer)}`];
  if (plan.rejected !== null) {
    return answer.kind === 'error'
      ? ['agree', '']
      : ['other', `[plan: refused, ${plan.rejected}] → server ${describe(answer)}`];
  }
  if (answer.kind === 'error') return ['other', `[plan ${predicted}] → ${describe(answer)}`];
  // The plan says the server takes any clause here without holding itself to it: it must then
  // take the cheapest one; what it really does the ladder cannot see.
  if (plan.clauseIgnored) {
    return answer.kind === 'ok' && answer.step === 'INSTANT'
      ? ['unenforced', `[plan ${predicted}, clause not enforced] → ${describe(answer)}`]
      : ['other', `[plan: clause not enforced] → ${describe(answer)}`];
  }
  if (answer.kind === 'no-clause') {
    return plan.clause === null
      ? ['agree', '']
      : ['other', `[plan ${predicted}] → server takes it only without a clause`];
  }
  const text = `[plan ${predicted}] → ${describe(answer)}`;
  if (
    algorithmRank(norm(plan.algorithm)) < algorithmRank(norm(answer.algorithm)) ||
    lockRank(plan.lock) < lockRank(answer.lock)
  ) {
    return ['dangerous', text];
  }
  if (norm(plan.algorithm) === norm(answer.algorithm) && plan.lock === answer.lock) {
    return ['agree', ''];
  }
  return ['other', text];
}

function describe(answer: ServerAnswer): string {
  switch (answer.kind) {
    case 'ok':
      return `server ${answer.algorithm}/${answer.lock} (${answer.step})`;
    case 'no-clause':
      return 'server takes it only without a clause';
    case 'error':
      return `server rejects: ${answer.errno} ${answer.message}`;
  }
}
