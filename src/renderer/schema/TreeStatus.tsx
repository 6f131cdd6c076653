import { SeverityIcon } from '../ui/SeverityIcon';
import type { Loadable } from './tree-model';

/** What the tree says in place of rows: loading, a failed read, or nothing to show and why. */
export function TreeStatus({
  schemas,
  empty,
  filter,
}: {
  schemas: Loadable<unknown>;
  /** No row to show. */
  empty: boolean;
  filter: string;
}) {
  if (schemas.state === 'loading') return <div className="tree-status">Loading schemas…</div>;
  if (schemas.state === 'error')
    return (
      <div className="tree-status tree-error" role="alert">
        <SeverityIcon severity="danger" /> {schemas.message}
      </div>
    );
  if (!empty) return null;
  return (
    <div className="tree-status">
      {filter.trim() !== ''
        ? `No schema or loaded object matches “${filter.trim()}”.`
        : 'No schemas visible to this user.'}
    </div>
  );
}
