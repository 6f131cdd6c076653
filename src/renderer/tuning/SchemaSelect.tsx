/** A schema to pick from `schemas`; '' stands for none (its option says what that means). */
export function SchemaSelect({
  value,
  schemas,
  onChange,
  noneLabel,
  ariaLabel,
}: {
  value: string;
  schemas: readonly string[];
  onChange: (schema: string) => void;
  /** The option for '': "All schemas", "Choose…". */
  noneLabel: string;
  ariaLabel: string;
}) {
  return (
    <label className="inline-field">
      <span>Schema</span>
      <select value={value} aria-label={ariaLabel} onChange={(e) => onChange(e.target.value)}>
        <option value="">{noneLabel}</option>
        {schemas.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </label>
  );
}
