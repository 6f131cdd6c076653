/**
 * A row of buttons choosing one view among a few (a small tablist: the chosen one is pressed
 * and primary). `options` are [value, label] pairs in order.
 */
export function Segmented<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  options: readonly (readonly [V, string])[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <div className="segmented" role="tablist" aria-label={label}>
      {options.map(([v, text]) => (
        <button
          key={v}
          type="button"
          role="tab"
          aria-selected={value === v}
          className={`btn-small${value === v ? ' btn-primary' : ''}`}
          onClick={() => onChange(v)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
