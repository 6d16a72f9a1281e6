import { useEffect, useState } from 'react';
import { MenuItem } from '@blueprintjs/core';
import { Omnibar, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../KernelProvider';
import { useSettings } from '../core/settings';
import { ActionDialog, type ActionRequest } from './ActionDialog';
import { useRowActions, type RowAction } from './use-row-actions';
import type { JobItem } from './types';

interface Selection { rowType: string; items: readonly JobItem[]; pool?: () => readonly JobItem[] }
/** `disabled`: why the action cannot run now (a newer extension needed, web operations not known yet…), shown in its place. */
type PaletteEntry = RowAction;

/**
 * The command palette (Ctrl/⌘+K): the actions available on the current selection — the last
 * selection any screen or tile published — then their parameter dialog.
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const { bus } = useKernel();
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

  const entries: PaletteEntry[] = useRowActions(selection?.rowType ?? null);

  const render: ItemRenderer<PaletteEntry> = (entry, { handleClick, modifiers }) => (
    <MenuItem key={entry.actionId} text={entry.title} label={entry.disabled ?? entry.pluginTitle} title={entry.disabled ?? undefined}
      active={modifiers.active} disabled={!!entry.disabled} onClick={handleClick} data-action-id={entry.actionId} data-disabled-reason={entry.disabled ?? undefined} />
  );
  const filter: ItemPredicate<PaletteEntry> = (query, entry) => `${entry.title} ${entry.actionId}`.toLowerCase().includes(query.toLowerCase());

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
        onItemSelect={(entry) => { setOpen(false); if (selection && !entry.disabled) setRequest({ actionId: entry.actionId, items: selection.items, pool: selection.pool }); }}
        noResults={<MenuItem disabled text={selection ? t('runner.noActions') : t('runner.selectFirst')} />}
        inputProps={{ placeholder: selection ? t('runner.paletteFor', { count: selection.items.length }) : t('runner.selectFirst') }}
        overlayProps={{ className: theme === 'dark' ? 'bp6-dark' : undefined }}
      />
      <ActionDialog request={request} onClose={() => setRequest(null)} />
    </>
  );
}
CommandPalette.displayName = 'CommandPalette';
