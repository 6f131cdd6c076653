/**
 * A determinate bar when a percent is known, an indeterminate one (elapsed time only) when the
 * server gives no figures. The percent comes from the backend's tracker, which never goes back.
 */
export function ProgressBar({ percent, label }: { percent: number | null; label: string }) {
  return (
    <div
      className={`alt-bar${percent === null ? ' alt-bar-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent === null ? undefined : Math.round(percent * 10) / 10}
    >
      {/* A new element when figures start: the width animates forward only, never from the
          indeterminate bar's full width down to the first percent. */}
      <div
        key={percent === null ? 'indeterminate' : 'determinate'}
        className="alt-bar-fill"
        style={{ width: `${percent ?? 100}%` }}
      />
    </div>
  );
}
