import type { AlterPreflight } from '../../shared/api/alter';
import { Notice } from '../ui/Notice';

/** Commands for the online schema change tools (never run by Sightline), with their caveats. */
export function ToolCommands({ tools }: { tools: AlterPreflight['toolCommands'] }) {
  if (tools.length === 0) return null;
  return (
    <section className="alt-section" aria-labelledby="alt-tools-title">
      <h3 id="alt-tools-title">Online schema change tools (not run by Sightline)</h3>
      {tools.map((t) => (
        <div key={t.tool} className="alt-tool">
          <h4>{t.tool}</h4>
          {t.blocker && (
            <Notice severity="warning" role="note">
              {t.blocker}
            </Notice>
          )}
          {t.command !== null && (
            <pre className="alt-sql" aria-label={`${t.tool} for bash or zsh`}>
              {t.command}
            </pre>
          )}
          {t.powershell !== null && (
            <details className="alt-powershell">
              <summary>For PowerShell</summary>
              <pre className="alt-sql" aria-label={`${t.tool} for PowerShell`}>
                {t.powershell}
              </pre>
            </details>
          )}
          <ul className="alt-notes">
            {t.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
