import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../KernelProvider';
import { Runner, type ActionEntry } from './runner';
import { getRunnerSettings } from './runner-settings';
import { pluginLanes } from './lanes';
import { isFunctionBlocked } from '../bridge/extension-status';
import { missingOperations } from '../graph/doc-catalogue';
import { reportVisit } from '../core/visit-statistics';
import { showToast } from '../core/toaster';
import { onLeaveStore } from '../store/user-store';
import type { PluginAction } from '../plugin/types';

const RunnerContext = createContext<Runner | null>(null);

/** One runner per page, shared by every screen and tile; jobs interrupted by a reload are restored here. */
export function RunnerHost({ flush, children }: { flush?: () => Promise<void>; children: ReactNode }) {
  const kernel = useKernel();
  const { t } = useTranslation();
  const latest = useRef(kernel);
  latest.current = kernel;
  const [runner] = useState(() => new Runner({
    store: kernel.store,
    bridge: kernel.bridge,
    bus: kernel.bus,
    actions: () => {
      const map = new Map<string, ActionEntry>();
      for (const plugin of latest.current.allPlugins) for (const action of plugin.actions) map.set(action.id, { plugin, action });
      return map;
    },
    lanes: () => pluginLanes(latest.current.allPlugins),
    missingOperations: (names) => missingOperations(names),
    usablePluginIds: () => new Set(latest.current.plugins.map((p) => p.id)),
    user: () => latest.current.user,
    isBlocked: (id) => isFunctionBlocked(id),
    reportStart: (pluginId, actionId) => reportVisit(latest.current.api, pluginId, actionId),
    flush,
    paceFactor: () => getRunnerSettings().paceFactor,
  }));

  useEffect(() => {
    const interrupted = runner.restore(getRunnerSettings().autoResume);
    if (interrupted.length && !getRunnerSettings().autoResume) void showToast(t('runner.interrupted', { count: interrupted.length }), 'warning');
  }, [runner, t]);

  // The user logs out or another logs in: this user's running jobs pause in their own store (docs/DECISIONS.md).
  useEffect(() => onLeaveStore(runner.store, () => runner.pauseAll('operator', '')), [runner]);

  useEffect(() => {
    const onFinished = (e: { actionId: string; status: string; done: number; failed: number; skipped: number }) => {
      void showToast(t('runner.finished', { action: actionTitle(latest.current.allPlugins, e.actionId, t), done: e.done, failed: e.failed, skipped: e.skipped }), e.status === 'failed' ? 'danger' : e.failed ? 'warning' : 'success');
    };
    const onOperator = (e: { message: string }) => void showToast(t('runner.needsOperator', { message: e.message }), 'danger', 0);
    const onCannotPersist = (e: { reason: 'failed' | 'unavailable' }) => void showToast(t(e.reason === 'failed' ? 'runner.cannotPersist' : 'runner.cannotPersistAtAll'), 'danger', 0);
    kernel.bus.on('job:finished', onFinished);
    kernel.bus.on('runner:needs-operator', onOperator);
    kernel.bus.on('runner:cannot-persist', onCannotPersist);
    return () => { kernel.bus.off('job:finished', onFinished); kernel.bus.off('runner:needs-operator', onOperator); kernel.bus.off('runner:cannot-persist', onCannotPersist); };
  }, [runner, kernel.bus, t]);

  return <RunnerContext.Provider value={runner}>{children}</RunnerContext.Provider>;
}
RunnerHost.displayName = 'RunnerHost';

export function useRunner(): Runner {
  const runner = useContext(RunnerContext);
  if (!runner) throw new Error('useRunner must be used inside <RunnerHost>');
  return runner;
}

export function findAction(plugins: readonly { actions: readonly PluginAction[] }[], actionId: string): PluginAction | undefined {
  for (const p of plugins) {
    const a = p.actions.find((x) => x.id === actionId);
    if (a) return a;
  }
  return undefined;
}

export function actionTitle(plugins: readonly { actions: readonly PluginAction[] }[], actionId: string, t: (key: string, o?: Record<string, unknown>) => string): string {
  const a = findAction(plugins, actionId);
  return a ? t(a.titleKey, { ns: a.pluginId }) : actionId;
}
