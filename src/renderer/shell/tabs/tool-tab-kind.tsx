import { toolScreens } from '../../app/tool-registry';
import { useShell } from '../shell-services';
import type { TabBodyProps, TabKind } from './tab-kind';
import type { TabOf } from './tab-model';

type ToolTabModel = TabOf<'tool'>;

function ToolTabBody({ tab, active }: TabBodyProps<ToolTabModel>) {
  const shell = useShell();
  const c = shell.connections.get(tab.connectionId);
  const def = toolScreens[tab.tool];
  if (!c || !def) return null;
  return (
    <def.Component
      connection={c}
      sessionId={tab.sessionId}
      server={tab.server}
      lost={tab.lost}
      active={active}
      confirm={shell.confirm}
      showPlan={shell.showPlan}
      showCompare={shell.showCompare}
      openInEditor={(sql) => shell.openInEditor(c, sql)}
    />
  );
}

/** A server tool on a connection: each tool registers its title, icon and screen in the registry. */
export const toolTabKind: TabKind<ToolTabModel> = {
  title: (tab, c) => `${toolScreens[tab.tool]?.title ?? tab.tool} · ${c?.name ?? 'Session'}`,
  icon: (tab) => toolScreens[tab.tool]?.icon,
  data: (tab) => ({ 'data-tool': tab.tool }),
  pageClassName: 'tool-page',
  Body: ToolTabBody,
};
