import type { ServerFlavor } from '../../shared/server/flavor';
import { FLAVOR_NAMES } from '../../shared/server/flavor';
import './connections.css';

/** Letters and class of each flavor's mark (drawn, not a logo: no emoji or image to miss). */
const MARKS: Record<ServerFlavor, string> = {
  mysql: 'My',
  mariadb: 'Ma',
  percona: 'Pc',
};

/** A small mark saying which server a connection is, with its name as the text alternative. */
export function FlavorIcon({ flavor }: { flavor: ServerFlavor }) {
  const name = FLAVOR_NAMES[flavor];
  return (
    <span
      className={`flavor-icon flavor-${flavor}`}
      role="img"
      aria-label={name}
      title={name}
      data-flavor={flavor}
    >
      <span aria-hidden="true">{MARKS[flavor]}</span>
    </span>
  );
}
