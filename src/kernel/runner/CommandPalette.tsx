import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useKernel } from '../KernelProvider';
import { lazyComponent } from '../plugin/route-table';
import { withAllStrings } from '../i18n';
import type { ActionRequest } from './ActionDialog';
import type { JobItem } from './types';

export interface PaletteSelection { rowType: string; items: readonly JobItem[]; pool?: () => readonly JobItem[] }

/**
 * The palette's list and its parameter dialog (Blueprint Select, the action dialog with its forms) load
 * the first time the palette opens, not with every signed-in screen (docs/DECISIONS.md, "The
 * dashboard loads what it shows"), and every string with them (the actions' titles and forms are not
 * in the first screen's part, docs/PLUGINS.md, "Strings").
 */
const loadOverlay = () => import('./PaletteOverlay').then((m) => ({ default: m.PaletteOverlay }));

/**
 * The command palette (Ctrl/⌘+K): the actions available on the current selection — the last
 * selection any screen or tile published — then their parameter dialog; and every screen of the menu
 * (areas and their other screens) as a "go to" entry, with or without a selection. This part listens
 * from the start (the shortcut, `palette:opened`, the selection); the list itself is PaletteOverlay.
 */
export function CommandPalette() {
  const { bus, i18n } = useKernel();
  const [open, setOpenState] = useState(false);
  // Mounted from the first opening on, so the list's and the dialog's state live as before.
  const [used, setUsed] = useState(false);
  const [opens, setOpens] = useState(0);
  // The palette opens with an empty query every time (Omnibar would keep the last one).
  const [query, setQuery] = useState('');
  const setOpen = (next: boolean) => {
    if (next) { setQuery(''); setUsed(true); setOpens((n) => n + 1); }
    setOpenState(next);
  };
  const [selection, setSelection] = useState<PaletteSelection | null>(null);
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

  if (!used) return null;
  const Overlay = lazyComponent(withAllStrings(i18n, loadOverlay));
  return (
    <PaletteLoadFailure opens={opens} onFailed={() => setOpenState(false)}>
      <Suspense fallback={null}>
        <Overlay open={open} setOpen={setOpen} query={query} setQuery={setQuery} selection={selection} request={request} setRequest={setRequest} />
      </Suspense>
    </PaletteLoadFailure>
  );
}
CommandPalette.displayName = 'CommandPalette';

/**
 * When the palette's code cannot be loaded (offline, or a new version replaced the old chunks) the
 * palette stays closed instead of taking the page down; the next opening asks for the code again
 * (lazyComponent forgets a failed load).
 */
class PaletteLoadFailure extends Component<{ opens: number; onFailed: () => void; children: ReactNode }, { failedAt: number | null }> {
  static displayName = 'PaletteLoadFailure';
  state = { failedAt: null as number | null };
  static getDerivedStateFromError() {
    return { failedAt: -1 };
  }
  componentDidCatch(error: Error) {
    console.error('[tessera] the command palette failed to load', error);
    this.setState({ failedAt: this.props.opens });
    this.props.onFailed();
  }
  render() {
    // a failure hides the palette until it is opened again
    const failed = this.state.failedAt !== null && (this.state.failedAt === -1 || this.state.failedAt === this.props.opens);
    return failed ? null : this.props.children;
  }
}
