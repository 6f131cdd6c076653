import type { PlanReport } from '../../shared/explain/explain-report';
import { downloadBlob, svgToPng } from './download';
import type { PlanDiagramHandle } from './PlanDiagram';
import type { PlanHeat } from './plan-heat';
import { PlanSearch } from './PlanSearch';
import { SampleSelect } from './SampleSelect';
import type { usePlanNavigation } from './use-plan-navigation';
import { Segmented } from '../ui/Segmented';

export type PlanView = 'diagram' | 'table' | 'text' | 'raw' | 'model';

const VIEWS = [
  ['diagram', 'Diagram'],
  ['table', 'Table'],
  ['text', 'Text tree'],
  // What the server returned, as pasted or received; the model is what Sightline read from it.
  ['raw', 'Raw'],
  ['model', 'Model'],
] as const;

/** The diagram exported as a file: its SVG as is, or drawn to a PNG. */
const EXPORTS = [
  {
    label: 'SVG',
    save: (svg: string) => downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), 'plan.svg'),
  },
  {
    label: 'PNG',
    save: (svg: string) => void svgToPng(svg).then((png) => downloadBlob(png, 'plan.png')),
  },
] as const;

/**
 * Above the plan: paste or open a sample; once a plan is shown, what it is (dialect, size, heat
 * basis), the view, the search, and what to do with the diagram (fit, unfold, export, compare).
 */
export function PlanToolbar({
  pasteOpen,
  onTogglePaste,
  sample,
  onSample,
  report,
  heat,
  view,
  onView,
  nav,
  diagram,
  onCompare,
}: {
  pasteOpen: boolean;
  onTogglePaste: () => void;
  /** The sample file open now ('' when the plan was pasted or explained). */
  sample: string;
  onSample: (text: string, file: string) => void;
  report: PlanReport | null;
  heat: PlanHeat | null;
  view: PlanView;
  onView: (view: PlanView) => void;
  nav: ReturnType<typeof usePlanNavigation>;
  diagram: () => PlanDiagramHandle | null;
  onCompare?: (() => void) | undefined;
}) {
  return (
    <div className="plan-toolbar">
      {/* Two rows on purpose: where the plan comes from and what it is, then how to look at it. */}
      <div className="plan-toolbar-row">
        <button
          type="button"
          className="btn-small"
          aria-expanded={pasteOpen}
          onClick={onTogglePaste}
        >
          Paste text
        </button>
        <SampleSelect onText={onSample} value={sample} />
        {report && (
          <>
            <span className="sev-badge sev-badge-info" data-testid="plan-dialect">
              {report.dialect}
            </span>
            <span className="plan-stats" data-testid="plan-stats">
              {report.stats.nodes} {report.stats.nodes === 1 ? 'node' : 'nodes'} ·{' '}
              {report.stats.tables} {report.stats.tables === 1 ? 'table' : 'tables'}
              {report.stats.unknownNodes
                ? ` · ${report.stats.unknownNodes} not understood (kept raw)`
                : ''}
              {heat?.basis
                ? ` · heat by ${heat.basis === 'time' ? 'measured time' : 'estimated cost'}`
                : ''}
            </span>
            <span className="spacer" />
            {onCompare && (
              <button type="button" className="btn-small" onClick={onCompare}>
                Compare with…
              </button>
            )}
          </>
        )}
      </div>
      {report && (
        <div className="plan-toolbar-row">
          <Segmented label="Plan view" options={VIEWS} value={view} onChange={onView} />
          <PlanSearch
            query={nav.query}
            found={nav.matches.length}
            index={nav.matchIndex}
            onQuery={(q) => {
              if (nav.search(q)) onView('diagram');
            }}
            onStep={(step) => {
              if (nav.step(step)) onView('diagram');
            }}
          />
          <span className="spacer" />
          <button
            type="button"
            className="btn-small"
            onClick={() => diagram()?.fit()}
            disabled={view !== 'diagram'}
          >
            Fit
          </button>
          <button
            type="button"
            className="btn-small"
            onClick={nav.expandAll}
            disabled={nav.allOpen}
          >
            Expand all
          </button>
          <span className="plan-export-label">Export</span>
          {EXPORTS.map(({ label, save }) => (
            <button
              key={label}
              type="button"
              className="btn-small"
              aria-label={`Export ${label}`}
              disabled={view !== 'diagram'}
              onClick={() => {
                const svg = diagram()?.svgText();
                if (svg) save(svg);
              }}
            >
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
