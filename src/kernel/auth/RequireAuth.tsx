import type { ReactNode } from 'react';
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../core/session';

/** The route guard: without a token every screen but the account screens leads to login, with a redirect back. */
export function RequireAuth({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  const session = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (!session.token) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={`/login/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  if (!session.info) {
    if (session.infoStatus === 'error') {
      return <NonIdealState icon="offline" title={t('session.unreachable')} action={<Button intent="primary" text={t('error.retry')} onClick={onRetry} />} />;
    }
    return <div className="tessera-screen-loading"><Spinner size={32} /></div>;
  }
  return <>{children}</>;
}
RequireAuth.displayName = 'RequireAuth';
