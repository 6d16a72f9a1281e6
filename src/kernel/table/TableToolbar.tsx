import { createContext, useCallback, useContext, useId, useLayoutEffect, useMemo, useRef, useState, type ReactElement } from 'react';
import { Button, Menu, MenuItem, PopoverNext, type Intent } from '@blueprintjs/core';
import { MoreIcon } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';

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
 * How many items fit, in order, into `available` pixels, given where each item ends (its right edge,
 * measured from the start of the row); the overflow button takes `gap + moreWidth` after the last
 * shown item when any are left out.
 */
export function fitCount(ends: readonly number[], available: number, gap: number, moreWidth: number): number {
  const n = ends.length;
  if (n === 0 || ends[n - 1] <= available) return n;
  let k = n - 1;
  while (k > 0 && ends[k - 1] + gap + moreWidth > available) k--;
  return k;
}

/** A text that takes its width without being text (CSS draws it): the hidden copies hold no findable text. */
export function MeasureText({ text }: { text: string }) {
  return <span className="tessera-measure-text" data-text={text} />;
}

/**
 * How many of a row's items fit its box: `measureRef` holds a hidden copy of all items (their natural
 * widths), `boxRef` the space they share; a ResizeObserver re-fits when either changes size, and
 * `items` (a key of what the copy shows) re-fits when it changes.
 */
export function useFitCount(items: unknown, gap: number, moreWidth: number) {
  const boxRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(Number.MAX_SAFE_INTEGER);
  useLayoutEffect(() => {
    const box = boxRef.current;
    const measure = measureRef.current;
    if (!box || !measure) return undefined;
    // Each item ends where the next begins (less the gap); the last where the copy ends. Offsets,
    // not rectangles: an environment without layout (jsdom) reports 0 and shows every item.
    const fit = () => {
      const items = Array.from(measure.children) as HTMLElement[];
      const ends = items.map((item, i) => (i < items.length - 1 ? items[i + 1].offsetLeft - gap : measure.scrollWidth));
      setShown(fitCount(ends, box.clientWidth, gap, moreWidth));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [items, gap, moreWidth]);
  return { boxRef, measureRef, shown };
}

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
