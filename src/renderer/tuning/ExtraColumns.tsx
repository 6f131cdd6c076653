import type { TopStatement } from '../../shared/api/tuning';
import { extraColumnText } from './extra-columns';

/** The digest table's columns the screen does not name, as the server gave them. */
export function ExtraColumns({ extra }: { extra: TopStatement['extra'] }) {
  const names = Object.keys(extra).sort();
  if (names.length === 0) return null;
  return (
    <details className="tune-extra" data-testid="tune-extra">
      <summary>Other columns from the server ({names.length}), totals since first seen</summary>
      <table>
        <tbody>
          {names.map((name) => {
            const shown = extraColumnText(name, extra[name] ?? null);
            return (
              <tr key={name}>
                <th scope="row" className="mono">
                  {name}
                </th>
                <td className="num" title={shown.exact ?? undefined}>
                  {shown.text}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
