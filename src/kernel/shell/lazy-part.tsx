import { Component, Suspense, lazy, useReducer, useState, type ComponentType, type ReactNode } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { hasAllStrings } from '../i18n';
import { AllStrings } from '../i18n/AllStrings';

export type LazyPart<P> = ComponentType<P> & {
  /** Starts loading the code now (it renders at once afterwards, without a spinner). */
  preload: () => Promise<void>;
};

/**
 * A part of the app whose code loads on first use (docs/DECISIONS.md, "First-screen bundle"): a spinner
 * while it loads, and when the load fails (offline, or a new version replaced the old chunks) a page
 * that says so with a retry button, never a blank screen. A retry asks for the module again.
 * With `allStrings` it also waits for every string of the language (the first screen has only its own
 * part, docs/PLUGINS.md, "Strings"), loaded while the code loads.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, name: string, options: { allStrings?: boolean } = {}): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().then((c) => (loaded = c));
    loading.catch(() => { loading = null; });
    return loading;
  };
  const make = () => lazy(async () => ({ default: await start() }));
  let Pending = make();
  function LazyPartHost(props: P) {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    const { i18n } = useTranslation();
    const waitsForStrings = !!options.allStrings && !hasAllStrings(i18n);
    // Decided once per mount: switching from the lazy branch to the direct one would remount the part.
    const [direct] = useState(() => loaded !== null && !waitsForStrings);
    if (direct && loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
    const retry = () => {
      Pending = make();
      rerender();
    };
    // the code loads while the strings do (AllStrings renders the part only once they are in)
    if (waitsForStrings) void start().catch(() => { /* the part's boundary shows it when it renders */ });
    return (
      <LoadFailureBoundary onRetry={retry}>
        <Suspense fallback={<PartLoading />}>
          {options.allStrings ? <AllStrings><Pending {...props} /></AllStrings> : <Pending {...props} />}
        </Suspense>
      </LoadFailureBoundary>
    );
  }
  LazyPartHost.displayName = `Lazy(${name})`;
  return Object.assign(LazyPartHost, { preload: async () => { await start(); } });
}

export function PartLoading() {
  return <div className="tessera-screen-loading"><Spinner size={32} /></div>;
}

class LoadFailureBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { error: Error | null }> {
  static displayName = 'LoadFailureBoundary';
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error) {
    console.error('[tessera] a part of the app failed to load', error);
  }
  render() {
    if (!this.state.error) return this.props.children;
    return <LoadFailed onRetry={() => { this.setState({ error: null }); this.props.onRetry(); }} />;
  }
}

/** What shows when code or data a screen needs could not be loaded: says so, with a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <NonIdealState className="tessera-error-page" icon="offline" title={t('error.loadFailed')}
      action={<Button intent="primary" text={t('error.retry')} onClick={onRetry} />} />
  );
}
