import { useMemo, useRef, useState } from 'react';
import { explainPlanText, type ExplainResult } from '../../shared/explain/explain-report';
import type { PlanDialect } from '../../shared/explain/plan-dialect';
import type { PlanNode } from '../../shared/explain/plan-model';
import { renderPlanTree } from '../../shared/explain/render-plan-tree';
import { downloadBlob, svgToPng } from './download';
import { NodeDetails } from './NodeDetails';
import { PlanDiagram, type FocusRequest, type PlanDiagramHandle } from './PlanDiagram';
import { planHeat } from './plan-heat';
import { autoFold, RUN_LIMIT } from './plan-layout';
import { PlanSearch } from './PlanSearch';
import { foldRevealed, indexPlan, matchesInFolds, searchPlan, unfoldTo } from './plan-search';
import { loadSamplePlan, samplePlans } from './sample-plans';
import { TraditionalTable } from './TraditionalTable';
import { planDiagnostics } from '../settings/plan-diagnostics';
import { Notice } from '../ui/Notice';
import { SeverityIcon } from '../ui/SeverityIcon';

/** Above this many nodes the diagram opens folded; every fold opens on a double-click. */
const NODE_CAP = 400;
const TEXT_KEY = 'sightline.plan-text';

type View = 'diagram' | 'table' | 'text' | 'raw';

function findNode(root: PlanNode, id: number): PlanNode | null {
  if (root.id === id) return root;
  for (const c of root.children) {
    const f = findNode(c, id);
    if (f) return f;
  }
  return null;
}

/** Keeps the pasted text for next time; a plan too big for the browser's storage is not kept. */
function keepText(text: string): void {
  try {
    localStorage.setItem(TEXT_KEY, text);
  } catch {
    localStorage.removeItem(TEXT_KEY);
  }
}

/**
 * Paste a plan from any server (or open a sample): it is parsed here, in the page, so it needs
 * no connection; then drawn, diagnosed, and shown as text and raw JSON.
 */
export function PlanScreen({
  initial,
  onCompare,
}: {
  /** A plan explained from the editor: the server's document and its dialect. */
  initial?: { document: string; dialect: PlanDialect; title: string; explainSql: string };
  /** Opens this plan in the compare view, to compare it with another. */
  onCompare?: (plan: {
    document: string;
    dialect: PlanDialect;
    title: string;
    explainSql: string;
  }) => void;
}) {
  const [text, setText] = useState(() => initial?.document ?? localStorage.getItem(TEXT_KEY) ?? '');
  // A plan to show at once (from the editor, or the text kept from last time) is read on the
  // first render.
  const [first] = useState(() =>
    initial
      ? explainPlanText(initial.document, { ...planDiagnostics(), dialect: initial.dialect })
      : text.trim()
        ? explainPlanText(text, planDiagnostics())
        : null,
  );
  const [result, setResult] = useState<ExplainResult | null>(first);
  const [view, setView] = useState<View>('diagram');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() =>
    first?.ok ? autoFold(first.report.root, NODE_CAP) : new Set(),
  );
  // A plan to show at once opens without the paste box: a textarea holding megabytes costs the
  // browser hundreds of milliseconds to drop.
  const [pasteOpen, setPasteOpen] = useState(() => (first ? !first.ok : true));
  const [query, setQuery] = useState('');
  const [matchIndex, setMatchIndex] = useState(0);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [openRuns, setOpenRuns] = useState<ReadonlySet<number>>(new Set());
  const diagramRef = useRef<PlanDiagramHandle>(null);

  const analyse = (source: string, dialect?: PlanDialect) => {
    const r = explainPlanText(source, { ...planDiagnostics(), ...(dialect ? { dialect } : {}) });
    setResult(r);
    setSelectedId(null);
    setFocus(null);
    setOpenRuns(new Set());
    if (r.ok) {
      setCollapsed(autoFold(r.report.root, NODE_CAP));
      setPasteOpen(false);
    } else setPasteOpen(true);
  };

  const report = result?.ok ? result.report : null;
  const plan = useMemo(
    () =>
      report ? { dialect: report.dialect, root: report.root, analyzed: report.analyzed } : null,
    [report],
  );
  const heat = useMemo(() => (plan ? planHeat(plan) : null), [plan]);
  const selected = report && selectedId !== null ? findNode(report.root, selectedId) : null;
  const planIndex = useMemo(() => (report ? indexPlan(report.root) : null), [report]);
  const longRuns = useMemo(
    () =>
      planIndex ? [...planIndex.childCount].filter(([, n]) => n > RUN_LIMIT).map(([id]) => id) : [],
    [planIndex],
  );
  const matches = useMemo(() => (report ? searchPlan(report.root, query) : []), [report, query]);
  const matchSet = useMemo(() => new Set(matches), [matches]);
  const foldMatches = useMemo(
    () => (planIndex ? matchesInFolds(matches, collapsed, openRuns, planIndex) : undefined),
    [matches, collapsed, openRuns, planIndex],
  );

  /** Shows the index-th match (wrapping): its folds opened, the view on it, its details. */
  const goToMatch = (index: number, found = matches) => {
    if (found.length === 0 || !planIndex) return;
    const i = ((index % found.length) + found.length) % found.length;
    const id = found[i]!;
    setMatchIndex(i);
    const open = unfoldTo(collapsed, openRuns, planIndex, id);
    setCollapsed(open.collapsed);
    setOpenRuns(open.openRuns);
    setFocus((f) => ({ id, seq: (f?.seq ?? 0) + 1 }));
    setSelectedId(id);
    setView('diagram');
  };

  return (
    <section className="plan-screen" aria-label="Plan">
      {initial && (
        <div className="plan-origin" data-testid="plan-origin">
          <strong>{initial.title}</strong> <code>{initial.explainSql}</code>
        </div>
      )}
      <div className="plan-toolbar">
        <button
          type="button"
          className="btn-small"
          aria-expanded={pasteOpen}
          onClick={() => setPasteOpen((o) => !o)}
        >
          Paste text
        </button>
        <label className="inline-field">
          <span>Open a sample</span>
          <select
            value=""
            onChange={(e) => {
              const file = e.target.value;
              if (!file) return;
              void loadSamplePlan(file).then((t) => {
                setText(t);
                keepText(t);
                analyse(t);
              });
            }}
          >
            <option value="">Choose…</option>
            {samplePlans().map((s) => (
              <option key={s.file} value={s.file} title={s.about}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        {report && (
          <>
            <span className="badge badge-info" data-testid="plan-dialect">
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
            <div className="segmented" role="tablist" aria-label="Plan view">
              {(['diagram', 'table', 'text', 'raw'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  role="tab"
                  aria-selected={view === v}
                  className={`btn-small${view === v ? ' btn-primary' : ''}`}
                  onClick={() => setView(v)}
                >
                  {v === 'diagram'
                    ? 'Diagram'
                    : v === 'table'
                      ? 'Table'
                      : v === 'text'
                        ? 'Text tree'
                        : 'Raw JSON'}
                </button>
              ))}
            </div>
            <PlanSearch
              query={query}
              found={matches.length}
              index={matchIndex}
              onQuery={(q) => {
                setQuery(q);
                setMatchIndex(0);
                if (report) goToMatch(0, searchPlan(report.root, q));
              }}
              onStep={(step) => goToMatch(matchIndex + step)}
            />
            <button
              type="button"
              className="btn-small"
              onClick={() => diagramRef.current?.fit()}
              disabled={view !== 'diagram'}
            >
              Fit
            </button>
            <button
              type="button"
              className="btn-small"
              onClick={() => {
                setCollapsed(new Set());
                setOpenRuns(new Set(longRuns));
              }}
              disabled={collapsed.size === 0 && longRuns.every((id) => openRuns.has(id))}
            >
              Expand all
            </button>
            <button
              type="button"
              className="btn-small"
              disabled={view !== 'diagram'}
              onClick={() => {
                const svg = diagramRef.current?.svgText();
                if (svg) downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), 'plan.svg');
              }}
            >
              Export SVG
            </button>
            <button
              type="button"
              className="btn-small"
              disabled={view !== 'diagram'}
              onClick={() => {
                const svg = diagramRef.current?.svgText();
                if (svg) void svgToPng(svg).then((png) => downloadBlob(png, 'plan.png'));
              }}
            >
              Export PNG
            </button>
            {onCompare && (
              <button
                type="button"
                className="btn-small"
                onClick={() =>
                  onCompare({
                    document: text,
                    dialect: report.dialect,
                    title: initial?.title ?? 'Pasted plan',
                    explainSql: initial?.explainSql ?? '',
                  })
                }
              >
                Compare with…
              </button>
            )}
          </>
        )}
      </div>
      {pasteOpen && (
        <div className="plan-paste">
          <label htmlFor="plan-text">
            Paste EXPLAIN output: FORMAT=JSON (MySQL v1 or v2, MariaDB), FORMAT=TREE, EXPLAIN
            ANALYZE, or the classic table — straight from the mysql client is fine.
          </label>
          <textarea
            id="plan-text"
            spellCheck={false}
            rows={10}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              keepText(e.target.value);
            }}
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
                diagnostics={report.diagnostics}
                collapsed={collapsed}
                selectedId={selectedId}
                onSelect={setSelectedId}
                matches={matchSet}
                focus={focus}
                foldMatches={foldMatches}
                openRuns={openRuns}
                onOpenRun={(id) => {
                  setOpenRuns((r) => new Set(r).add(id));
                  if (planIndex) setCollapsed((c) => foldRevealed(c, planIndex, id));
                }}
                onToggle={(id) =>
                  setCollapsed((c) => {
                    const next = new Set(c);
                    if (next.has(id)) next.delete(id);
                    else next.add(id);
                    return next;
                  })
                }
              />
            )}
            {view === 'table' && plan && (
              <TraditionalTable plan={plan} selectedId={selectedId} onSelect={setSelectedId} />
            )}
            {view === 'text' && plan && (
              <pre className="plan-text" data-testid="plan-text-tree">
                {renderPlanTree(plan)}
              </pre>
            )}
            {view === 'raw' && <pre className="plan-text">{JSON.stringify(report, null, 2)}</pre>}
          </div>
          <aside className="plan-side">
            {selected ? (
              <NodeDetails node={selected} diagnostics={report.diagnostics} />
            ) : (
              <section aria-label="Findings" data-testid="plan-findings">
                <h2>Findings</h2>
                {report.diagnostics.length === 0 && (
                  <p className="empty-state">Nothing stands out in this plan.</p>
                )}
                <ul className="findings">
                  {report.diagnostics.map((d, i) => (
                    <li key={i} className={`sev-${d.severity}`}>
                      <button
                        type="button"
                        className="btn-link"
                        onClick={() => setSelectedId(d.nodeId)}
                      >
                        <SeverityIcon severity={d.severity} /> {d.title}
                      </button>
                      {d.suggestion && <div className="suggestion">{d.suggestion}</div>}
                    </li>
                  ))}
                </ul>
                <p className="hint">
                  Click a node for every field; double-click to fold or unfold it.
                </p>
              </section>
            )}
          </aside>
        </div>
      )}
    </section>
  );
}
