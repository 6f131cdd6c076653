import { memo, useState } from 'react';
import { DEFAULT_FILTER, type ProcessFilter } from '../../shared/processlist/filters';
import type { FilterPreset } from './filter-store';

const TEXT_FIELDS: Array<{
  key: 'user' | 'host' | 'schema' | 'command' | 'state' | 'text';
  label: string;
  hint: string;
}> = [
  { key: 'user', label: 'User', hint: 'exact user name' },
  { key: 'host', label: 'Host', hint: 'host or host:port' },
  { key: 'schema', label: 'Schema', hint: 'exact schema' },
  { key: 'command', label: 'Command', hint: 'Query, Sleep…' },
  { key: 'state', label: 'State', hint: 'part of it' },
  { key: 'text', label: 'Statement', hint: 'any text' },
];

/** Filters of the processlist, and presets to save and reuse them. */
export const FilterBar = memo(function FilterBar({
  filter,
  onChange,
  presets,
  onPresets,
}: {
  filter: ProcessFilter;
  onChange: (f: ProcessFilter) => void;
  presets: readonly FilterPreset[];
  onPresets: (p: FilterPreset[]) => void;
}) {
  const [presetName, setPresetName] = useState('');
  return (
    <div className="pl-filters" role="search" aria-label="Filter sessions">
      <label className="check">
        <input
          type="checkbox"
          checked={filter.hideSleeping}
          onChange={(e) => onChange({ ...filter, hideSleeping: e.target.checked })}
        />
        Hide sleeping
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={filter.hideSystem}
          onChange={(e) => onChange({ ...filter, hideSystem: e.target.checked })}
        />
        Hide system threads
      </label>
      {TEXT_FIELDS.map((f) => (
        <label key={f.key} className="pl-filter-field">
          <span>{f.label}</span>
          <input
            value={filter[f.key]}
            placeholder={f.hint}
            aria-label={`Filter by ${f.label.toLowerCase()}`}
            onChange={(e) => onChange({ ...filter, [f.key]: e.target.value })}
          />
        </label>
      ))}
      <label className="pl-filter-field pl-filter-narrow">
        <span>Min time (s)</span>
        <input
          type="number"
          min={0}
          value={filter.minSeconds}
          aria-label="Minimum time in seconds"
          onChange={(e) =>
            onChange({ ...filter, minSeconds: Math.max(0, Number(e.target.value) || 0) })
          }
        />
      </label>
      <button type="button" className="btn-small" onClick={() => onChange(DEFAULT_FILTER)}>
        Reset
      </button>
      <span className="pl-presets">
        <select
          aria-label="Filter presets"
          value=""
          onChange={(e) => {
            const p = presets.find((x) => x.name === e.target.value);
            if (p) onChange(p.filter);
          }}
        >
          <option value="">Presets…</option>
          {presets.map((p) => (
            <option key={p.name} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
        <input
          value={presetName}
          placeholder="preset name"
          aria-label="Preset name"
          onChange={(e) => setPresetName(e.target.value)}
        />
        <button
          type="button"
          className="btn-small"
          disabled={presetName.trim() === ''}
          onClick={() => {
            const name = presetName.trim();
            onPresets([...presets.filter((p) => p.name !== name), { name, filter }]);
            setPresetName('');
          }}
        >
          Save preset
        </button>
        {presets.some((p) => p.name === presetName.trim()) && (
          <button
            type="button"
            className="btn-small"
            onClick={() => onPresets(presets.filter((p) => p.name !== presetName.trim()))}
          >
            Delete preset
          </button>
        )}
      </span>
    </div>
  );
});
