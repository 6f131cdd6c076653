import { spawn } from 'node:child_process';

// Runs detached, outliving its owner. Once the owner is gone (even killed with SIGKILL, when no
// exit handler runs) it kills the server - but only if the recorded pid still runs a command
// line containing the marker, so a recycled pid is never hit - then removes the work directory.
const SCRIPT = `
owner=$1 pidfile=$2 marker=$3 dir=$4
while kill -0 "$owner" 2>/dev/null; do sleep 2; done
if [ -f "$pidfile" ]; then
  pid=$(cat "$pidfile")
  if [ -r "/proc/$pid/cmdline" ]; then cmd=$(tr '\\0' ' ' < "/proc/$pid/cmdline"); else cmd=$(ps -o args= -p "$pid" 2>/dev/null); fi
  case "$cmd" in *"$marker"*)
    kill -9 "$pid"
    # Bounded: an orphaned zombie answers kill -0 until init reaps it, which some containers' init never does.
    n=0; while kill -0 "$pid" 2>/dev/null && [ $n -lt 50 ]; do n=$((n+1)); sleep 0.2; done ;;
  esac
fi
if [ -n "$dir" ]; then rm -rf "$dir"; fi
`;

export interface OrphanWatchdog {
  /** Ends the watchdog (the owner cleaned up itself). */
  dismiss(): void;
}

/**
 * Guards against leaked servers when this process dies without running its exit handlers
 * (SIGKILL, a crashed or force-terminated test worker): a tiny detached shell loop that waits
 * for this process to disappear, then kills the daemon whose pid is in `pidFile` and removes
 * `removeDir` (null for persistent directories).
 */
export function startOrphanWatchdog(options: {
  pidFile: string;
  marker: string;
  removeDir: string | null;
}): OrphanWatchdog {
  const child = spawn(
    'sh',
    [
      '-c',
      SCRIPT,
      'sightline-server-watchdog',
      String(process.pid),
      options.pidFile,
      options.marker,
      options.removeDir ?? '',
    ],
    { detached: true, stdio: 'ignore' },
  );
  child.on('error', () => undefined); // no sh: the exit handlers still clean up
  child.unref();
  return {
    dismiss: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
