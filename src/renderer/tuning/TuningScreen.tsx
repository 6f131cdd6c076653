import { useState } from 'react';
import type { ToolScreenProps } from '../app/tool-screen';
import { BackgroundExplains } from './BackgroundExplains';
import { SchemaHealth } from './SchemaHealth';
import { SlowLogView } from './SlowLogView';
import { TopStatements } from './TopStatements';
import './tuning.css';

type Part = 'top' | 'health' | 'slowlog';

/**
 * The tuning loop on one server: which statements cost most, their plans and the indexes that
 * would help (tried on scratch servers), and the health of a schema.
 */
export function TuningScreen(props: ToolScreenProps) {
  const [part, setPart] = useState<Part>('top');
  // The slow-log view asks the server about its logging only once it is first opened.
  const [slowLogOpened, setSlowLogOpened] = useState(false);
  return (
    <section className="tune-screen" aria-label="Tuning">
      <div className="segmented" role="tablist" aria-label="Tuning view">
        {(
          [
            ['top', 'Top statements'],
            ['health', 'Schema health'],
            ['slowlog', 'Slow log'],
          ] as const
        ).map(([p, label]) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={part === p}
            className={`btn-small${part === p ? ' btn-primary' : ''}`}
            onClick={() => {
              setPart(p);
              if (p === 'slowlog') setSlowLogOpened(true);
            }}
          >
            {label}
          </button>
        ))}
        {props.connection.scratch && (
          <span className="badge badge-info" title="Index experiments run here, after confirmation">
            ⚗ scratch server
          </span>
        )}
      </div>
      <div hidden={part !== 'top'}>
        <BackgroundExplains {...props} />
        {/* It refreshes itself only while shown. */}
        <TopStatements {...props} active={props.active && part === 'top'} />
      </div>
      <div hidden={part !== 'health'}>
        <SchemaHealth {...props} />
      </div>
      <div hidden={part !== 'slowlog'}>{slowLogOpened && <SlowLogView {...props} />}</div>
    </section>
  );
}
