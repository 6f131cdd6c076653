import { deltaTone, signed } from './compare-rows';

/** A change between the plans, signed, its colour and arrow saying better (▼) or worse (▲). */
export function Delta({
  value,
  format,
  testId,
}: {
  value: number | undefined;
  format: (n: number) => string;
  testId?: string;
}) {
  if (value === undefined) return <span className="cmp-delta">—</span>;
  const tone = deltaTone(value);
  return (
    <span className={`cmp-delta cmp-${tone}`} data-testid={testId}>
      {tone === 'ok' ? '▼ ' : tone === 'danger' ? '▲ ' : ''}
      {signed(value, format)}
    </span>
  );
}
