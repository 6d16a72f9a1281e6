import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useState } from 'react';
import { useBus } from '../KernelProvider';
import { useEscapeFromPage } from '../core/use-escape-from-page';
import { useDrawerSpace } from '../core/drawer-space';
import { useRunner } from './RunnerHost';
import { useJobs } from './use-jobs';
import { lazyOverlay } from '../core/lazy-overlay';

/**
 * The drawer (Blueprint's Drawer with the jobs panel, a table) loads when it first opens, not with the
 * navbar on every screen (src/kernel/runner/JobsDrawerPanel.tsx).
 */
const JobsDrawerPanel = lazyOverlay<{ isOpen: boolean; onClose: () => void }>(async () => (await import('./JobsDrawerPanel')).JobsDrawerPanel, 'jobs drawer');

export const JOBS_DRAWER_SIZE = '60%';

/** Navbar button (with the number of running jobs) and the jobs drawer. */
export function JobsButton() {
  const { t } = useTranslation();
  const runner = useRunner();
  const jobs = useJobs(runner);
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
      <JobsDrawerPanel isOpen={open} onClose={close} />
    </>
  );
}
JobsButton.displayName = 'JobsButton';
