import { createContext, useCallback, useContext, useId, useLayoutEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Button, Menu, MenuItem, PopoverNext, type Intent } from '@blueprintjs/core';
import { MoreIcon } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';
import { MeasureText, useFitCount } from './fit';
// the tab bar (src/kernel/shell/TabBar.tsx) fits its tabs the same way, from ./fit without the toolbar's menus
export { fitCount, MeasureText, useFitCount } from './fit';

/** A toolbar button as data, so the toolbar can show it as a button or, when narrow, as a menu item. */
export interface ToolbarAction {
  id: string;
  text: string;
  icon: ReactElement;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
  intent?: Intent;
  /** Drawn without a border (the table's own secondary buttons). */
  minimal?: boolean;
  title?: string;
  testId?: string;
}

interface ActionRegistry {
  register: (key: string, actions: readonly ToolbarAction[] | null) => void;
}

const ToolbarActionsContext = createContext<ActionRegistry | null>(null);

/** What a re-render must reflect; the click handlers are read at click time instead. */
const shapeOf = (actions: readonly ToolbarAction[]) =>
  JSON.stringify(actions.map(({ id, text, disabled, loading, intent, minimal, title, testId }) => [id, text, disabled, loading, intent, minimal, title, testId]));

/**
 * Buttons placed into the toolbar of the table around them (a list's reload and bulk actions), so they
 * collapse into its overflow menu with the table's own. Returns false outside a table: the caller
 * then draws its buttons itself.
 */
export function useToolbarActions(actions: readonly ToolbarAction[]): boolean {
  const registry = useContext(ToolbarActionsContext);
  const key = useId();
  useLayoutEffect(() => { registry?.register(key, actions); });
  useLayoutEffect(() => () => registry?.register(key, null), [registry, key]);
  return registry !== null;
}

/** The table's side of useToolbarActions: the registered actions, in registration order. */
export function useActionRegistry(): { registry: ActionRegistry; actions: readonly ToolbarAction[]; latest: (id: string) => ToolbarAction | undefined } {
  const entries = useRef(new Map<string, readonly ToolbarAction[]>());
  const [version, setVersion] = useState(0);
  const register = useCallback((key: string, actions: readonly ToolbarAction[] | null) => {
    const previous = entries.current.get(key);
    if (actions === null) {
      if (entries.current.delete(key)) setVersion((v) => v + 1);
      return;
    }
    entries.current.set(key, actions);
    if (!previous || shapeOf(previous) !== shapeOf(actions)) setVersion((v) => v + 1);
  }, []);
  const registry = useMemo(() => ({ register }), [register]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const actions = useMemo(() => [...entries.current.values()].flat(), [version]);
  const latest = useCallback((id: string) => [...entries.current.values()].flat().find((a) => a.id === id), []);
  return { registry, actions, latest };
}

export const ToolbarActionsProvider = ToolbarActionsContext.Provider;

/**
 * The actions as buttons while they fit, the rest in a "more" menu: a tile a third of the screen wide
 * keeps one toolbar line instead of wrapping onto several.
 */
export function OverflowActions({ actions, latest, t }: { actions: readonly ToolbarAction[]; latest: (id: string) => ToolbarAction | undefined; t: TFunction }) {
  // Re-measured when what the hidden copy shows changes (not when an action is disabled or loading:
  // selecting rows changes those, and a measurement then would force a layout inside the click).
  const measured = actions.map((a) => `${a.id}\u0001${a.text}\u0001${a.minimal ? 1 : 0}`).join('\u0000');
  const { boxRef, measureRef, shown } = useFitCount(measured, 6, 30);
  const click = (id: string) => latest(id)?.onClick();
  const visible = actions.slice(0, shown);
  const hidden = actions.slice(shown);
  return (
    <div className="tessera-dt__actions" ref={boxRef}>
      <div className="tessera-dt__actions-measure" ref={measureRef} aria-hidden inert>
        {actions.map((a) => <Button key={a.id} variant={a.minimal ? 'minimal' : undefined} icon={a.icon} text={<MeasureText text={a.text} />} tabIndex={-1} />)}
      </div>
      {visible.map((a) => (
        <Button key={a.id} variant={a.minimal ? 'minimal' : undefined} icon={a.icon} text={a.text} intent={a.intent} disabled={a.disabled}
          loading={a.loading} title={a.title} data-testid={a.testId} onClick={() => click(a.id)} />
      ))}
      {hidden.length > 0 && (
        <PopoverNext placement="bottom-end" arrow={false} animation="minimal" content={
          <Menu>
            {hidden.map((a) => (
              <MenuItem key={a.id} icon={a.icon} text={a.text} intent={a.intent} disabled={a.disabled || a.loading} title={a.title}
                data-testid={a.testId} onClick={() => click(a.id)} />
            ))}
          </Menu>
        }>
          <Button variant="minimal" icon={<MoreIcon />} className="tessera-dt__more" aria-label={t('table.moreActions')} title={t('table.moreActions')} data-testid="table-more-actions" />
        </PopoverNext>
      )}
    </div>
  );
}
OverflowActions.displayName = 'OverflowActions';
