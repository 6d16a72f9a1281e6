import { Suspense, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Mosaic, MosaicWindow, type MosaicNode, type MosaicPath } from 'react-mosaic-component';
import 'react-mosaic-component/react-mosaic-component.css';
import { Button, ButtonGroup, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../KernelProvider';
import { useSettings } from '../core/settings';
import { useActiveOrg } from '../core/active-org';
import { lazyComponent } from '../plugin/route-table';
import type { FollowedSelection, LoadedPlugin, PluginView } from '../plugin/types';
import type { JobItem } from '../runner/types';
import { addTile, defaultWorkspace, emptyWorkspace, JOBS_VIEW, newTileId, pruneConfigs, setTileTableState, withNewTile, WorkspaceFileError, type TileConfig, type WorkspaceFile } from './workspace-file';
import { TableStateScope, type TableViewState } from '../table/table-state';
import { deleteWorkspace, listWorkspaces, loadCurrentWorkspace, loadWorkspace, MAX_WORKSPACE_NAME, saveCurrentWorkspace, saveWorkspace, WORKSPACES_TABLE } from './saved-workspaces';
import { followCandidates, tileTitles } from './tile-titles';
import { TileControls } from './TileControls';
import { shareTileSelections } from '../runner/object-sources';

interface ViewEntry { plugin: LoadedPlugin; view: PluginView }

/** The runner's jobs panel as a tile, offered by the kernel itself. It publishes no selection and follows none. */
const KERNEL_JOBS_VIEW: ViewEntry = {
  plugin: { id: 'kernel', titleKey: 'runner.jobs', icon: 'th-list', order: -1, roles: ['*'], routes: [], views: [], actions: [], lanes: {}, widgets: [], locales: { 'zh-CN': {}, 'en-US': {} } },
  view: { id: JOBS_VIEW, titleKey: 'runner.jobs', component: async () => ({ default: (await import('../runner/JobsView')).JobsView }) },
};

/**
 * A first-time operator's workspace (a stored one is never replaced): the default tiles the plugins
 * declare (`defaultTile`, docs/PLUGINS.md) beside the jobs panel. With two, the main tile is the one
 * whose `follow` row type the other shows (else the first in menu order) and follows the other,
 * opened on its left (the business list, the ad accounts of the selected businesses beside it, the
 * jobs panel on the right).
 */
export function firstTimeWorkspace(available: ReadonlySet<string>, defaultTiles: readonly Pick<PluginView, 'id' | 'rowType' | 'follow'>[]): WorkspaceFile {
  const tiles = defaultTiles.filter((v) => available.has(v.id));
  const ids = tiles.map((v) => v.id);
  const pair = tiles.length >= 2 ? tiles.flatMap((m) => tiles.filter((s) => s !== m && m.follow !== undefined && m.follow === s.rowType).map((s) => [m.id, s.id])).at(0) : undefined;
  const [main, source] = pair ?? ids;
  if (!main || !source) return defaultWorkspace(available, ids);
  const sourceId = newTileId(source);
  const mainId = newTileId(main);
  let file = withNewTile(withNewTile(emptyWorkspace(), sourceId, source), mainId, main);
  file.configById[mainId] = { ...file.configById[mainId], follow: sourceId };
  if (!available.has(JOBS_VIEW)) return { ...file, layout: { type: 'split', direction: 'row', children: [sourceId, mainId], splitPercentages: [35, 65] } };
  const jobsId = newTileId(JOBS_VIEW);
  file = withNewTile(file, jobsId, JOBS_VIEW);
  return { ...file, layout: { type: 'split', direction: 'row', children: [sourceId, mainId, jobsId], splitPercentages: [28, 47, 25] } };
}

/** The tiled workspace: any plugin view as a tile; split, resize, drag, maximise, close; named saves. */
export function Workspace() {
  const { plugins, bus, store } = useKernel();
  const { t } = useTranslation();
  const settings = useSettings();
  const views = useMemo(() => {
    const map = new Map<string, ViewEntry>();
    map.set(KERNEL_JOBS_VIEW.view.id, KERNEL_JOBS_VIEW);
    for (const plugin of plugins) for (const view of plugin.views) map.set(view.id, { plugin, view });
    return map;
  }, [plugins]);
  const defaultFile = useCallback(() => firstTimeWorkspace(new Set(views.keys()), plugins.flatMap((p) => p.views.filter((v) => v.defaultTile))), [views, plugins]);
  // A first-time user starts with the default layout, not an empty screen.
  const [{ file, name }, setState] = useState<{ file: WorkspaceFile; name: string | null }>(() => {
    const current = loadCurrentWorkspace();
    return current.stored ? { file: current.file, name: current.name } : { file: defaultFile(), name: null };
  });
  const [selections, setSelections] = useState<Record<string, FollowedSelection>>({});
  const [saveOpen, setSaveOpen] = useState(false);
  const [message, setMessage] = useState<{ intent: 'success' | 'danger'; text: string } | null>(null);
  // the names follow the table: a save in another tab, or the team's library read from the server
  const savedNamesKey = useSyncExternalStore(
    (changed) => { const id = store.addRowIdsListener(WORKSPACES_TABLE, changed); return () => { store.delListener(id); }; },
    () => listWorkspaces(store).join('\u0000'),
  );
  // in a team the named workspaces are the team's (docs/TEAMS.md "What a team shares"); its viewers only open them
  const team = useActiveOrg();
  const readOnly = team?.role === 'viewer';
  const savedNames = useMemo(() => (savedNamesKey ? savedNamesKey.split('\u0000') : []), [savedNamesKey]);
  // Bumped when a saved workspace is opened: its tiles mount afresh and read their own table state.
  const [opened, setOpened] = useState(0);
  // The maximised tile covers the others; the layout itself is untouched, so restoring is exact.
  const [maximised, setMaximised] = useState<string | null>(null);

  const [viewToAdd, setViewToAdd] = useState('');
  const firstView = views.keys().next().value ?? '';

  useEffect(() => saveCurrentWorkspace(file, name), [file, name]);
  useEffect(() => { if (maximised && !file.configById[maximised]) setMaximised(null); }, [maximised, file.configById]);

  // Tiles publish their selection on the bus; the workspace remembers the last one of each tile.
  useEffect(() => {
    const onSelection = (e: FollowedSelection) =>
      setSelections((prev) => ({ ...prev, [e.sourceTileId]: { sourceTileId: e.sourceTileId, rowType: e.rowType, ids: e.ids, items: e.items } }));
    bus.on('selection:changed', onSelection);
    return () => bus.off('selection:changed', onSelection);
  }, [bus]);

  const setFile = useCallback((update: (f: WorkspaceFile) => WorkspaceFile) => setState((s) => ({ ...s, file: update(s.file) })), []);
  const setTableState = useCallback(
    (tileId: string, viewId: string, state: TableViewState) => setFile((f) => setTileTableState(f, tileId, viewId, state)),
    [setFile],
  );

  const onLayoutChange = useCallback(
    (layout: MosaicNode<string> | null) => setFile((f) => ({ ...f, layout, configById: pruneConfigs(layout, f.configById) })),
    [setFile],
  );

  /** react-mosaic's createNode, called by a tile's split with that tile's view. */
  const createTile = useCallback((viewId?: unknown) => {
    const target = typeof viewId === 'string' && viewId ? viewId : viewToAdd || firstView;
    const tileId = newTileId(target);
    setFile((f) => withNewTile(f, tileId, target));
    return tileId;
  }, [setFile, viewToAdd, firstView]);

  const add = () => {
    const viewId = viewToAdd || firstView;
    if (!viewId) return;
    setMaximised(null);
    setFile((f) => addTile(f, viewId).file);
  };

  const setFollow = (tileId: string, follow: string | null) =>
    setFile((f) => ({ ...f, configById: { ...f.configById, [tileId]: { ...f.configById[tileId], follow } } }));

  const open = (target: string) => {
    try {
      setState({ file: loadWorkspace(store, target), name: target });
      setOpened((n) => n + 1);
      setMaximised(null);
      setMessage(null);
      bus.emit('workspace:opened', { name: target });
    } catch (e) {
      setMessage({ intent: 'danger', text: t('workspace.openFailed', { name: target, reason: (e as Error).message }) });
    }
  };

  const save = (target: string) => {
    try {
      saveWorkspace(store, target, file);
      setState((s) => ({ ...s, name: target.trim() }));
      setMessage({ intent: 'success', text: t('workspace.saved', { name: target.trim() }) });
      bus.emit('workspace:saved', { name: target.trim() });
      return null;
    } catch (e) {
      return e instanceof WorkspaceFileError ? e.message : String(e);
    }
  };

  const remove = () => {
    if (!name) return;
    deleteWorkspace(store, name);
    setState((s) => ({ ...s, name: null }));
  };

  const resetLayout = () => {
    setMaximised(null);
    setState({ file: defaultFile(), name: null });
    setOpened((n) => n + 1);
  };

  const viewTitle = useCallback((viewId: string) => {
    const entry = views.get(viewId);
    return entry ? t(entry.view.titleKey, { ns: entry.plugin.id }) : t('workspace.unavailableTitle');
  }, [views, t]);
  const titles = useMemo(
    () => tileTitles(file.configById, viewTitle, (title, n) => t('workspace.numberedTitle', { title, n })),
    [file.configById, viewTitle, t],
  );
  const rowTypeOf = useCallback((viewId: string) => views.get(viewId)?.view.rowType, [views]);

  // What each open tile selected, by the tile's title: the object picker of a form offers it (runner/ObjectPicker.tsx).
  useEffect(() => {
    shareTileSelections(bus, Object.keys(file.configById).flatMap((tileId) => {
      const s = selections[tileId];
      return s ? [{ tileId, title: titles[tileId] ?? viewTitle(file.configById[tileId].viewId), rowType: s.rowType, ids: s.ids, items: s.items }] : [];
    }));
  }, [bus, selections, titles, file.configById, viewTitle]);
  useEffect(() => () => shareTileSelections(bus, []), [bus]);

  const renderTile = (tileId: string, path: MosaicPath) => {
    const config: TileConfig = file.configById[tileId] ?? { viewId: '', follow: null };
    const isMaximised = maximised === tileId;
    // Only a list view (one with a row type) can filter by another tile's selection; the jobs panel cannot.
    const follow = rowTypeOf(config.viewId) === undefined ? null : {
      value: config.follow ?? null,
      candidates: followCandidates(tileId, file.configById, rowTypeOf).map((id) => ({ tileId: id, title: titles[id] })),
      onChange: (target: string | null) => setFollow(tileId, target),
    };
    const title = titles[tileId] ?? viewTitle(config.viewId);
    return (
      <MosaicWindow<string>
        path={path}
        title={title}
        className={isMaximised ? 'tessera-tile tessera-tile-maximised' : 'tessera-tile'}
        draggable={!isMaximised}
        createNode={createTile /* react-mosaic checks it here, then calls the Mosaic's own */}
        toolbarControls={<TileControls viewId={config.viewId} title={title} maximised={isMaximised} onMaximise={(on) => setMaximised(on ? tileId : null)} follow={follow} />}
      >
        <div className="tessera-tile-body" data-tile-id={tileId} data-view-id={config.viewId}>
          <TableStateScope states={config.table} onChange={(viewId, state) => setTableState(tileId, viewId, state)}>
            <TileContent tileId={tileId} entry={views.get(config.viewId)} followed={followedBy(views.get(config.viewId)?.view, config.follow ? selections[config.follow] : undefined)} />
          </TableStateScope>
        </div>
      </MosaicWindow>
    );
  };

  return (
    <div className="tessera-workspace">
      <div className="tessera-workspace-toolbar">
        <strong className="tessera-workspace-heading">{name ? t('workspace.current', { name }) : t('workspace.unsaved')}</strong>
        <ButtonGroup>
          <HTMLSelect aria-label={t('workspace.open')} value={name ?? ''} onChange={(e) => e.currentTarget.value && open(e.currentTarget.value)}>
            <option value="">{t('workspace.openPlaceholder')}</option>
            {savedNames.map((n) => <option key={n} value={n}>{n}</option>)}
          </HTMLSelect>
          <Button icon="floppy-disk" text={t('workspace.saveAs')} onClick={() => setSaveOpen(true)} disabled={readOnly} title={readOnly ? t('workspace.viewerReadOnly') : undefined} />
          <Button icon="trash" aria-label={t('workspace.delete')} title={readOnly ? t('workspace.viewerReadOnly') : t('workspace.delete')} disabled={!name || readOnly} onClick={remove} />
        </ButtonGroup>
        {team && <span className="bp6-text-muted tessera-workspace-team" data-testid="workspace-team">{t('workspace.teamShared', { team: team.name, interpolation: { escapeValue: false } })}</span>}
        <span className="tessera-workspace-spacer" />
        <label className="tessera-workspace-add">
          <span className="bp6-text-muted">{t('workspace.addLabel')}</span>
          <HTMLSelect aria-label={t('workspace.viewToAdd')} value={viewToAdd || firstView} onChange={(e) => setViewToAdd(e.currentTarget.value)}>
            {[...views.values()].map(({ plugin, view }) => (
              <option key={view.id} value={view.id}>
                {plugin.id === 'kernel' ? t(view.titleKey) : `${t(plugin.titleKey, { ns: plugin.id })} · ${t(view.titleKey, { ns: plugin.id })}`}
              </option>
            ))}
          </HTMLSelect>
        </label>
        <Button icon="add" intent="primary" text={t('workspace.addTile')} onClick={add} disabled={views.size === 0} />
      </div>
      {message && <Callout intent={message.intent} className="tessera-workspace-message" onClick={() => setMessage(null)}>{message.text}</Callout>}
      <div className="tessera-mosaic-host" data-maximised={maximised ?? undefined}>
        <Mosaic<string>
          key={opened}
          renderTile={renderTile}
          value={file.layout}
          onChange={onLayoutChange}
          createNode={createTile}
          blueprintNamespace="bp6"
          className={`mosaic-blueprint-theme${settings.theme === 'dark' ? ' bp6-dark bp5-dark' : ''}`} // the mosaic stylesheet keys its dark theme on bp5-dark
          zeroStateView={
            <NonIdealState
              className="tessera-workspace-empty"
              icon="control"
              title={t('workspace.emptyTitle')}
              description={t('workspace.emptyHelp')}
              action={<ButtonGroup><Button icon="add" intent="primary" text={t('workspace.addTile')} onClick={add} /><Button icon="reset" text={t('workspace.resetLayout')} onClick={resetLayout} /></ButtonGroup>}
            />
          }
        />
      </div>
      <SaveDialog isOpen={saveOpen} initialName={name ?? ''} team={team?.name ?? null} onClose={() => setSaveOpen(false)} onSave={save} />
    </div>
  );
}
Workspace.displayName = 'Workspace';

/** What a tile receives of the tile it follows: nothing when its view declares `follow` of another row type. */
export function followedBy(view: Pick<PluginView, 'follow'> | undefined, selection: FollowedSelection | undefined): FollowedSelection | null {
  if (!selection) return null;
  return view?.follow === undefined || view.follow === selection.rowType ? selection : null;
}

function TileContent({ tileId, entry, followed }: { tileId: string; entry: ViewEntry | undefined; followed: FollowedSelection | null }) {
  const { bus } = useKernel();
  const { t } = useTranslation();
  const publishSelection = useCallback(
    (rowType: string, ids: readonly string[], items?: readonly JobItem[]) => bus.emit('selection:changed', { sourceTileId: tileId, rowType, ids, items }),
    [bus, tileId],
  );
  if (!entry) return <NonIdealState icon="disable" title={t('workspace.unavailableTitle')} description={t('workspace.unavailable')} />;
  const View = lazyComponent(entry.view.component);
  return (
    <Suspense fallback={<Spinner size={20} />}>
      <View tileId={tileId} placement="tile" followedSelection={followed} publishSelection={publishSelection} />
    </Suspense>
  );
}

function SaveDialog({ isOpen, initialName, team, onClose, onSave }: { isOpen: boolean; initialName: string; team: string | null; onClose: () => void; onSave: (name: string) => string | null }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [value, setValue] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { if (isOpen) { setValue(initialName); setError(null); } }, [isOpen, initialName]);
  const submit = () => {
    if (!value.trim()) return setError(t('workspace.nameRequired'));
    if (value.trim().length > MAX_WORKSPACE_NAME) return setError(t('workspace.nameTooLong', { max: MAX_WORKSPACE_NAME }));
    const problem = onSave(value);
    if (problem) setError(problem);
    else onClose();
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('workspace.saveAs')} className={settings.theme === 'dark' ? 'bp6-dark' : undefined}>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <DialogBody>
          <FormGroup label={t('workspace.name')} labelFor="tessera-workspace-name" intent={error ? 'danger' : 'none'}
            helperText={error ?? (team ? t('workspace.saveForTeam', { team, interpolation: { escapeValue: false } }) : undefined)}>
            <InputGroup id="tessera-workspace-name" autoFocus value={value} onChange={(e) => setValue(e.currentTarget.value)} intent={error ? 'danger' : 'none'} />
          </FormGroup>
        </DialogBody>
        <DialogFooter actions={<><Button text={t('common.cancel')} onClick={onClose} /><Button type="submit" intent="primary" text={t('common.save')} /></>} />
      </form>
    </Dialog>
  );
}
