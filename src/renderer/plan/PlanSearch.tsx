import { SearchField } from '../ui/SearchField';

const STEPS = [
  { step: -1, name: 'Previous match', keys: 'Shift+Enter', glyph: '↑' },
  { step: 1, name: 'Next match', keys: 'Enter', glyph: '↓' },
] as const;

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
      <SearchField
        className="plansearch-input"
        placeholder="Find a table, key, condition…"
        label="Find nodes"
        value={query}
        onChange={onQuery}
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
      {STEPS.map(({ step, name, keys, glyph }) => (
        <button
          key={step}
          type="button"
          className="btn-small"
          aria-label={name}
          title={`${name} (${keys})`}
          disabled={found === 0}
          onClick={() => onStep(step)}
        >
          {glyph}
        </button>
      ))}
    </div>
  );
}
