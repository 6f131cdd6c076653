import type { ApiErrorShape, TlsCertInfo } from '../../shared/api/errors';
import { Notice } from '../ui/Notice';
import { ConfirmedAction } from './ConfirmedAction';

/**
 * A test refused because the server's TLS certificate is not the pinned one (or the server
 * offered no TLS at all): both fingerprints, what the certificate says of itself, and a
 * deliberate, confirmed way to trust the new one.
 */
export function TlsCertNotice({
  error,
  cert,
  busy,
  savedPassword,
  onTrust,
}: {
  error: ApiErrorShape;
  cert: TlsCertInfo;
  busy: boolean;
  /** The connection has a saved password, which is not sent with a replaced pin. */
  savedPassword: boolean;
  onTrust: () => void;
}) {
  const noTls = cert.fingerprint === undefined;
  return (
    <Notice
      severity="danger"
      title={
        noTls
          ? 'The server offered no TLS: someone may be intercepting this connection'
          : 'The TLS certificate has changed: someone may be intercepting this connection'
      }
      testId="tls-cert-notice"
      data={{ 'data-error-code': error.code }}
      actions={
        <ConfirmedAction
          confirmation={
            noTls
              ? "The server's administrator confirmed that TLS was turned off"
              : "The server's administrator confirmed the new certificate"
          }
          label={noTls ? 'Forget the pinned certificate' : 'Trust the new certificate'}
          busy={busy}
          onConfirm={onTrust}
        />
      }
      meta={error.code}
    >
      {noTls
        ? `The server ${cert.server} answered without TLS, but this connection has its certificate pinned.`
        : `The server ${cert.server} presented a different TLS certificate than the one pinned for this connection.`}{' '}
      Nothing secret was sent to it. An attacker in the middle would do this to capture your
      password.{' '}
      {noTls
        ? "Check with the server's administrator whether TLS was turned off; forget the pinned certificate only if they confirm it, and better ask them to turn TLS back on."
        : "Check with the server's administrator whether its certificate was replaced; trust the new one only if they confirm its fingerprint."}{' '}
      Better: use the TLS mode &ldquo;Verify CA&rdquo; with the server&apos;s CA file.
      {savedPassword && (
        <p data-testid="tls-cert-retype">
          The saved password of this connection is only sent to the certificate it was saved with:
          after {noTls ? 'forgetting the pinned certificate' : 'trusting the new one'}, type it
          again.
        </p>
      )}
      <dl className="facts key-facts">
        <dt>Pinned</dt>
        <dd>
          <code className="mono fingerprint" data-testid="tls-saved-fingerprint">
            {cert.expected}
          </code>
        </dd>
        <dt>Presented</dt>
        <dd>
          {noTls ? (
            <span data-testid="tls-presented-fingerprint">no TLS</span>
          ) : (
            <code className="mono fingerprint" data-testid="tls-presented-fingerprint">
              {cert.fingerprint}
            </code>
          )}
        </dd>
        {!noTls && (
          <>
            <dt>Subject</dt>
            <dd className="mono" data-testid="tls-presented-subject">
              {cert.subject}
            </dd>
            <dt>Issuer</dt>
            <dd className="mono">{cert.issuer}</dd>
            <dt>Valid</dt>
            <dd>
              {cert.validFrom} to {cert.validTo}
            </dd>
          </>
        )}
      </dl>
    </Notice>
  );
}
