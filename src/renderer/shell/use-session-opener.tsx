import { useCallback, useState } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ServerInfo } from '../../shared/server/server-info';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { PasswordPrompt } from '../connections/PasswordPrompt';

/** A failure the shell shows above the tab's content. */
export interface ShellError {
  title: string;
  error: ApiErrorShape;
}

export interface OpenedSession {
  sessionId: string;
  server: ServerInfo;
}

/**
 * Opens a server session for any caller (an editor, a tool, SQL sent to an editor): asks for
 * the password of an "ask each time" connection, says which connection is being connected,
 * reports a failure under `failure`. `report` must be stable (a state setter).
 */
export function useSessionOpener(
  report: (error: ShellError | null) => void,
  /** Called when opening a session changed the saved connection (a first-use TLS pin). */
  onSavedChanged: () => void = () => {},
) {
  const [connecting, setConnecting] = useState<string | null>(null);
  const [asking, setAsking] = useState<{
    connection: SavedConnection;
    answer: (password: string | null) => void;
  } | null>(null);

  const openSession = useCallback(
    async (connection: SavedConnection, failure: string): Promise<OpenedSession | null> => {
      let password: string | undefined;
      if (connection.passwordMode === 'ask') {
        const answer = await new Promise<string | null>((resolve) =>
          setAsking({ connection, answer: resolve }),
        );
        if (answer === null) return null;
        password = answer;
      }
      setConnecting(connection.id);
      report(null);
      try {
        const opened = await api.call('session.open', {
          connectionId: connection.id,
          ...(password !== undefined ? { secrets: { password } } : {}),
        });
        // The backend pinned the server's certificate on this first use: the saved
        // connection changed, and an edit must start from the pinned one.
        const cert = opened.server.tlsCert;
        if (cert?.pinned && connection.tls.serverCertSha256 !== cert.sha256) onSavedChanged();
        return opened;
      } catch (e) {
        report({ title: failure, error: errorShapeOf(e) });
        return null;
      } finally {
        setConnecting(null);
      }
    },
    [report, onSavedChanged],
  );

  const prompt = asking && (
    <PasswordPrompt
      connection={asking.connection}
      onCancel={() => {
        asking.answer(null);
        setAsking(null);
      }}
      onSubmit={(password) => {
        asking.answer(password);
        setAsking(null);
      }}
    />
  );
  return { openSession, connecting, prompt };
}
