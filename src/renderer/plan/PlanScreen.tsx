import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { explainPlanText, type ExplainResult } from '../../shared/explain/explain-report';
import type { PlanDialect } from '../../shared/explain/plan-dialect';
import type { PlanNode } from '../../shared/explain/plan-model';
import { renderPlanTree } from '../../shared/explain/render-plan-tree';
import {
  nameTablesInFindings,
  shownTables,
  type ShownTable,
} from '../../shared/explain/shown-tables';
import { NodeDetails } from './NodeDetails';
import { PlanDiagram, type PlanDiagramHandle } from './PlanDiagram';
import { PlanFindings } from './PlanFindings';
import { planHeat } from './plan-heat';
import { loadPlanText, savePlanText } from './plan-text-store';
import { samplePlans } from './sample-plans';
import { PlanToolbar, type PlanView } from './PlanToolbar';
import { TraditionalTable } from './TraditionalTable';
import { usePlanNavigation } from './use-plan-navigation';
import { planDiagnostics } from '../settings/plan-diagnostics';
import { Notice } from '../ui/Notice';
import './plan.css';

function findNode(root: PlanNode, id: number): PlanNode | null {
  if (root.id === id) return root;
  for (const c of root.children) {
    const f = findNode(c, id);
    if (f) return f;
  }
  return null;
}

/** The plan on screen: its text as read, what to call it, its statement, its sample file. */
interface ShownPlan {
  text: string;
  title: string;
  /** The statement explained, when known ('' otherwise). */
  statement: string;
  /** The sample file it was opened from ('' otherwise). */
  sample: string;
}

/** A plan to open with: one explained from the editor, with its server's dialect. */
const NO_TABLES: ReadonlyMap<number, ShownTable> = new Map();

export interface PlanToOpen {
  document: string;
  dialect: PlanDialect;
  title: string;
  explainSql: string;
}

/**
 * Paste a plan from any server (or open a sample): it is parsed here, in the page, so it needs
 * no connection; then drawn, diagnosed, and shown as a table, a text tree, the server's own text
 * (Raw) and the parsed model.
 */
export function PlanScreen({
  initial,
  onCompare,
  onShown,
  notice,
}: {
  /** A plan explained from the editor: the server's document and its dialect. */
  initial?: PlanToOpen;
  /** Opens this plan in the compare view, to compare it with another. */
  onCompare?: (plan: PlanToOpen) => void;
  /** A plan pasted or picked here was read and is shown now (the tab takes its name). */
  onShown?: (plan: PlanToOpen) => void;
  /** Something the tab says above the plan. */
  notice?: ReactNode;
}) {
  const [text, setText] = useState(() => initial?.document ?? loadPlanText());
  // A plan to show at once (from the editor, or the text kept from last time) is read on the
  // first render.
  const [first] = useState(() =>
    initial
      ? explainPlanText(initial.document, {
          ...planDiagnostics(),
          dialect: initial.dialect,
          statement: initial.explainSql,
        })
      : text.trim()
        ? explainPlanText(text, planDiagnostics())
        : null,
  );
  const [result, setResult] = useState<ExplainResult | null>(first);
  // Where the plan on screen came from, and the text it was read from (the paste box may hold
  // an edit not shown yet): the header, Raw and Compare speak of this one.
  const [shown, setShown] = useState<ShownPlan>(() => ({
    text,
    title: initial?.title ?? 'Pasted plan',
    statement: initial?.explainSql ?? '',
    sample: '',
  }));
  const [view, setView] = useState<PlanView>('diagram');
  // Several plan tabs can show their paste box at once: each needs an id of its own.
  const pasteId = useId();
  // A plan to show at once opens without the paste box: a textarea holding megabytes costs the
  // browser hundreds of milliseconds to drop.
  const [pasteOpen, setPasteOpen] = useState(() => (first ? !first.ok : true));
  const diagramRef = useRef<PlanDiagramHandle>(null);

  const report = result?.ok ? result.report : null;
  const plan = useMemo(
    () =>
      report ? { dialect: report.dialect, root: report.root, analyzed: report.analyzed } : null,
    [report],
  );
  const heat = useMemo(() => (plan ? planHeat(plan) : null), [plan]);
  const statement = shown.statement || report?.query || '';
  // Tables a plan names by alias only, by their real names: in the boxes, the findings and search.
  const tables = useMemo(
    () => (plan ? shownTables(plan, statement) : NO_TABLES),
    [plan, statement],
  );
  const nav = usePlanNavigation(report?.root ?? null, tables);

  const analyse = (source: string, sample?: { file: string; title: string }) => {
    const r = explainPlanText(source, planDiagnostics());
    setResult(r);
    setShown({
      text: source,
      title: sample?.title ?? 'Pasted plan',
      // A new plan drops the statement of the one before; JSON v2 carries its own.
      statement: '',
      sample: sample?.file ?? '',
    });
    nav.reset(r.ok ? r.report.root : null);
    setPasteOpen(!r.ok);
    if (r.ok)
      onShown?.({
        document: source,
        dialect: r.report.dialect,
        title: sample?.title ?? 'Pasted plan',
        explainSql: '',
      });
  };
  const changeText = (t: string) => {
    setText(t);
    savePlanText(t);
  };

  const diagnostics = useMemo(
    () => (report ? nameTablesInFindings(report.diagnostics, tables) : []),
    [report, tables],
  );
  const selected = report && nav.selectedId !== null ? findNode(report.root, nav.selectedId) : null;

  return (
    <section className="plan-screen" aria-label="Plan">
      {notice}
      {report && (initial || statement) && (
        <div
          className="plan-origin"
          data-testid="plan-origin"
          title={statement ? `${shown.title}: ${statement}` : shown.title}
        >
          <strong>{shown.title}</strong> {statement && <code>{statement}</code>}
        </div>
      )}
      <PlanToolbar
        pasteOpen={pasteOpen}
        onTogglePaste={() => setPasteOpen((o) => !o)}
        sample={shown.sample}
        onSample={(t, file) => {
          changeText(t);
          analyse(t, { file, title: samplePlans().find((p) => p.file === file)?.title ?? file });
        }}
        report={report}
        heat={heat}
        view={view}
        onView={setView}
        nav={nav}
        diagram={() => diagramRef.current}
        onCompare={
          onCompare && report
            ? () =>
                onCompare({
                  document: shown.text,
                  dialect: report.dialect,
                  title: shown.title,
                  explainSql: shown.statement,
                })
            : undefined
        }
      />
      {pasteOpen && (
        <div className="plan-paste">
          <label htmlFor={pasteId}>
            Paste EXPLAIN output: FORMAT=JSON (MySQL v1 or v2, MariaDB), FORMAT=TREE, EXPLAIN
            ANALYZE, or the classic table — straight from the mysql client is fine.
          </label>
          <textarea
            id={pasteId}
            data-testid="plan-paste-text"
            spellCheck={false}
            rows={10}
            value={text}
            onChange={(e) => changeText(e.target.value)}
          />
          <div className="modal-actions">
            <button
              type="button"
              className="btn-primary"
              onClick={() => analyse(text)}
              disabled={!text.trim()}
            >
              Show plan
            </button>
          </div>
        </div>
      )}
      {result && !result.ok && (
        <Notice severity="danger" testId="plan-error" title="Not a plan Sightline can read.">
          {result.error.message} at line {result.error.line} column {result.error.column}.
        </Notice>
      )}
      {!result && !pasteOpen && (
        <div className="empty-state">Paste a plan, or open a sample to see one in seconds.</div>
      )}
      {report && heat && (
        <div className="plan-body">
          <div className="plan-main">
            {view === 'diagram' && (
              <PlanDiagram
                ref={diagramRef}
                root={report.root}
                heat={heat}
                diagnostics={diagnostics}
                shown={tables}
                collapsed={nav.collapsed}
                selectedId={nav.selectedId}
                onSelect={nav.setSelectedId}
                matches={nav.matchSet}
                focus={nav.focus}
                foldMatches={nav.foldMatches}
                openRuns={nav.openRuns}
                onOpenRun={nav.openRun}
                onToggle={nav.toggleFold}
              />
            )}
            {view === 'table' && plan && (
              <TraditionalTable
                plan={plan}
                selectedId={nav.selectedId}
                onSelect={nav.setSelectedId}
              />
            )}
            {view === 'text' && plan && (
              <pre className="plan-text" data-testid="plan-text-tree">
                {renderPlanTree(plan)}
              </pre>
            )}
            {view === 'raw' && (
              <pre className="plan-text" data-testid="plan-raw">
                {shown.text}
              </pre>
            )}
            {view === 'model' && (
              <pre className="plan-text" data-testid="plan-model">
                {JSON.stringify(report, null, 2)}
              </pre>
            )}
          </div>
          <aside className="plan-side">
            {selected ? (
              <NodeDetails node={selected} diagnostics={diagnostics} onSelect={nav.setSelectedId} />
            ) : (
              <PlanFindings diagnostics={diagnostics} onSelect={nav.setSelectedId} />
            )}
          </aside>
        </div>
      )}
    </section>
  );
}
