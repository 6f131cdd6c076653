/**
 * The diagram's search box: what to find, how many nodes match, and the way through them
 * (Enter / Shift+Enter, or the arrows).
 */
export function PlanSearch({
  query,
  found,
  index,
  onQuery,
  onStep,
}: {
  query: string;
  found: number;
  index: number;
  onQuery: (query: string) => void;
  onStep: (step: 1 | -1) => void;
}) {
  const searching = query.trim() !== '';
  return (
    <div className="plansearch" role="search">
      <input
        type="search"
        className="plansearch-input"
        placeholder="Find nodes: table, key, kind, condition…"
        aria-label="Find nodes"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && found > 0) {
            e.preventDefault();
            onStep(e.shiftKey ? -1 : 1);
          }
        }}
      />
      {searching && (
        <span
          className={`plansearch-count num${found === 0 ? ' plansearch-none' : ''}`}
          data-testid="plan-search-count"
          aria-live="polite"
        >
          {found === 0 ? 'no node matches' : `${index + 1} of ${found}`}
        </span>
      )}
      <button
        type="button"
        className="btn-small"
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        disabled={found === 0}
        onClick={() => onStep(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn-small"
        aria-label="Next match"
        title="Next match (Enter)"
        disabled={found === 0}
        onClick={() => onStep(1)}
      >
        ↓
      </button>
    </div>
  );
}
