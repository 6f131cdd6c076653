import type { ExportFormat } from '../../shared/api/export';

const FORMATS: Array<{ value: ExportFormat; label: string; hint: string }> = [
  {
    value: 'csv',
    label: 'CSV',
    hint: 'Header row; NULL is an empty field, the empty string is "", bytes are 0x-hex.',
  },
  {
    value: 'jsonl',
    label: 'JSON Lines',
    hint: 'One object per row; NULL is null, numbers are exact strings, bytes are {"$hex": …}.',
  },
];

/** The path with the extension of `format` when it had the other format's one. */
export function withExtension(path: string, format: ExportFormat): string {
  return path.replace(/\.(csv|jsonl)$/i, `.${format}`);
}

/** The export's file format, each with what it does to NULL, text and bytes. */
export function ExportFormatChoice({
  format,
  disabled,
  onChange,
}: {
  format: ExportFormat;
  disabled: boolean;
  onChange: (format: ExportFormat) => void;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend>Format</legend>
      {FORMATS.map((f) => (
        <label key={f.value} className="check export-format">
          <input
            type="radio"
            name="export-format"
            value={f.value}
            checked={format === f.value}
            onChange={() => onChange(f.value)}
          />
          <span>
            <strong>{f.label}</strong> <span className="field-hint">{f.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
