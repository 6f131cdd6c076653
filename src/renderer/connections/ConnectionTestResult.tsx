import { useEffect, useRef } from 'react';
import type { ApiErrorShape, SshHostKeyInfo, TlsCertInfo } from '../../shared/api/errors';
import { ErrorNotice } from '../app/ErrorNotice';
import { Notice } from '../ui/Notice';
import { HostKeyNotice } from './HostKeyNotice';
import { ServerSummary } from './ServerSummary';
import { TlsCertNotice } from './TlsCertNotice';
import type { TestOutcome } from './use-test-and-save';

/** The SSH host key a test was refused for (unknown or changed), if that was the refusal. */
function refusedHostKey(error: ApiErrorShape | null): SshHostKeyInfo | undefined {
  return error?.sshHostKey !== undefined &&
    (error.code === 'SSH_HOST_KEY_UNKNOWN' || error.code === 'SSH_HOST_KEY_CHANGED')
    ? error.sshHostKey
    : undefined;
}

/** The pinned TLS certificate a test was refused for, if that was the refusal. */
function refusedCert(error: ApiErrorShape | null): TlsCertInfo | undefined {
  return error?.code === 'TLS_CERT_CHANGED' ? error.tlsCert : undefined;
}

/**
 * Under the form, above the buttons: Test's progress and outcome (the server reached, a host key
 * to check and trust, or the error), and why Save failed.
 */
export function ConnectionTestResult({
  busy,
  tested,
  saveError,
  savedPasswords,
  savedPassword,
  onTrust,
  onTrustCert,
}: {
  busy: 'test' | 'save' | null;
  tested: TestOutcome | null;
  saveError: ApiErrorShape | null;
  /** Whether the connection has a saved password or SSH password, bound to its host key. */
  savedPasswords: boolean;
  onTrust: (hostKey: SshHostKeyInfo) => void;
  /** Whether the connection has a saved database password, bound to its pinned certificate. */
  savedPassword: boolean;
  onTrustCert: (cert: TlsCertInfo) => void;
}) {
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The result sits above the sticky buttons; bring it into view when it changes.
    resultRef.current?.scrollIntoView({ block: 'nearest' });
  }, [tested, saveError, busy]);

  const testError = tested && 'error' in tested ? tested.error : null;
  const refusedKey = refusedHostKey(testError);
  const cert = refusedCert(testError);
  return (
    <div className="test-result" aria-live="polite" ref={resultRef}>
      {busy === 'test' && <Notice severity="info">Connecting…</Notice>}
      {tested && 'server' in tested && (
        <Notice severity="ok" testId="test-ok">
          <ServerSummary
            server={tested.server}
            compact={{ endpoint: tested.endpoint, tlsMode: tested.tlsMode }}
          />
        </Notice>
      )}
      {testError && refusedKey && (
        <HostKeyNotice
          key={`${testError.code} ${refusedKey.fingerprint}`}
          error={testError}
          hostKey={refusedKey}
          busy={busy !== null}
          savedPasswords={savedPasswords}
          onTrust={() => onTrust(refusedKey)}
        />
      )}
      {testError && cert && (
        <TlsCertNotice
          key={`${testError.code} ${cert.fingerprint ?? 'no TLS'}`}
          error={testError}
          cert={cert}
          busy={busy !== null}
          savedPassword={savedPassword}
          onTrust={() => onTrustCert(cert)}
        />
      )}
      {testError && !refusedKey && !cert && <ErrorNotice error={testError} title="Test failed" />}
      {saveError && <ErrorNotice error={saveError} title="Could not save" />}
    </div>
  );
}
