import { registeredTools } from '../app/tool-registry';
import { ConnectedView } from '../connections/ConnectedView';
import { useShell } from '../shell/shell-services';
import type { TabBodyProps, TabKind } from '../shell/tabs/tab-kind';
import type { TabOf } from '../shell/tabs/tab-model';
import { ToolButtons } from '../shell/ToolButtons';
import { EditorTab } from './EditorTab';
import { useSqlRequest } from './sql-requests';

type EditorTabModel = TabOf<'editor'>;

function EditorTabBody({ tab }: TabBodyProps<EditorTabModel>) {
  const shell = useShell();
  const sqlRequest = useSqlRequest(tab.sessionId);
  const c = shell.connections.get(tab.connectionId);
  if (!c) return null;
  return (
    <ConnectedView
      tab={tab}
      connection={c}
      onUpdate={(u) => shell.sessionRefreshed(u.sessionId, u.server)}
      onDisconnect={() => shell.closeTab(tab.id)}
      onNewEditor={() => shell.newEditor(c)}
      tools={<ToolButtons tools={registeredTools()} fold onOpen={(k) => shell.openTool(c, k)} />}
    >
      <EditorTab
        connection={c}
        sessionId={tab.sessionId}
        flavor={tab.server.flavor}
        slot={tab.slot}
        confirm={shell.confirm}
        sqlRequest={sqlRequest}
        onPlan={(plan, title, sql) =>
          shell.showPlan({
            document: plan.document,
            dialect: plan.dialect,
            title,
            explainSql: plan.explainSql,
            // Its earlier plans are found by the statement and the connection.
            statement: sql,
            connectionId: c.id,
            server: tab.server.versionText,
            ...(plan.stoppedEarly ? { stoppedEarly: true } : {}),
          })
        }
      />
    </ConnectedView>
  );
}

const name = (c: { name: string } | undefined) => c?.name ?? 'Session';

/** An SQL editor on a session of its own; a connection's second editor reads "Name (2)". */
export const editorTabKind: TabKind<EditorTabModel> = {
  title: (tab, c) => (tab.slot > 0 ? `${name(c)} (${tab.slot + 1})` : name(c)),
  label: (tab, c) => (
    <>
      <span className="tab-name">{name(c)}</span>
      {tab.slot > 0 && <span className="tab-slot"> ({tab.slot + 1})</span>}
    </>
  ),
  Body: EditorTabBody,
};
