import type { SlowLogFilter } from '../../shared/api/slowlog';
import { timeBoundProblem } from '../../shared/slowlog/filter-text';
import { Field } from '../ui/Field';

const FIELDS: Array<{
  key: keyof SlowLogFilter;
  label: string;
  placeholder: string;
  title?: string;
}> = [
  {
    key: 'since',
    label: 'Since',
    title:
      'UTC unless it names an offset (2026-11-25 10:00:00-05:00); a MariaDB log is in server time',
    placeholder: '2026-11-25 10:00:00',
  },
  {
    key: 'until',
    label: 'Until',
    title:
      'A bare date means the whole day; UTC unless it names an offset, server time in a MariaDB log',
    placeholder: '2026-11-26',
  },
  { key: 'user', label: 'User', placeholder: 'any' },
  { key: 'host', label: 'Host or IP', placeholder: 'any' },
  { key: 'db', label: 'Database', placeholder: 'any' },
];

/** Whether a typed filter can be sent: its times are times. */
export function filterProblems(filter: SlowLogFilter): boolean {
  return timeBoundProblem(filter.since) !== null || timeBoundProblem(filter.until) !== null;
}

/**
 * Which entries count: a time window (UTC unless an offset is typed, as parseTimeBound reads
 * it) and an exact user, host and database; empty fields filter nothing.
 */
export function SlowLogFilterFields({
  value,
  onChange,
  label,
}: {
  value: SlowLogFilter;
  onChange: (filter: SlowLogFilter) => void;
  /** The group's accessible name. */
  label: string;
}) {
  return (
    <fieldset className="slowlog-filter" aria-label={label}>
      {FIELDS.map(({ key, label: text, placeholder, title }) => (
        <Field
          key={key}
          label={text}
          className={`slowlog-filter-${key}`}
          error={
            key === 'since' || key === 'until'
              ? (timeBoundProblem(value[key]) ?? undefined)
              : undefined
          }
        >
          {(control) => (
            <input
              {...control}
              type="text"
              className="mono"
              value={value[key] ?? ''}
              placeholder={placeholder}
              title={title}
              spellCheck={false}
              onChange={(e) => onChange({ ...value, [key]: e.target.value })}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );
}
