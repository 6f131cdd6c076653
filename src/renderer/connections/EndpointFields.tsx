import { draftWithEndpointKind } from './connection-draft';
import { NumberField, TextField } from './DraftFields';
import { useDraftForm } from './draft-form';

const KINDS = [
  ['tcp', 'TCP/IP'],
  ['socket', 'Unix socket'],
] as const;

/** Where the server listens: host and port over TCP/IP, or a Unix socket's path. */
export function EndpointFields() {
  const { draft, update, existing } = useDraftForm();
  return (
    <>
      <div className="segmented" role="radiogroup" aria-label="Connect by">
        {KINDS.map(([kind, text]) => (
          <label key={kind} className="check">
            <input
              type="radio"
              name="endpoint"
              checked={draft.endpointKind === kind}
              onChange={() => update((d) => draftWithEndpointKind(d, kind, !existing))}
            />
            {text}
          </label>
        ))}
      </div>
      {draft.endpointKind === 'tcp' ? (
        <div className="row">
          <TextField label="Host" field="host" />
          <NumberField label="Port" field="port" />
        </div>
      ) : (
        <TextField label="Socket path" field="socketPath" />
      )}
    </>
  );
}
