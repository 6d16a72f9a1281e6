import { useEffect, useState, type ComponentType } from 'react';

export type LazyOverlay<P> = ComponentType<P> & {
  /** Starts loading the code now. */
  preload: () => Promise<void>;
};

/**
 * A dialog or drawer that the shell keeps mounted closed, whose code (Blueprint's Dialog or Drawer with
 * its overlay, and the content) loads the first time it opens, not with the screen (docs/DECISIONS.md,
 * "The dashboard loads what it shows"). Until then, and while the code loads, nothing renders, as with
 * the command palette (src/kernel/runner/CommandPalette.tsx); once loaded the part stays mounted, so it
 * closes with its transition and opens at once the next time. A part whose code cannot be fetched is logged and renders `failed` (if given)
 * while it should be open; the next opening asks again.
 */
export function lazyOverlay<P extends { isOpen: boolean }>(
  load: () => Promise<ComponentType<P>>,
  name: string,
  failed?: ComponentType<P>,
): LazyOverlay<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().then((part) => (loaded = part));
    loading.catch(() => { loading = null; });
    return loading;
  };
  function LazyOverlayHost(props: P) {
    const [part, setPart] = useState<{ Part: ComponentType<P> } | null>(() => (loaded ? { Part: loaded } : null));
    const [failure, setFailure] = useState(false);
    const { isOpen } = props;
    useEffect(() => {
      if (!isOpen || part) return undefined;
      let live = true;
      setFailure(false);
      start().then((Part) => { if (live) setPart({ Part }); }, (error: unknown) => {
        console.error(`[tessera] the ${name} could not be loaded`, error);
        if (live) setFailure(true);
      });
      return () => { live = false; };
    }, [isOpen, part]);
    if (part) return <part.Part {...props} />;
    const Failed = failed;
    return failure && isOpen && Failed ? <Failed {...props} /> : null;
  }
  LazyOverlayHost.displayName = `LazyOverlay(${name})`;
  return Object.assign(LazyOverlayHost, { preload: async () => { await start(); } });
}
