import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../core/session';

/** Where an admin changes the Graph version: the admin area's platform tab (plugins/admin). */
export const PLATFORM_SETTINGS_PATH = '/admin/index?tab=platform';

type T = (key: string, o?: Record<string, unknown>) => string;

/**
 * What a #2635 pause tells the reader: the platform no longer serves this version; an admin is told
 * where to set another (the platform screen), an operator to ask an admin. It names no version: by the
 * time it is read the tab may already hold the admin's new one (the runtime is read again at once).
 */
export function versionRetiredText(role: string | undefined, t: T): string {
  return t(role === 'admin' ? 'runner.versionRetiredAdmin' : 'runner.versionRetiredOperator');
}

/** The jobs panel's callout on a job paused for #2635: the reason, and the admin's link to the platform screen. */
export function VersionRetiredCallout() {
  const { t } = useTranslation();
  const role = useSession().info?.role;
  return (
    <Callout intent="danger" compact data-testid="job-version-retired">
      {versionRetiredText(role, t)}
      {role === 'admin' && <> <Link to={PLATFORM_SETTINGS_PATH} data-testid="platform-settings-link">{t('runner.platformSettings')}</Link></>}
    </Callout>
  );
}
