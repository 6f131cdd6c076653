import type { UnreadableConnection } from '../../shared/api/connection';

/** How an unreadable entry is named: its name, else its id (an entry may have neither usable). */
export function unreadableName(u: UnreadableConnection): string {
  return u.name ?? u.id;
}

/** Why an entry cannot be read: the field first, as the file names it. */
export function unreadableReason(u: UnreadableConnection): string {
  return u.field ? `${u.field}: ${u.reason}` : u.reason;
}

/**
 * Saved connections this version cannot read (a newer Sightline's, or edited by hand), under the
 * rail's list: shown so nobody thinks them lost, with why; they cannot be opened or edited here,
 * only deleted (after asking), and are kept in the file as written otherwise.
 */
export function UnreadableConnections({
  entries,
  onDelete,
}: {
  entries: readonly UnreadableConnection[];
  onDelete: (entry: UnreadableConnection) => void;
}) {
  if (entries.length === 0) return null;
  return (
    <section className="unreadable-connections" aria-label="Connections this version cannot read">
      <h3>Saved by a newer version or unreadable</h3>
      <p className="hint">Kept as they are in the file; open them with the newer Sightline.</p>
      <ul>
        {entries.map((u) => (
          <li key={u.id} className="unreadable-connection" data-unreadable-name={unreadableName(u)}>
            <span className="unreadable-text">
              <span className="connection-name-text">{unreadableName(u)}</span>
              <span className="unreadable-reason mono">{unreadableReason(u)}</span>
            </span>
            <button
              type="button"
              className="btn-small"
              aria-label={`Delete ${unreadableName(u)}`}
              onClick={() => onDelete(u)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
