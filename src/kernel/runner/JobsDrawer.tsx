import { Button, Drawer, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useBus } from '../KernelProvider';
import { useEscapeFromPage } from '../core/use-escape-from-page';
import { useDrawerSpace } from '../core/drawer-space';
import { useSettings } from '../core/settings';
import { useRunner } from './RunnerHost';
import { useJobs } from './use-jobs';
import { lazyComponent } from '../plugin/route-table';
import { withAllStrings } from '../i18n';

/**
 * The panel's code (a table) loads when the drawer first opens, not with the navbar on every screen,
 * and every string with it (docs/PLUGINS.md, "Strings").
 */
const loadJobsView = () => import('./JobsView').then((m) => ({ default: m.JobsView }));

const JOBS_DRAWER_SIZE = '60%';

/** Navbar button (with the number of running jobs) and the jobs drawer. */
export function JobsButton() {
  const { t } = useTranslation();
  const runner = useRunner();
  const jobs = useJobs(runner);
  const { theme } = useSettings();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const bus = useBus();
  useEffect(() => {
    const show = () => setOpen(true);
    bus.on('jobs:opened', show);
    return () => bus.off('jobs:opened', show);
  }, [bus]);
  useEscapeFromPage(open, close);
  useDrawerSpace(open, JOBS_DRAWER_SIZE);
  const running = jobs.filter((j) => j.status === 'running').length;
  const waiting = jobs.filter((j) => j.status === 'paused' || j.status === 'interrupted').length;
  return (
    <>
      <Button variant="minimal" icon="th-list" aria-label={t('runner.jobs')} title={t('runner.jobs')} onClick={() => setOpen(true)} data-testid="jobs-button">
        {running + waiting > 0 && <span className={`tessera-badge${waiting && !running ? ' tessera-badge-warning' : ''}`}>{running || waiting}</span>}
      </Button>
      <Drawer isOpen={open} onClose={close} title={t('runner.jobs')} icon="th-list" size={JOBS_DRAWER_SIZE} className={theme === 'dark' ? 'bp6-dark' : undefined}>
        <div className="tessera-jobs-drawer">
          <Suspense fallback={<Spinner size={24} />}><JobsPanel /></Suspense>
        </div>
      </Drawer>
    </>
  );
}
JobsButton.displayName = 'JobsButton';

function JobsPanel() {
  const { i18n } = useTranslation();
  const View = lazyComponent(withAllStrings(i18n, loadJobsView));
  return <View />;
}
