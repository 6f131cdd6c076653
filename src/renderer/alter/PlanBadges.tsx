import type { AlterAlgorithm, AlterLock } from '../../shared/alter/alter-rules';
import { SeverityBadge } from '../ui/SeverityIcon';

const ALGORITHM_LABEL: Record<AlterAlgorithm, string> = {
  instant: 'INSTANT',
  inplace: 'INPLACE, no rebuild',
  'inplace-rebuild': 'INPLACE, rebuild',
  copy: 'COPY',
};
const ALGORITHM_SEVERITY = {
  instant: 'ok',
  inplace: 'info',
  'inplace-rebuild': 'warning',
  copy: 'danger',
} as const;
const LOCK_SEVERITY = { none: 'ok', shared: 'warning', exclusive: 'danger' } as const;

export function AlgorithmBadge({ algorithm }: { algorithm: AlterAlgorithm }) {
  return (
    <SeverityBadge
      severity={ALGORITHM_SEVERITY[algorithm]}
      label={ALGORITHM_LABEL[algorithm]}
      className="alt-badge"
    />
  );
}

export function LockBadge({ lock }: { lock: AlterLock }) {
  return (
    <SeverityBadge
      severity={LOCK_SEVERITY[lock]}
      label={`LOCK ${lock.toUpperCase()}`}
      className="alt-badge"
    />
  );
}

/** The rules cannot tell: said in words, not as the worst-case badges it is planned with. */
export function UnknownBadge() {
  return (
    <SeverityBadge
      severity="danger"
      label="UNKNOWN: test with ALGORITHM=INSTANT first"
      className="alt-badge"
    />
  );
}
