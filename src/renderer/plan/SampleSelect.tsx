import { loadSamplePlan, samplePlans } from './sample-plans';

/**
 * "Open a sample": a list of the bundled plans; choosing one hands its text on. Given `value`,
 * it keeps showing the sample that is open.
 */
export function SampleSelect({
  onText,
  label,
  value = '',
}: {
  onText: (text: string, file: string) => void;
  /** The sample shown now, so the list says which plan is open ('' for none). */
  value?: string;
  /** The list's accessible name when the visible "Open a sample" is not enough. */
  label?: string;
}) {
  return (
    <label className="inline-field">
      <span>Open a sample</span>
      <select
        value={value}
        aria-label={label}
        onChange={(e) => {
          const file = e.target.value;
          if (file) void loadSamplePlan(file).then((t) => onText(t, file));
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
  );
}
