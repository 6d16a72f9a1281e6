import { Component, Suspense, use, useState, type ReactNode } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { hasAllStrings, loadAllStrings } from './index';

/**
 * Renders its children once every string of the language shown is in (the first screen loads only
 * its own part, docs/PLUGINS.md, "Strings"): it suspends meanwhile (the nearest Suspense shows its
 * fallback), and a failed load reaches the nearest error boundary, whose retry asks again.
 */
export function AllStrings({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  if (!hasAllStrings(i18n)) use(loadAllStrings(i18n));
  return <>{children}</>;
}
AllStrings.displayName = 'AllStrings';

/**
 * AllStrings with its own spinner and retry, for a part already loaded that shows more than the first
 * screen's strings (the settings and jobs drawers' content): the drawer opens at once, its content when
 * the strings are in, and a failed fetch says so with a retry instead of taking the page down.
 */
export function WithAllStrings({ children }: { children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <StringsFailureBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<div className="tessera-screen-loading"><Spinner size={32} /></div>}>
        <AllStrings>{children}</AllStrings>
      </Suspense>
    </StringsFailureBoundary>
  );
}
WithAllStrings.displayName = 'WithAllStrings';

class StringsFailureBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  static displayName = 'StringsFailureBoundary';
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error) {
    console.error('[tessera] the strings could not be loaded', error);
  }
  render() {
    return this.state.failed ? <StringsFailed onRetry={this.props.onRetry} /> : this.props.children;
  }
}

function StringsFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <NonIdealState icon="offline" title={t('error.loadFailed')} action={<Button intent="primary" text={t('error.retry')} onClick={onRetry} />} />;
}
