import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../KernelProvider';
import { Runner, type ActionEntry } from './runner';
import { getRunnerSettings, useRunnerSettings } from './runner-settings';
import { pluginLanes } from './lanes';
import { isFunctionBlocked, platformUserId } from '../bridge/extension-status';
import { JobRecordsReporter } from './job-records';
import { secretNames } from './admission';
import { API } from '../../../protocol/api';
import { missingOperations } from '../graph/doc-catalogue';
import { reportVisit } from '../core/visit-statistics';
import { showToast } from '../core/toaster';
import { loadAllStrings } from '../i18n';
import { onLeaveStore } from '../store/user-store';
import { storeTabs } from '../store/tabs';
import { soleLeadership } from '../store/leader';
import { newTabId } from '../store/tab-sync';
import { NoLeaderError, RemoteRunner, type RunnerControl } from './tabs/remote-runner';
import { RunnerRefusal } from './types';
import { refusalText } from './refusal-text';
import { serveRunner } from './tabs/serve-runner';
import { runnerChannelName } from './tabs/protocol';
import { versionRetiredText } from './VersionRetired';
import { getSession } from '../core/session';
import { graphVersion, versionRetired } from '../bridge/graph-version';
import type { PluginAction } from '../plugin/types';
import { PlatformCheck } from '../check/service';
import { PlatformCheckHost } from '../check/PlatformCheckHost';
import { blockingText } from '../check/text';
import type { Bridge } from '../bridge/bridge';
import type { OrgPolicyState } from './runner-deps';

const RunnerContext = createContext<RunnerControl | null>(null);

/** Something the leader tab runs while it leads; returns how to stop it. */
export type WhileLeading = (runner: Runner, kernel: () => ReturnType<typeof useKernel>) => () => void;

/**
 * One runner per page, shared by every screen and tile; jobs interrupted by a reload are restored here.
 * Of the tabs of one user only the leader tab runs jobs (docs/DECISIONS.md, "One tab runs the jobs"):
 * the other tabs get a RemoteRunner that asks the leader, and when the leader closes the next tab
 * takes over, restores the jobs and resumes those that were running.
 */
/**
 * `teamPolicy`: the active team's action policy and the user's role in it, which every job is checked
 * against (handed in by the signed-in tree: src/kernel/api/org-policy.ts).
 */
export function RunnerHost({ flush, whileLeading, teamPolicy, children }: { flush?: () => Promise<void>; whileLeading?: WhileLeading; teamPolicy?: () => OrgPolicyState; children: ReactNode }) {
  const latestTeamPolicy = useRef(teamPolicy);
  latestTeamPolicy.current = teamPolicy;
  const kernel = useKernel();
  const { t } = useTranslation();
  const latest = useRef(kernel);
  latest.current = kernel;
  const [tabs] = useState(() => storeTabs(kernel.store));
  const [leadership] = useState(() => tabs?.leadership ?? soleLeadership());
  // One id for both sides, so this tab never hears its own runner's messages.
  const [tabId] = useState(newTabId);
  const settings = useRunnerSettings();
  const leader = useSyncExternalStore((l) => leadership.subscribe(l), () => leadership.leader);
  const [runner] = useState<Runner>(() => new Runner({
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
    platformUserId: () => platformUserId(),
    isBlocked: (id) => isFunctionBlocked(id),
    orgPolicy: () => latestTeamPolicy.current?.() ?? { state: 'own' },
    platformProblem: (id): string | null => checkText(id, check.blocking(id)),
    checkBeforeJob: async (id, bridge, signal) => checkText(id, await check.beforeJob(id, bridge, signal)),
    reportStart: (pluginId, actionId) => reportVisit(latest.current.api, pluginId, actionId),
    flush,
    paceFactor: () => getRunnerSettings().paceFactor,
  }));

  const [check] = useState<PlatformCheck>(() => new PlatformCheck({
    store: kernel.store,
    plugins: () => latest.current.plugins,
    backgroundBridge: (scope, queries): Bridge => runner.background.bridge(scope, { queries }),
    version: graphVersion,
  }));
  function checkText(_actionId: string, findings: Parameters<typeof blockingText>[0]): string | null {
    const i18n = latest.current.i18n;
    return blockingText(findings, i18n.t.bind(i18n) as (key: string, o?: Record<string, unknown>) => string, latest.current.user?.role === 'admin');
  }

  /**
   * A toast in the runner's words (and an action's title): the first screen's strings do not have them,
   * so the text is made once every string is in (docs/PLUGINS.md, "Strings"); if they cannot be
   * loaded, with what there is.
   */
  const toast = (text: () => string, intent: Parameters<typeof showToast>[1], timeout?: number) => {
    const show = () => void showToast(text(), intent, timeout);
    loadAllStrings(latest.current.i18n).then(show, show);
  };

  const [remote] = useState(() => (tabs?.shared ? new RemoteRunner(runner, runnerChannelName(tabs.userId), kernel.bus, {
    tabId,
    onFailure: (e) => toast(() => {
      const t = latest.current.i18n.t.bind(latest.current.i18n) as (key: string, o?: Record<string, unknown>) => string;
      const message = e instanceof RunnerRefusal ? refusalText(e, t) : e instanceof NoLeaderError ? t('runner.noLeader') : e.message;
      return t('runner.leaderFailed', { message });
    }, 'danger'),
  }) : null));
  useEffect(() => {
    remote?.open();
    return () => remote?.close();
  }, [remote]);

  // The leader restores the jobs a closed page left running: at once when they were running in a
  // leader tab this tab saw (a takeover), else as the operator's auto-resume setting says.
  // Once per page: restoring again would mark the jobs this page runs as interrupted. The jobs resume,
  // or the toast tells of them, once every string is in: the first screen's part lacks the runner's
  // and the actions' words, which resumed jobs write into their items (docs/PLUGINS.md, "Strings").
  const restored = useRef(false);
  useEffect(() => {
    if (!leader || restored.current) return;
    restored.current = true;
    const autoResume = getRunnerSettings().autoResume || !!remote?.leaderSeen;
    const interrupted = runner.restore(false);
    if (!interrupted.length) return;
    const go = () => {
      if (autoResume) interrupted.forEach((id) => void runner.resume(id));
      else void showToast(latest.current.i18n.t('runner.interrupted', { count: interrupted.length }), 'warning');
    };
    loadAllStrings(latest.current.i18n).then(go, go);
  }, [runner, leader, remote]);

  // The tab that runs the jobs reports their applied writes to the server (job-records.ts).
  useEffect(() => (leader ? new JobRecordsReporter(runner.jobStore, {
    send: (body, org) => latest.current.api.post(API.jobs.addRecords.path, body, { org }),
    platformUserId: () => platformUserId(),
    acknowledged: (jobId, count) => kernel.bus.emit('records:acknowledged', { jobId, count }),
    secretNames: (actionId) => {
      const action = runner.deps.actions().get(actionId)?.action;
      return action ? secretNames(runner, action) : [];
    },
  }).start() : undefined), [runner, leader, kernel.bus]);

  // What else the leader tab runs while it leads (the watch's scheduled checks: src/kernel/shell/watch-checks-start.ts, given by the signed-in shell).
  useEffect(() => (leader && whileLeading ? whileLeading(runner, () => latest.current) : undefined), [runner, leader, whileLeading]);

  useEffect(() => (leader && tabs?.shared ? serveRunner(runner, runnerChannelName(tabs.userId), kernel.bus, tabId) : undefined), [runner, leader, tabs, kernel.bus, tabId]);

  // The user logs out or another logs in: this user's running jobs pause in their own store (docs/DECISIONS.md).
  useEffect(() => onLeaveStore(runner.store, () => { if (leadership.leader) runner.pauseAll('operator', ''); }), [runner, leadership]);

  useEffect(() => {
    const onFinished = (e: { jobId: string; actionId: string; status: string; done: number; failed: number; skipped: number }) => {
      toast(() => {
        const title = actionTitle(latest.current.allPlugins, e.actionId, t);
        const action = runner.job(e.jobId)?.undoOf ? t('undo.jobTitle', { what: title }) : title;
        return t('runner.finished', { action, done: e.done, failed: e.failed, skipped: e.skipped });
      }, e.status === 'failed' ? 'danger' : e.failed ? 'warning' : 'success');
    };
    const onOperator = (e: { message: string }) => toast(() => t('runner.needsOperator', { message: e.message }), 'danger', 0);
    // #2635: the platform no longer serves the configured version; the runtime is read again (bridge.ts), an admin is told where to change it
    // (a follower tab hears it from the leader: it reads the runtime again too)
    const onVersionRetired = () => {
      versionRetired();
      toast(() => versionRetiredText(getSession().info?.role, t), 'danger', 0);
    };
    const onCannotPersist = (e: { reason: 'failed' | 'unavailable' }) => toast(() => t(e.reason === 'failed' ? 'runner.cannotPersist' : 'runner.cannotPersistAtAll'), 'danger', 0);
    kernel.bus.on('job:finished', onFinished);
    kernel.bus.on('runner:needs-operator', onOperator);
    kernel.bus.on('runner:cannot-persist', onCannotPersist);
    kernel.bus.on('runner:version-retired', onVersionRetired);
    return () => {
      kernel.bus.off('job:finished', onFinished); kernel.bus.off('runner:needs-operator', onOperator); kernel.bus.off('runner:cannot-persist', onCannotPersist);
      kernel.bus.off('runner:version-retired', onVersionRetired);
    };
  }, [runner, kernel.bus, t]);

  return (
    <RunnerContext.Provider value={leader || !remote ? runner : remote}>
      <PlatformCheckHost check={check} runsDaily={leader && settings.dailyCheck}>{children}</PlatformCheckHost>
    </RunnerContext.Provider>
  );
}
RunnerHost.displayName = 'RunnerHost';

export function useRunner(): RunnerControl {
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
