import { useCallback, useEffect, useMemo, useState } from 'react';
import { Card, Classes, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useKernel } from '../../KernelProvider';
import { useCachedList, useCacheLoadState } from '../../list/use-cached-list';
import { useRunner } from '../../runner/RunnerHost';
import { useJobs } from '../../runner/use-jobs';
import type { LoadedPlugin, NeedCounters, PluginBindings } from '../../plugin/types';
import { countNeeds, declaredNeeds, FAILED_JOB_DAYS, jobsNeedingOperator, neededLists, summariseNeeds, type NeedFigure } from './needs';

interface ListRead { rows: readonly unknown[] | null; loading: boolean }

/** Reads one cached list for the needs (a component per list: the number of lists varies with the plugins). */
function ListReader({ listKey, onRead }: { listKey: string; onRead: (key: string, read: ListRead) => void }) {
  const rows = useCachedList<unknown>(listKey);
  const loading = useCacheLoadState(listKey) === 'loading';
  useEffect(() => onRead(listKey, { rows, loading }), [listKey, rows, loading, onRead]);
  return null;
}

/** Each plugin's needs module, loaded once per page (a failed load is tried again on the next mount). */
const modules = new Map<NonNullable<PluginBindings['needs']>, Promise<NeedCounters>>();
function loadCounters(load: NonNullable<PluginBindings['needs']>): Promise<NeedCounters> {
  let p = modules.get(load);
  if (!p) {
    p = load().then((m) => m.default);
    p.catch(() => modules.delete(load));
    modules.set(load, p);
  }
  return p;
}

/** The counters of the plugins that declare needs, by plugin id, as they arrive; `pending` while some are loading. */
function useCounters(plugins: readonly LoadedPlugin[]): { counters: ReadonlyMap<string, NeedCounters>; pending: boolean } {
  const withNeeds = useMemo(() => plugins.filter((p) => p.needs?.length && p.countNeeds), [plugins]);
  const [state, setState] = useState<{ counters: ReadonlyMap<string, NeedCounters>; settled: ReadonlySet<string> }>({ counters: new Map(), settled: new Set() });
  useEffect(() => {
    let live = true;
    for (const p of withNeeds) {
      loadCounters(p.countNeeds!).then(
        (c) => live && setState((s) => ({ counters: new Map(s.counters).set(p.id, c), settled: new Set(s.settled).add(p.id) })),
        (e: unknown) => {
          console.warn(`[tessera] the needs of ${p.id} could not be loaded`, e);
          if (live) setState((s) => ({ ...s, settled: new Set(s.settled).add(p.id) }));
        },
      );
    }
    return () => { live = false; };
  }, [withNeeds]);
  return { counters: state.counters, pending: withNeeds.some((p) => !state.settled.has(p.id)) };
}

export interface NeedsSummary {
  /** Figures above zero (the kernel's jobs figure included). */
  pending: number;
  /** Needs not counted (their lists not loaded) or still counting. */
  uncounted: number;
}

/**
 * The figures of what needs the operator: each area's needs (manifest `needs`, counted by the area's code
 * over its cached lists), each a link to the list already filtered, and the kernel's own — jobs that
 * failed lately or were interrupted. An area whose lists are not loaded is named as not counted yet,
 * with a link that loads it: the panel never says "nothing" about what it did not count.
 */
export function NeedsCounts({ onSummary }: { onSummary: (s: NeedsSummary) => void }) {
  const { t, i18n } = useTranslation();
  const { plugins, store, bus } = useKernel();
  const runner = useRunner();
  const jobs = useJobs(runner);
  const needs = useMemo(() => declaredNeeds(plugins), [plugins]);
  const [reads, setReads] = useState<Readonly<Record<string, ListRead>>>({});
  const onRead = useCallback((key: string, read: ListRead) => setReads((prev) => (prev[key]?.rows === read.rows && prev[key]?.loading === read.loading ? prev : { ...prev, [key]: read })), []);
  const { counters, pending } = useCounters(plugins);
  const lists = useMemo(() => neededLists(counters), [counters]);
  const figures = useMemo(() => countNeeds(needs, counters, (k) => reads[k]?.rows ?? null, store), [needs, counters, reads, store]);
  const jobNeeds = useMemo(() => jobsNeedingOperator(jobs), [jobs]);
  const jobCount = jobNeeds.failed + jobNeeds.interrupted;
  const counting = (f: NeedFigure) => f.count === null && ((pending && !counters.has(f.need.pluginId)) || f.lists.some((k) => reads[k]?.loading || reads[k] === undefined));
  // the figures above zero first, then the ones counted at zero
  const { pending: aboveZero, zero } = summariseNeeds(figures);
  const ordered = [...aboveZero, ...zero];
  const waiting = figures.filter(counting);
  const notCounted = [...new Set(figures.filter((f) => f.count === null && !counting(f)).map((f) => f.need.pluginId))];
  const ready = waiting.length === 0;
  const above = aboveZero.length + (jobCount > 0 ? 1 : 0);
  const uncounted = figures.length - ordered.length;
  useEffect(() => onSummary({ pending: above, uncounted }), [above, uncounted, onSummary]);
  const byId = new Map(plugins.map((p) => [p.id, p]));
  const n = (count: number) => count.toLocaleString(i18n.language);
  return (
    <Card compact className="tessera-need tessera-need-counts" data-testid="needs-me-counts" data-ready={ready}>
      {lists.map((k) => <ListReader key={k} listKey={k} onRead={onRead} />)}
      <div className="tessera-need-head"><Tag minimal icon="issue" intent={above ? 'warning' : 'none'}>{t('dashboard.needsMe')}</Tag></div>
      <ul className="tessera-need-figures">
        {ordered.map(({ need, count }) => (
          <li key={need.id}>
            <Link to={need.link} className={`tessera-need-figure${count ? ` tessera-need-figure-${need.intent}` : ''}`} data-need={need.id} data-count={count!}>
              <strong className="tessera-need-count">{n(count!)}</strong>
              <span>{t(need.titleKey, { ns: need.pluginId })}</span>
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className={`tessera-need-figure${jobCount ? ' tessera-need-figure-danger' : ''}`} data-need="kernel.jobs" data-count={jobCount} onClick={() => bus.emit('jobs:opened', undefined)}>
            <strong className="tessera-need-count">{n(jobCount)}</strong>
            <span>{t('dashboard.jobsNeedYou', { days: FAILED_JOB_DAYS })}</span>
          </button>
        </li>
      </ul>
      {waiting.length > 0 && <div className={Classes.TEXT_MUTED} data-testid="needs-me-counting"><Spinner size={12} className="tessera-inline-spinner" /> {t('dashboard.counting')}</div>}
      {notCounted.length > 0 && (
        <div className={Classes.TEXT_MUTED} data-testid="needs-me-not-counted">
          {t('dashboard.notCounted')}{' '}
          {notCounted.map((id, i) => {
            const p = byId.get(id);
            const path = p?.routes[0]?.path;
            return <span key={id}>{i > 0 && ' · '}{path ? <Link to={path} data-area={id}>{t(p!.titleKey, { ns: id })}</Link> : id}</span>;
          })}
        </div>
      )}
    </Card>
  );
}
