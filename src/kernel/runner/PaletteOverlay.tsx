import { useMemo } from 'react';
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
import type { PaletteSelection } from './CommandPalette';

/**
 * An action on the selection (`disabled`: why it cannot run now — a newer extension needed, web
 * operations not known yet… — shown in its place), or a screen of the menu to go to.
 */
type PaletteEntry = { kind: 'action'; action: RowAction } | { kind: 'screen'; path: string; title: string; icon: string };

export interface PaletteOverlayProps {
  open: boolean;
  setOpen: (open: boolean) => void;
  query: string;
  setQuery: (query: string) => void;
  selection: PaletteSelection | null;
  request: ActionRequest | null;
  setRequest: (request: ActionRequest | null) => void;
}

/**
 * The palette's list (Blueprint's Omnibar) and the parameter dialog of the action picked in it: the code
 * src/kernel/runner/CommandPalette.tsx loads the first time the palette opens.
 */
export function PaletteOverlay({ open, setOpen, query, setQuery, selection, request, setRequest }: PaletteOverlayProps) {
  const { t } = useTranslation();
  const { plugins, user } = useKernel();
  const navigate = useNavigate();
  const { theme } = useSettings();

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
PaletteOverlay.displayName = 'PaletteOverlay';
