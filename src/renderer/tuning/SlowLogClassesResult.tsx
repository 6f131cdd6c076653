import { useState } from 'react';
import type { SlowLogResult, SlowLogRun } from '../../shared/api/slowlog';
import type { ToolScreenProps } from '../app/tool-screen';
import { SlowLogClassDetail } from './SlowLogClassDetail';
import { SlowLogClasses } from './SlowLogClasses';
import { SlowLogOwnSwitch } from './SlowLogOwnSwitch';
import { SlowLogSummary } from './SlowLogSummary';

/**
 * A finished analysis: what it covered, its classes (Sightline's own hidden unless asked) and
 * the chosen class's detail.
 */
export function SlowLogClassesResult(
  props: ToolScreenProps & { run: SlowLogRun; result: SlowLogResult },
) {
  const { run, result } = props;
  const [selected, setSelected] = useState<string | null>(null);
  const [showOwn, setShowOwn] = useState(false);
  const own = new Set(result.own.classes);
  const classes = showOwn ? result.classes : result.classes.filter((c) => !own.has(c.checksum));
  const chosen = classes.find((c) => c.checksum === selected) ?? null;
  return (
    <>
      <SlowLogSummary run={run} result={result} />
      <SlowLogOwnSwitch result={result} showOwn={showOwn} onChange={setShowOwn} />
      <div className="tune-split">
        <div className="tune-table-wrap">
          <SlowLogClasses classes={classes} own={own} selected={selected} onSelect={setSelected} />
        </div>
        {chosen && (
          <SlowLogClassDetail
            {...props}
            queryClass={chosen}
            unit={run.unit}
            key={chosen.checksum}
          />
        )}
      </div>
    </>
  );
}
