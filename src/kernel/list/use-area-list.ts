import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBridge, useBus, useKernel } from '../KernelProvider';
import { useRunner } from '../runner/RunnerHost';
import { cached, identityKey, updateCached } from '../store/ttl-cache';
import { usePlatformUserId } from '../bridge/extension-status';
import { dismissToast, updateToast } from '../core/toaster';
import { toastPlatformError } from '../platform/error-toast';
import type { Bridge } from '../bridge/bridge';
import type { FollowedSelection } from '../plugin/types';
import type { JobItem } from '../runner/types';
import { ReplyChanged } from '../platform/shape';
import { usePlatformCheck } from '../check/PlatformCheckHost';
import { closeStream, currentStream, openStream, type ListProgress } from './list-stream';
import { recordListRowType, useDeclaredObjectRowTypes } from '../runner/object-sources';
import { readRowOutputs, ROW_OUTPUTS_TABLE, withOutputs, type RowOutputs } from './row-outputs';
import { useWatchOffer } from './watch';

export interface ListLoadContext<Row> {
  bridge: Bridge;
  signal: AbortSignal;
  /** The rows so far — a page arrived, a detail batch filled in: the table shows them at once. */
  emit: (rows: readonly Row[]) => void;
  progress: (progress: ListProgress) => void;
  /**
   * The platform user id the list is read as, known before the load starts (null: the page checked and
   * no platform session gave one). What depends on who reads (a role on an ad account) is computed from it.
   */
  platformUserId: string | null;
}

export interface AreaListOptions<Row> {
  /**
   * The list's key in the 12-hour list cache (the spec's cache names: `fb_page_list`, `bmuser_list`…);
   * the entry is kept under it with the platform identity (`identityKey`).
   */
  cacheKey: string;
  /** Loads the whole list, emitting rows as they arrive; resolves with the complete list. */
  load: (ctx: ListLoadContext<Row>) => Promise<Row[]>;
  /** What a row is (docs/INTERFACES.md section 2), published with the selection. */
  rowType: string;
  getId: (row: Row) => string;
  /** The tile or route the view is shown in: its selection is published under this id. */
  sourceId: string;
  /** In a tile: the selection of the tile it follows (null: none). On a route screen leave it undefined: the list then follows selections published anywhere. */
  followed?: FollowedSelection | null;
  /** Which published selections filter this list, and how a row matches the selected ids. */
  follow?: { rowType: string; match: (row: Row, ids: ReadonlySet<string>) => boolean };
  /** The item a selected row becomes for the runner (default `{ id }`). */
  toItem?: (row: Row) => JobItem;
  /** Re-reads the given rows (after a job touched them), batched; rows not returned stay as they were. */
  reread?: (ids: readonly string[], ctx: { bridge: Bridge; signal: AbortSignal; rows: ReadonlyMap<string, Row> }) => Promise<Row[]>;
  /** Jobs of actions with this target row type refresh the list (default `rowType`). */
  refreshOn?: string;
}

export interface AreaList<Row> {
  /** Every row loaded so far. */
  rows: readonly Row[];
  /** The rows after the followed selection's filter: what the table shows. */
  visible: readonly Row[];
  /** True until the load ended (rows may already stream in). */
  loading: boolean;
  error: string | null;
  progress: ListProgress | null;
  /** The progress in words, for the one progress display. */
  progressText: string | null;
  reload: (force?: boolean) => void;
  selection: ReadonlySet<string>;
  onSelectionChange: (ids: ReadonlySet<string>, inViewOrder?: () => string[]) => void;
  /** The followed selection filtering the list (null: none); `clear` when the operator may drop it. */
  followFilter: { count: number; clear?: () => void } | null;
  rowType: string;
}

/**
 * Everything a list view needs around the table: a cached load that streams (rows appear as each page
 * arrives, details fill in as their batches land), abortable, with one progress display shared by
 * every view of the list; following a selection published by another tile (or, on a route screen,
 * anywhere); publishing its own selection with its items; and, after a job of its row type, re-reading
 * only the rows the job touched.
 */
export function useAreaList<Row>(o: AreaListOptions<Row>): AreaList<Row> {
  const { t } = useTranslation();
  const bridge = useBridge();
  const bus = useBus();
  const runner = useRunner();
  const { store, allPlugins, plugins } = useKernel();
  const check = usePlatformCheck();
  const checkRef = useRef(check);
  checkRef.current = check;
  const actionTargets = useMemo(() => new Map(allPlugins.flatMap((p) => p.actions.map((a) => [a.id, a.target] as const))), [allPlugins]);
  const [rows, setRows] = useState<readonly Row[]>([]);
  const [loading, setLoading] = useState(true);
  const [progress, setProgress] = useState<ListProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [busFollow, setBusFollow] = useState<readonly string[] | null>(null);
  const abort = useRef<AbortController | null>(null);
  const latest = useRef({ ...o, plugins });
  latest.current = { ...o, plugins };
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  // A language switch must not restart a load in flight: the toast reads the current translator.
  const tRef = useRef(t);
  tRef.current = t;
  /** The progress this view's own load last showed in its toast (null when no toast shows). */
  const toastProgress = useRef<ListProgress | null>(null);
  // The load waits for the platform identity: rows read before it is known would carry default roles,
  // cached for 12 hours (docs/DECISIONS.md, "Lists are read as a known platform identity").
  const platformUserId = usePlatformUserId();
  const { sourceId, rowType } = o;
  const cacheKey = platformUserId === undefined ? null : identityKey(o.cacheKey, platformUserId);
  const toastKey = `list:${o.cacheKey}`;
  /** The cache key of the rows shown (null before the first load). */
  const shownKey = useRef<string | null>(null);
  /** A forced reload asked for before the platform identity was known. */
  const forceOnIdentity = useRef(false);

  const progressText = useMemo(() => describeProgress(progress, t), [progress, t]);
  // A list read from the platform goes to the watch (the rows changed since the last send), in the background.
  const offerToWatch = useWatchOffer(rowType);
  const watchRef = useRef(offerToWatch);
  watchRef.current = offerToWatch;

  const load = useCallback(async (asked = false) => {
    abort.current?.abort();
    if (cacheKey === null || platformUserId === undefined) {
      // A Reload pressed while the identity is awaited is kept for the load that follows.
      if (asked) forceOnIdentity.current = true;
      setLoading(true);
      return;
    }
    const force = asked || forceOnIdentity.current;
    forceOnIdentity.current = false;
    // Another social account's rows are not shown while this one's list loads.
    if (shownKey.current !== null && shownKey.current !== cacheKey) setRows([]);
    shownKey.current = cacheKey;
    const controller = new AbortController();
    abort.current = controller;
    setLoading(true);
    setError(null);
    // The progress line and toast change at most once a second: every page and detail batch re-rendering
    // the view (and its 20,000-row table) cost more frames than the rows themselves.
    const showProgress = throttleLatest((p: ListProgress) => { if (!controller.signal.aborted) setProgress(p); }, PROGRESS_EVERY_MS);
    const showToast = throttleLatest((p: ListProgress) => {
      if (!controller.signal.aborted) void updateToast(toastKey, describeProgress(p, tRef.current) ?? '', 'primary', 0);
    }, PROGRESS_EVERY_MS);
    const live = (next: readonly Row[] | null, p: ListProgress | null) => {
      if (controller.signal.aborted) return;
      if (next) setRows(next);
      if (p) showProgress(p);
    };
    // A load of this list already in flight (another view of it): show what it streamed so far.
    const shared = force ? undefined : currentStream<Row>(store, cacheKey);
    const unsubscribeShared = shared?.subscribe(live);
    let own: ReturnType<typeof openStream<Row>> | null = null;
    try {
      const list = await cached(store, cacheKey, () => {
        own = openStream<Row>(store, cacheKey);
        const stream = own;
        stream.subscribe(live);
        return latest.current.load({
          bridge, signal: controller.signal, platformUserId,
          emit: (r) => stream.emit(r),
          progress: (p) => {
            stream.report(p);
            toastProgress.current = p;
            showToast(p);
          },
        });
      }, { force, signal: controller.signal });
      if (!controller.signal.aborted) {
        setRows(list);
        // only rows this load read from the platform: rows the cache served may be older than what a
        // scheduled check or another tab sent since, and would read as changes back (docs/DECISIONS.md,
        // "The watch: scheduled checks")
        if (own) watchRef.current(list);
      }
    } catch (e) {
      if (!controller.signal.aborted) {
        if (e instanceof ReplyChanged) {
          // Rows from a reply without the fields they show would look like data: none are shown.
          setRows([]);
          setError(tRef.current('check.listChanged', { fields: e.problems.map((p) => p.field).join(', ') }));
          const plugin = latest.current.plugins.find((p) => p.id === e.family.split('.')[0]);
          if (plugin) void checkRef.current?.listReplyChanged(plugin, e);
        } else {
          setError(e instanceof Error ? e.message : String(e));
          toastPlatformError(e);
        }
      }
    } finally {
      showProgress.cancel();
      showToast.cancel();
      unsubscribeShared?.();
      if (own) closeStream(store, cacheKey, own);
      if (own) {
        toastProgress.current = null;
        void dismissToast(toastKey);
      }
      if (!controller.signal.aborted) { setLoading(false); setProgress(null); }
    }
  }, [bridge, store, cacheKey, toastKey, platformUserId]);

  useEffect(() => { void load(); return () => abort.current?.abort(); }, [load]);

  // A list of objects some plugin declares (`objects` in plugin.json): the kernel's object picker offers its cached rows.
  const objectRowTypes = useDeclaredObjectRowTypes();
  useEffect(() => { if (objectRowTypes.has(rowType)) recordListRowType(store, o.cacheKey, rowType); }, [store, o.cacheKey, rowType, objectRowTypes]);

  // The progress toast speaks the current language: re-say it when the language changes mid-load.
  useEffect(() => {
    const p = toastProgress.current;
    if (p) void updateToast(toastKey, describeProgress(p, t) ?? '', 'primary', 0);
  }, [t, toastKey]);

  // On a route screen the list follows a selection of its follow row type published by any other view.
  useEffect(() => {
    if (o.followed !== undefined || !o.follow) return;
    const followType = o.follow.rowType;
    const onSelection = (e: FollowedSelection) => {
      if (e.rowType === followType && e.sourceTileId !== sourceId) setBusFollow(e.ids.length ? e.ids : null);
    };
    bus.on('selection:changed', onSelection);
    return () => bus.off('selection:changed', onSelection);
  }, [bus, o.followed, o.follow?.rowType, sourceId]); // eslint-disable-line react-hooks/exhaustive-deps

  // What actions found about these objects (row-outputs.ts), on their rows.
  const [outputs, setOutputs] = useState<Map<string, RowOutputs>>(() => readRowOutputs(store, rowType));
  useEffect(() => {
    setOutputs(readRowOutputs(store, rowType));
    const listener = store.addTableListener(ROW_OUTPUTS_TABLE, () => setOutputs(readRowOutputs(store, rowType)));
    return () => { store.delListener(listener); };
  }, [store, rowType]);
  const withFound = useMemo(() => {
    if (outputs.size === 0) return rows;
    const getId = latest.current.getId;
    return rows.map((r) => withOutputs(r, outputs.get(getId(r))));
  }, [rows, outputs]);

  const followedIds = o.followed !== undefined
    ? (o.followed && o.follow && o.followed.rowType === o.follow.rowType && o.followed.ids.length ? o.followed.ids : null)
    : busFollow;
  const visible = useMemo(() => {
    const match = latest.current.follow?.match;
    if (!followedIds || !match) return withFound;
    const ids = new Set(followedIds);
    return withFound.filter((r) => match(r, ids));
  }, [withFound, followedIds]);

  // Rows by id only when the selection changes: not rebuilt for every page that streams in.
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  // The items go out in the order the table shows them (a sort included): a name pattern's `{index}` counts that order.
  const onSelectionChange = useCallback((ids: ReadonlySet<string>, inViewOrder?: () => string[]) => {
    setSelection(ids);
    const { getId, toItem = (r: Row) => ({ id: getId(r) }) } = latest.current;
    const byId = new Map<string, Row>();
    if (ids.size) for (const r of visibleRef.current) { const id = getId(r); if (ids.has(id)) byId.set(id, r); }
    const ordered = inViewOrder ? inViewOrder() : [...ids];
    const items = ordered.flatMap((id) => { const r = byId.get(id); return r ? [toItem(r)] : []; });
    bus.emit('selection:changed', { sourceTileId: sourceId, rowType, ids: items.map((i) => i.id), items, pool: () => visibleRef.current.map(toItem) });
  }, [bus, sourceId, rowType]);

  // After a job on this row type: re-read the rows it touched (or everything, for a list without `reread`).
  useEffect(() => {
    const onFinished = async (e: { jobId: string; actionId: string }) => {
      const reread = latest.current.reread;
      const target = latest.current.refreshOn ?? rowType;
      if (actionTargets.get(e.actionId) !== target) return;
      if (!reread) { void load(true); return; }
      const ids = touchedIds(runner, e.jobId);
      if (!ids.length) return;
      const controller = new AbortController();
      try {
        const getId = latest.current.getId;
        const current = new Map(rowsRef.current.map((r) => [getId(r), r]));
        const fresh = new Map((await reread(ids, { bridge, signal: controller.signal, rows: current })).map((r) => [getId(r), r]));
        const merged = rowsRef.current.map((r) => fresh.get(getId(r)) ?? r);
        setRows(merged);
        if (cacheKey !== null) updateCached(store, cacheKey, merged);
        watchRef.current([...fresh.values()]);
      } catch (err) {
        toastPlatformError(err);
      }
    };
    const handler = (e: { jobId: string; actionId: string }) => void onFinished(e);
    bus.on('job:finished', handler);
    return () => bus.off('job:finished', handler);
  }, [bus, runner, bridge, store, cacheKey, rowType, load, actionTargets]);

  const followFilter = followedIds ? { count: followedIds.length, clear: o.followed === undefined ? () => setBusFollow(null) : undefined } : null;
  return { rows, visible, loading, error, progress, progressText, reload: (force = true) => void load(force), selection, onSelectionChange, followFilter, rowType };
}

const PROGRESS_EVERY_MS = 1000;

/** Runs the latest call at most once per `everyMs`: the first at once, the last of a burst when its interval ends. */
function throttleLatest<A>(run: (a: A) => void, everyMs: number): ((a: A) => void) & { cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { a: A } | null = null;
  let shown: { a: A } | null = null;
  const call = (a: A) => {
    if (shown?.a === a && !pending) return; // the same value again (a row emit repeats the progress)
    const wait = last + everyMs - Date.now();
    if (wait <= 0 && timer === undefined) {
      last = Date.now();
      shown = { a };
      run(a);
      return;
    }
    pending = { a };
    timer ??= setTimeout(() => {
      timer = undefined;
      last = Date.now();
      const next = pending;
      pending = null;
      if (next) { shown = next; run(next.a); }
    }, Math.max(0, wait));
  };
  return Object.assign(call, { cancel: () => { clearTimeout(timer); timer = undefined; pending = null; } });
}

function describeProgress(p: ListProgress | null, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  if (!p) return null;
  const list = t('list.progress', { count: p.pages, rows: p.rows });
  return p.detailsTotal ? `${list} · ${t('list.details', { done: p.detailsDone ?? 0, total: p.detailsTotal })}` : list;
}

/** The ids of the objects a job worked on (a pair's object once). */
function touchedIds(runner: ReturnType<typeof useRunner>, jobId: string): string[] {
  const ids = new Set<string>();
  for (const item of runner.items(jobId)) {
    if (item.state !== 'done' && item.state !== 'unknown') continue;
    try {
      const parsed = JSON.parse(item.item) as { id?: unknown };
      if (typeof parsed.id === 'string' && parsed.id) ids.add(parsed.id);
    } catch {
      // an item that cannot be read changes nothing in the list
    }
  }
  return [...ids];
}
