import type { AlterAlgorithm, AlterLock } from '../../shared/alter/alter-rules';
import { SeverityIcon } from '../ui/SeverityIcon';

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
  const severity = ALGORITHM_SEVERITY[algorithm];
  return (
    <span className={`alt-badge alt-badge-${severity}`} data-algorithm={algorithm}>
      <SeverityIcon severity={severity} /> {ALGORITHM_LABEL[algorithm]}
    </span>
  );
}

export function LockBadge({ lock }: { lock: AlterLock }) {
  const severity = LOCK_SEVERITY[lock];
  return (
    <span className={`alt-badge alt-badge-${severity}`} data-lock={lock}>
      <SeverityIcon severity={severity} /> LOCK {lock.toUpperCase()}
    </span>
  );
}

/** The rules cannot tell: said in words, not as the worst-case badges it is planned with. */
export function UnknownBadge() {
  return (
    <span className="alt-badge alt-badge-danger" data-algorithm="unknown">
      <SeverityIcon severity="danger" /> UNKNOWN: test with ALGORITHM=INSTANT first
    </span>
  );
}
