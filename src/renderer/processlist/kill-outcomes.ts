import type { KillResult } from '../../shared/api/processlist';

export type KillOutcomes = Extract<KillResult, { phase: 'done' }>['outcomes'];

/** One line saying what the KILL did. */
export function describeOutcomes(outcomes: KillOutcomes): {
  severity: 'ok' | 'warning';
  text: string;
} {
  const killed = outcomes.filter((o) => o.outcome === 'killed').map((o) => `#${o.id}`);
  const gone = outcomes.filter((o) => o.outcome === 'gone').map((o) => `#${o.id}`);
  const failed = outcomes.filter(
    (o) => o.outcome === 'failed' || o.outcome === 'denied' || o.outcome === 'changed',
  );
  // Said one by one: each says which earlier KILL did it, or that nothing was running.
  const notes = outcomes.filter((o) => o.outcome === 'already' || o.outcome === 'idle');
  const parts: string[] = [];
  if (killed.length) parts.push(`Killed ${killed.join(', ')}.`);
  if (gone.length) parts.push(`Already gone: ${gone.join(', ')} (ended before the KILL).`);
  for (const n of notes) parts.push(n.message ?? `#${n.id}: nothing to do.`);
  for (const f of failed)
    parts.push(
      f.outcome === 'changed'
        ? (f.message ?? `#${f.id} not killed: it runs another statement now.`)
        : `#${f.id} not killed: ${f.message ?? 'unknown error'}.`,
    );
  return { severity: failed.length ? 'warning' : 'ok', text: parts.join(' ') };
}
