import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../plugin/route-table';
import { LoadFailed } from './lazy-part';

/** The 403 page; `disabled` when the admin disabled the route's plugin for the user's role. */
export function ForbiddenPage({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NonIdealState
      className="tessera-error-page"
      icon="lock"
      title="403"
      description={disabled ? t('error.disabledByAdmin') : t('error.403')}
      action={<Button intent="primary" text={t('error.home')} onClick={() => navigate(HOME_PATH)} />}
    />
  );
}
ForbiddenPage.displayName = 'ForbiddenPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NonIdealState
      className="tessera-error-page"
      icon="search"
      title="404"
      description={t('error.404')}
      action={
        <>
          <Button intent="primary" text={t('error.retry')} onClick={() => window.location.reload()} />{' '}
          <Button text={t('error.back')} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(HOME_PATH))} />
        </>
      }
    />
  );
}
NotFoundPage.displayName = 'NotFoundPage';

export function ServerErrorPage({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <NonIdealState
      className="tessera-error-page"
      icon="error"
      title="500"
      description={t('error.500')}
      action={<Button intent="primary" text={t('error.retry')} onClick={onRetry ?? (() => window.location.reload())} />}
    />
  );
}
ServerErrorPage.displayName = 'ServerErrorPage';

interface BoundaryState { error: Error | null }

/**
 * Chromium, Firefox and Safari's words for a dynamic import whose file could not be fetched (offline, or
 * a new version replaced the old chunks): the operator's network, not a fault of the server or screen.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(message);
}

/**
 * Catches a screen that throws while rendering and shows the 500 page instead of a blank shell; a
 * screen whose code could not be fetched shows the load-failed page. `children` is a function, so a
 * retry renders the screen afresh (its lazy component is looked up again, see lazyComponent).
 */
export class ScreenErrorBoundary extends Component<{ children: () => ReactNode }, BoundaryState> {
  static displayName = 'ScreenErrorBoundary';
  state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[tessera] screen crashed', error, info.componentStack);
  }
  render() {
    const retry = () => this.setState({ error: null });
    if (this.state.error) return isChunkLoadError(this.state.error) ? <LoadFailed onRetry={retry} /> : <ServerErrorPage onRetry={retry} />;
    return this.props.children();
  }
}
