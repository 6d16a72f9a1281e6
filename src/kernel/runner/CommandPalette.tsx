import { useEffect, useMemo, useState } from 'react';
import { MenuItem } from '@blueprintjs/core';
import { Omnibar, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useKernel } from '../KernelProvider';
import { menuScreens, screenTitle } from '../plugin/screens';
import { useSettings } from '../core/settings';
import { ActionDialog, type ActionRequest } from './ActionDialog';
import { useRowActions, type RowAction } from './use-row-actions';
import type { JobItem } from './types';

interface Selection { rowType: string; items: readonly JobItem[]; pool?: () => readonly JobItem[] }
/**
 * An action on the selection (`disabled`: why it cannot run now — a newer extension needed, web
 * operations not known yet… — shown in its place), or a screen of the menu to go to.
 */
type PaletteEntry = { kind: 'action'; action: RowAction } | { kind: 'screen'; path: string; title: string; icon: string };

/**
 * The command palette (Ctrl/⌘+K): the actions available on the current selection — the last
 * selection any screen or tile published — then their parameter dialog; and every screen of the menu
 * (areas and their other screens) as a "go to" entry, with or without a selection.
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const { bus, plugins, user } = useKernel();
  const navigate = useNavigate();
  const { theme } = useSettings();
  const [open, setOpenState] = useState(false);
  // The palette opens with an empty query every time (Omnibar would keep the last one).
  const [query, setQuery] = useState('');
  const setOpen = (next: boolean) => {
    if (next) setQuery('');
    setOpenState(next);
  };
  const [selection, setSelection] = useState<Selection | null>(null);
  const [request, setRequest] = useState<ActionRequest | null>(null);

  useEffect(() => {
    const onSelection = (e: { rowType: string; ids: readonly string[]; items?: readonly JobItem[]; pool?: () => readonly JobItem[] }) =>
      setSelection(e.ids.length ? { rowType: e.rowType, items: e.items ?? e.ids.map((id) => ({ id })), pool: e.pool } : null);
    const onOpen = () => setOpen(true);
    bus.on('selection:changed', onSelection);
    bus.on('palette:opened', onOpen);
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') { e.preventDefault(); setOpen(true); }
    };
    window.addEventListener('keydown', onKey);
    return () => { bus.off('selection:changed', onSelection); bus.off('palette:opened', onOpen); window.removeEventListener('keydown', onKey); };
  }, [bus]);

  const actions = useRowActions(selection?.rowType ?? null);
  const screens = useMemo(
    () => menuScreens(plugins, user?.role).map((s) => ({ kind: 'screen' as const, path: s.path, title: screenTitle(t as never, s), icon: s.icon })),
    [plugins, user?.role, t],
  );
  const entries: PaletteEntry[] = [...(selection ? actions.map((action) => ({ kind: 'action' as const, action })) : []), ...screens];

  const render: ItemRenderer<PaletteEntry> = (entry, { handleClick, modifiers }) => {
    if (entry.kind === 'screen') {
      return <MenuItem key={`go:${entry.path}`} icon={entry.icon as never} text={entry.title} label={t('runner.goTo')} active={modifiers.active} onClick={handleClick} data-goto-path={entry.path} />;
    }
    const a = entry.action;
    return (
      <MenuItem key={a.actionId} text={a.title} label={a.disabled ?? a.pluginTitle} title={a.disabled ?? undefined}
        active={modifiers.active} disabled={!!a.disabled} onClick={handleClick} data-action-id={a.actionId} data-disabled-reason={a.disabled ?? undefined} />
    );
  };
  const filter: ItemPredicate<PaletteEntry> = (query, entry) =>
    (entry.kind === 'screen' ? `${entry.title} ${entry.path}` : `${entry.action.title} ${entry.action.actionId}`).toLowerCase().includes(query.toLowerCase());

  return (
    <>
      <Omnibar<PaletteEntry>
        isOpen={open}
        query={query}
        onQueryChange={setQuery}
        onClose={() => setOpen(false)}
        items={entries}
        itemRenderer={render}
        itemPredicate={filter}
        initialContent={undefined}
        onItemSelect={(entry) => {
          setOpen(false);
          if (entry.kind === 'screen') navigate(entry.path);
          else if (selection && !entry.action.disabled) setRequest({ actionId: entry.action.actionId, items: selection.items, pool: selection.pool });
        }}
        noResults={<MenuItem disabled text={selection ? t('runner.noActions') : t('runner.selectFirst')} />}
        inputProps={{ placeholder: selection ? t('runner.paletteFor', { count: selection.items.length }) : t('runner.paletteGoTo') }}
        overlayProps={{ className: theme === 'dark' ? 'bp6-dark' : undefined }}
      />
      <ActionDialog request={request} onClose={() => setRequest(null)} />
    </>
  );
}
CommandPalette.displayName = 'CommandPalette';
