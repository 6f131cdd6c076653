/** How often a comparison's servers are pinged, and how long one may stay silent. */
export interface LivenessLimits {
  everyMs: number;
  timeoutMs: number;
}

/** Pings every 5 s; 30 s without an answer is a server that is frozen or cut off. */
export const DRIFT_LIVENESS: LivenessLimits = { everyMs: 5_000, timeoutMs: 30_000 };

/**
 * Watches that each server still answers. A server that is frozen (a stalled disk, SIGSTOP) or
 * cut off by the network does not close its connections: queries on them wait forever, and a
 * comparison with them, holding a snapshot on the other server and perhaps the replica's
 * applier. Each server is pinged every `everyMs` (never two pings of one server at a time); one
 * that has not answered for `timeoutMs` is reported once through `onSilent`. A ping that fails
 * counts as no answer: a server that refuses connections is silent too.
 */
export function watchLiveness<K extends string>(
  pings: Record<K, () => Promise<unknown>>,
  limits: LivenessLimits,
  onSilent: (which: K, silentMs: number) => void,
  now: () => number = () => performance.now(),
): { stop(): void } {
  const keys = Object.keys(pings) as K[];
  const state = new Map(keys.map((k) => [k, { answeredAt: now(), asking: false, told: false }]));
  let stopped = false;
  const check = () => {
    for (const key of keys) {
      const s = state.get(key)!;
      if (s.told) continue;
      const silentMs = now() - s.answeredAt;
      if (silentMs >= limits.timeoutMs) {
        s.told = true;
        onSilent(key, silentMs);
        continue;
      }
      if (s.asking) continue;
      s.asking = true;
      pings[key]().then(
        () => {
          s.asking = false;
          if (!stopped) s.answeredAt = now();
        },
        () => {
          s.asking = false;
        },
      );
    }
  };
  const timer = setInterval(check, limits.everyMs);
  // Never what keeps the process alive: a comparison ends by itself or with the backend.
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
