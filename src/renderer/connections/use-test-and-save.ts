import { useState } from 'react';
import {
  tlsModePins,
  type ConnectionSettings,
  type Endpoint,
  type SavedConnection,
  type SecretsPatch,
  type TlsMode,
} from '../../shared/api/connection';
import type { ApiErrorShape, SshHostKeyInfo, TlsCertInfo } from '../../shared/api/errors';
import type { ServerInfo } from '../../shared/server/server-info';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import {
  draftPinningTlsCert,
  draftTrustingHostKey,
  secretsPatchFromDraft,
  type ConnectionDraft,
} from './connection-draft';
import type { ConnectionForm } from './use-connection-form';

/** What the last Test gave: the server it reached (and how: the settings tested), or why not. */
export type TestOutcome =
  { server: ServerInfo; endpoint: Endpoint; tlsMode: TlsMode } | { error: ApiErrorShape };

/** The request Test and Save both send: the settings, and the secrets typed or kept. */
interface DraftRequest {
  id: string | undefined;
  settings: ConnectionSettings;
  secrets: SecretsPatch;
}

/**
 * The dialog's Test and Save: each validates the draft, sends it, and shows a refusal on the
 * field it names. Trusting a presented SSH host key, or a changed TLS certificate, tests again
 * with it. A test over TLS that verifies no certificate pins the one presented (trust on first
 * use): Save keeps it.
 */
export function useTestAndSave(form: ConnectionForm, onSaved: (saved: SavedConnection) => void) {
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [tested, setTested] = useState<TestOutcome | null>(null);
  const [saveError, setSaveError] = useState<ApiErrorShape | null>(null);

  /** Sends `d` with `call` once it validates; null when it did not. */
  async function send<T>(
    kind: 'test' | 'save',
    d: ConnectionDraft,
    call: (request: DraftRequest) => Promise<T>,
  ): Promise<{ value: T } | { error: ApiErrorShape } | null> {
    const settings = form.validated(d);
    if (!settings) return null;
    setBusy(kind);
    if (kind === 'test') setTested(null);
    else setSaveError(null);
    const request = { id: form.existing?.id, settings, secrets: secretsPatchFromDraft(d) };
    try {
      return { value: await call(request) };
    } catch (e) {
      const error = errorShapeOf(e);
      form.showFieldError(error);
      return { error };
    } finally {
      setBusy(null);
    }
  }

  const test = async (d: ConnectionDraft = form.draft) => {
    let tried: ConnectionSettings | undefined;
    const outcome = await send('test', d, (request) => {
      tried = request.settings;
      return api.call('connections.test', request);
    });
    if (outcome && 'error' in outcome) setTested(outcome);
    else if (outcome && tried) {
      setTested({ server: outcome.value, endpoint: tried.endpoint, tlsMode: tried.tls.mode });
      const cert = outcome.value.tlsCert;
      if (cert && tlsModePins(tried.tls.mode) && tried.tls.serverCertSha256 === undefined) {
        form.update((now) => draftPinningTlsCert(now, cert.sha256), 'tlsCertSha256');
      }
    }
  };

  const save = async () => {
    const outcome = await send('save', form.draft, (request) =>
      api.call('connections.save', request),
    );
    if (outcome && 'error' in outcome) setSaveError(outcome.error);
    else if (outcome) {
      form.forget();
      onSaved(outcome.value);
    }
  };

  /** Trusts the key a test was refused for, and tests again with it. */
  const trustHostKey = (hostKey: SshHostKeyInfo) => {
    const next = draftTrustingHostKey(form.draft, hostKey);
    form.update(() => next, 'sshHostKeySha256');
    void test(next);
  };

  /** Pins the certificate a test was refused for (or forgets the pin: no TLS), tests again. */
  const trustTlsCert = (cert: TlsCertInfo) => {
    const next = draftPinningTlsCert(form.draft, cert.fingerprint);
    form.update(() => next, 'tlsCertSha256');
    void test(next);
  };

  return { busy, tested, saveError, test, save, trustHostKey, trustTlsCert };
}
