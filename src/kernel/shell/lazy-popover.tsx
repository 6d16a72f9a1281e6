import { cloneElement, useLayoutEffect, useRef, useState, type ComponentType, type MouseEvent, type ReactElement, type Ref } from 'react';
import { Classes } from '@blueprintjs/core';

/** What a popover part receives from its host. */
export interface PopoverPartProps {
  /** The button that opens it, to render as the popover's target (Blueprint's PopoverNext child). */
  target: ReactElement;
  /** Open once mounted: the host loaded the part for a click on its button. */
  defaultIsOpen: boolean;
}

type TargetProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  ref?: Ref<HTMLElement>;
  'aria-haspopup'?: string;
  'aria-expanded'?: boolean;
};

export type LazyPopover<P> = ComponentType<P & { target: ReactElement<TargetProps> }> & {
  /** Starts loading the part's code now. */
  preload: () => Promise<void>;
};

/**
 * A button whose popover's code (Blueprint's PopoverNext with floating-ui, its overlay and the menu in it)
 * loads when the button is first pressed, not with the screen (docs/DECISIONS.md, "The dashboard loads
 * what it shows"). Until then the host shows the same button in the same wrapper as PopoverNext does
 * (`span.bp6-popover-target`, `aria-haspopup="menu"`, `aria-expanded="false"`), so it looks and reads the
 * same. A click, or Enter or Space on it, loads the part, which mounts open with the button as its target;
 * the button had the focus, so the new one gets it before the popover opens, and Blueprint returns the
 * focus to it when the popover closes, as before. Pointing at the button starts the load early. A part
 * whose code cannot be fetched leaves the button closed (logged); the next press asks again.
 */
export function lazyPopover<P extends object>(load: () => Promise<ComponentType<P & PopoverPartProps>>, name: string): LazyPopover<P> {
  let loaded: ComponentType<P & PopoverPartProps> | null = null;
  let loading: Promise<ComponentType<P & PopoverPartProps>> | null = null;
  const start = () => {
    loading ??= load().then((part) => (loaded = part));
    loading.catch(() => { loading = null; });
    return loading;
  };
  function LazyPopoverHost(props: P & { target: ReactElement<TargetProps> }) {
    const [part, setPart] = useState<{ Part: ComponentType<P & PopoverPartProps> } | null>(() => (loaded ? { Part: loaded } : null));
    const [openOnMount, setOpenOnMount] = useState(false);
    const focusOnMount = useRef(false);
    const targetRef = useRef<HTMLElement>(null);
    useLayoutEffect(() => {
      if (!part || !focusOnMount.current) return;
      focusOnMount.current = false;
      targetRef.current?.focus();
    }, [part]);
    const { target } = props;
    if (part) {
      const { Part } = part;
      return <Part {...props} target={cloneElement(target, { ref: targetRef })} defaultIsOpen={openOnMount} />;
    }
    const open = (event: MouseEvent<HTMLElement>) => {
      target.props.onClick?.(event);
      const button = event.currentTarget;
      start().then(
        (Part) => {
          focusOnMount.current = button.contains(document.activeElement);
          setOpenOnMount(true);
          setPart({ Part });
        },
        (error: unknown) => console.error(`[tessera] the ${name} could not be loaded`, error),
      );
    };
    return (
      <span className={Classes.POPOVER_TARGET} onPointerEnter={() => void start().catch(() => undefined)}>
        {cloneElement(target, { onClick: open, ref: targetRef, 'aria-haspopup': 'menu', 'aria-expanded': false })}
      </span>
    );
  }
  LazyPopoverHost.displayName = `LazyPopover(${name})`;
  return Object.assign(LazyPopoverHost, { preload: async () => { await start(); } });
}
