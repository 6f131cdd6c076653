import type { KillMode } from '../../shared/processlist/kill-plan';

const MODES: readonly KillMode[] = ['query', 'connection'];

/** KILL QUERY and KILL CONNECTION of `ids`, each through the confirmation. */
export function KillButtons({
  ids,
  onKill,
  label,
  small = false,
  disabled = false,
}: {
  ids: readonly number[];
  onKill: (mode: KillMode, ids: number[]) => void;
  label: (mode: KillMode) => string;
  small?: boolean;
  disabled?: boolean;
}) {
  return MODES.map((mode) => (
    <button
      key={mode}
      type="button"
      className={small ? 'btn-danger-outline btn-small' : 'btn-danger-outline'}
      disabled={disabled}
      onClick={() => onKill(mode, [...ids])}
    >
      {label(mode)}
    </button>
  ));
}
