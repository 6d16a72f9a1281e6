import { AnchorButton, Button, Callout, Card, Classes, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../../KernelProvider';
import { useExtensionState, type ExtensionState } from '../../bridge/extension-status';
import { FACEBOOK_LOGIN_URL } from '../../bridge/ExtensionDialogs';
import { useRunner, actionTitle } from '../../runner/RunnerHost';
import { useJobs } from '../../runner/use-jobs';
import type { JobRow } from '../../runner/types';
import type { WatchAlertView } from '../../../../protocol/api/watch';
import { isAnnouncement, useUnseen, type Announcement } from './unseen';
import { Link } from 'react-router';
import { PLATFORM_CHECK_PATH } from '../../plugin/route-table';
import { useBlockingFindings } from '../../check/PlatformCheckHost';
import { useCallback, useState } from 'react';
import { NeedsCounts, type NeedsSummary } from './NeedsCounts';
import { useAlerts } from '../alerts';
import { lazyPart } from '../lazy-part';

/** The firing alerts in words: their code (and the change feed's words) load only when an alert fires (src/kernel/shell/AlertList.tsx). */
const NeedsAlerts = lazyPart<{ firing: readonly WatchAlertView[] }>(async () => (await import('../AlertList')).NeedsAlerts, 'NeedsAlerts', { allStrings: true });

/** How many unseen notifications and announcements the dashboard shows of each (the bell lists them all). */
export const NEEDS_ME_NOTIFICATIONS = 3;

/** What the extension and the social session need from the operator, as the dashboard dialogs say it (docs/SPEC.md section 4). */
export function extensionNeeds(ext: ExtensionState): 'install' | 'update' | 'optionalUpdate' | 'login' | null {
  if (ext.status === 'needInstall') return 'install';
  if (ext.status === 'needUpdate') return 'update';
  if (ext.identityChecked && ext.identity === null && ext.status !== 'loading') return 'login';
  if (ext.status === 'needChoseUpdate') return 'optionalUpdate';
  return null;
}

/** A row of cards: the watch's firing alerts first, the figures of what needs the operator (NeedsCounts), the extension and session warnings, jobs waiting or running, unseen notifications, the admins' announcements. */
export function NeedsMe() {
  const { t } = useTranslation();
  const ext = useExtensionState();
  const runner = useRunner();
  const jobs = useJobs(runner).filter((j) => j.status === 'running' || j.status === 'paused' || j.status === 'interrupted');
  const unseen = useUnseen();
  const alerts = useAlerts();
  const notes = unseen.list.filter((m) => !isAnnouncement(m));
  const announcements = unseen.list.filter(isAnnouncement);
  const need = extensionNeeds(ext);
  const platform = useBlockingFindings();
  // Until the figures report, nothing is said to be calm: only what was counted and came to zero is.
  const [counts, setCounts] = useState<NeedsSummary>({ pending: 0, uncounted: 1 });
  const onSummary = useCallback((s: NeedsSummary) => setCounts((prev) => (prev.pending === s.pending && prev.uncounted === s.uncounted ? prev : s)), []);
  const nothing = alerts.firing.length === 0 && !need && jobs.length === 0 && unseen.list.length === 0 && platform === 0 && counts.pending === 0 && counts.uncounted === 0;
  return (
    <section className="tessera-needs-me" data-testid="needs-me" aria-label={t('dashboard.needsMe')}>
      {alerts.firing.length > 0 && <NeedsAlerts firing={alerts.firing} />}
      <NeedsCounts onSummary={onSummary} />
      {need && <ExtensionCard need={need} ext={ext} />}
      {platform > 0 && (
        <Card compact className="tessera-need" data-testid="needs-me-platform">
          <div className="tessera-need-head"><Tag minimal intent="danger" icon="pulse">{t('check.title')}</Tag></div>
          <strong className="tessera-need-title">{t('check.needsAttention', { count: platform })}</strong>
          <Link to={PLATFORM_CHECK_PATH}>{t('check.open')}</Link>
        </Card>
      )}
      {jobs.map((job) => <JobNeedCard key={job.id} job={job} />)}
      {notes.slice(0, NEEDS_ME_NOTIFICATIONS).map((m) => (
        <Card key={m.id} compact className="tessera-need" data-testid="needs-me-notification" data-notification-id={m.id}>
          <div className="tessera-need-head"><Tag minimal intent="primary" icon="notifications">{t('dashboard.notification')}</Tag></div>
          <strong className="tessera-need-title">{m.title}</strong>
          <div className="tessera-need-body">{m.content}</div>
          <Button size="small" variant="minimal" icon="tick" text={t('notifications.markSeen')} onClick={() => void unseen.markSeen(m.id)} />
        </Card>
      ))}
      {notes.length > NEEDS_ME_NOTIFICATIONS && (
        <Card compact className="tessera-need">{t('dashboard.moreNotifications', { count: notes.length - NEEDS_ME_NOTIFICATIONS })}</Card>
      )}
      {announcements.length > 0 && <Announcements list={announcements} markSeen={(id) => void unseen.markSeen(id)} />}
      {unseen.failed && <Callout compact intent="warning" className="tessera-need">{t('dashboard.notificationsFailed')}</Callout>}
      {nothing && !unseen.failed && <Card compact className="tessera-need tessera-need-calm" data-testid="needs-me-nothing">{t('dashboard.nothingNeeded')}</Card>}
    </section>
  );
}
NeedsMe.displayName = 'NeedsMe';

function ExtensionCard({ need, ext }: { need: NonNullable<ReturnType<typeof extensionNeeds>>; ext: ExtensionState }) {
  const { t } = useTranslation();
  const downloadUrl = ext.latest?.url || undefined;
  const text = {
    install: [t('extension.installTitle'), t('extension.installBody')],
    update: [t('extension.forcedTitle'), t('extension.forcedBody', { current: ext.version ?? '?', latest: ext.latest?.version ?? '?' })],
    optionalUpdate: [t('extension.optionalTitle', { latest: ext.latest?.version ?? '' }), t('extension.optionalBody')],
    login: [t('extension.loginTitle'), t('extension.loginBody')],
  }[need];
  return (
    <Card compact className="tessera-need" data-testid="needs-me-extension" data-need={need}>
      <div className="tessera-need-head"><Tag minimal intent={need === 'optionalUpdate' ? 'primary' : 'danger'} icon="warning-sign">{t('dashboard.extension')}</Tag></div>
      <strong className="tessera-need-title">{text[0]}</strong>
      <div className="tessera-need-body">{text[1]}</div>
      {need === 'login'
        ? <AnchorButton size="small" intent="primary" icon="log-in" text={t('extension.toLogin')} href={FACEBOOK_LOGIN_URL} target="_blank" rel="noopener noreferrer" />
        : <AnchorButton size="small" intent="primary" icon="download" text={t(need === 'install' ? 'extension.toDownload' : 'extension.download')} href={downloadUrl} target="_blank" rel="noopener noreferrer" disabled={!downloadUrl} />}
    </Card>
  );
}

function JobNeedCard({ job }: { job: JobRow }) {
  const { t } = useTranslation();
  const runner = useRunner();
  const { allPlugins } = useKernel();
  const waiting = job.status !== 'running';
  const missing = waiting ? runner.missingSecrets(job.id) : [];
  const finished = job.done + job.failed + job.skipped + job.unknown;
  return (
    <Card compact className="tessera-need" data-testid="needs-me-job" data-job-id={job.id} data-job-status={job.status}>
      <div className="tessera-need-head">
        <Tag minimal intent={waiting ? 'warning' : 'success'} icon={waiting ? 'pause' : 'play'}>{t(`runner.status.${job.status}`)}</Tag>
      </div>
      <strong className="tessera-need-title">{actionTitle(allPlugins, job.actionId, t)}</strong>
      <div className="tessera-need-body">{t('dashboard.jobProgress', { finished, total: job.total, failed: job.failed })}</div>
      {missing.length > 0 && <div className="tessera-need-body">{t('dashboard.jobNeedsSecret')}</div>}
      {waiting && missing.length === 0 && <Button size="small" intent="primary" icon="play" text={t('runner.resume')} onClick={() => void runner.resume(job.id)} />}
    </Card>
  );
}

/** The admins' announcements to every user, newest first, each markable as read. */
function Announcements({ list, markSeen }: { list: Announcement[]; markSeen: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Card compact className="tessera-need tessera-need-wide" data-testid="needs-me-announcements">
      <div className="tessera-need-head"><Tag minimal intent="primary" icon="volume-up">{t('dashboard.announcements', { count: list.length })}</Tag></div>
      <ul className="tessera-announcements">
        {list.slice(0, NEEDS_ME_NOTIFICATIONS).map((m) => (
          <li key={m.id} data-testid="needs-me-announcement" data-notification-id={m.id}>
            <strong className="tessera-need-title">{m.title}</strong>
            <span className={`tessera-announcement-date ${Classes.TEXT_MUTED}`}>{new Date(m.create_time).toLocaleDateString(i18n.language)}</span>
            <div className="tessera-need-body">{m.content}</div>
            <Button size="small" variant="minimal" icon="tick" text={t('notifications.markSeen')} onClick={() => markSeen(m.id)} />
          </li>
        ))}
      </ul>
      {list.length > NEEDS_ME_NOTIFICATIONS && <div className={Classes.TEXT_MUTED}>{t('dashboard.moreAnnouncements', { count: list.length - NEEDS_ME_NOTIFICATIONS })}</div>}
    </Card>
  );
}
