import type { ExportDestination } from './export-destination';

const LABELS: Record<ExportDestination, string> = {
  download: 'Download with this browser',
  disk: 'Save on the server’s disk',
};

/** Download or the backend's disk, when the app offers both (browser mode); nothing otherwise. */
export function ExportDestinationChoice({
  destinations,
  destination,
  disabled,
  onChange,
}: {
  destinations: ExportDestination[];
  destination: ExportDestination;
  disabled: boolean;
  onChange: (destination: ExportDestination) => void;
}) {
  if (destinations.length < 2) return null;
  return (
    <fieldset disabled={disabled}>
      <legend>Destination</legend>
      {destinations.map((d) => (
        <label key={d} className="check">
          <input
            type="radio"
            name="export-destination"
            value={d}
            checked={destination === d}
            onChange={() => onChange(d)}
          />
          {LABELS[d]}
        </label>
      ))}
    </fieldset>
  );
}
